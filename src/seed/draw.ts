/**
 * The shop's random draws, all from one seeded generator (xoroshiro128+, pure-rand) taken in a fixed order, so the
 * same seed gives the same draws. Each draw below takes a fixed number of values from the generator.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

export interface Draw {
  /** A float in [0, 1). */
  random: () => number;
  /** An integer in [lo, hi). */
  between: (lo: number, hi: number) => number;
  /** One of the items, with chances in proportion to their weights. */
  pick: <T extends { weight: number }>(items: readonly T[]) => T;
  /** Log-normal around the typical price (CNY), in fen, at least 100. */
  price: (typical: number) => number;
}

export function drawFrom(seed: number): Draw {
  const rng = xoroshiro128plus(seed);
  const random = () => uniformFloat64(rng);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo));
  const pick = <T extends { weight: number }>(items: readonly T[]): T => {
    const total = items.reduce((s, t) => s + t.weight, 0);
    let r = random() * total;
    for (const item of items) {
      r -= item.weight;
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  };
  const price = (typical: number) => {
    const u1 = Math.max(random(), 1e-12);
    const u2 = random();
    const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.max(100, Math.round(typical * Math.exp(0.45 * normal - 0.1) * 100));
  };
  return { random, between, pick, price };
}
