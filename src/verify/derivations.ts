/**
 * The derivations again, written for the validator from their definitions and
 * not from src/analysis/derive.ts or src/operations (neither is imported): they
 * run on the second path's rows. Only the output contract is shared: the column
 * and summary names a calculation picks, the keys' text ('(missing)' for a null
 * key) and the tie-break of orderings. Neither side rounds what it stores: numbers are rounded only where they are shown.
 *
 * Ratios are recomputed from numerators and denominators (a segment's value is
 * Σ numerator / Σ denominator), not as the weighted mean of group values the
 * agents use; both are the same number when the agents are right.
 */
import { SERIES_PERIOD_COLUMNS } from '../catalog/time-grain';
import type { Row } from '../contracts';

export interface Result {
  rows: Row[];
  summary: Record<string, string | number | null>;
}

const toNumber = (v: Row[string] | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const keyOf = (v: Row[string] | undefined): string => (v === null || v === undefined ? '(missing)' : String(v));
const byText = (a: string, b: string) => a.localeCompare(b);

interface Cell {
  num: number;
  den: number;
  value: number;
}

/** The cells of one segment or period by key, and its totals. */
function cells(rows: Row[], key: string, ratio: boolean): { byKey: Map<string, Cell>; num: number; den: number; value: number } {
  const byKey = new Map<string, Cell>();
  let num = 0;
  let den = 0;
  let sum = 0;
  for (const r of rows) {
    const cell = ratio
      ? { num: toNumber(r.numerator), den: toNumber(r.denominator), value: toNumber(r.value) }
      : { num: 0, den: 0, value: toNumber(r.value) };
    byKey.set(keyOf(r[key]), cell);
    num += cell.num;
    den += cell.den;
    sum += cell.value;
  }
  return { byKey, num, den, value: ratio ? (den !== 0 ? num / den : 0) : sum };
}

const share = (c: Cell | undefined, total: number) => (c && total > 0 ? c.den / total : 0);

/**
 * The metric for one period or segment as its own total row says (queried without the split dimension), and whether
 * the groups overlap: their denominators (ratios) or values (additive) do not add up to that total.
 */
function whole(groups: ReturnType<typeof cells>, total: Row | undefined, ratio: boolean): { value: number; overlap: boolean } {
  if (!total) return { value: groups.value, overlap: false };
  const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  let sum = 0;
  for (const c of groups.byKey.values()) sum += c.value;
  const overlap = ratio
    ? !same(groups.den, toNumber(total.denominator)) || !same(groups.num, toNumber(total.numerator))
    : !same(sum, toNumber(total.value));
  return { value: toNumber(total.value), overlap };
}

/**
 * Contribution of each value of `across` to the gap between two segments, the higher segment first. `totals` are the
 * segments' own values (the metric without `across`); the contributions explain the gap of the groups' pooled values,
 * and what overlapping groups leave is the residual.
 */
export function gapContribution(
  rows: Row[],
  totals: Row[],
  ratio: boolean,
  segmentColumn: string,
  first: string,
  second: string,
  across: string,
): Result {
  const segment = (name: string) =>
    cells(
      rows.filter((r) => keyOf(r[segmentColumn]) === name),
      across,
      ratio,
    );
  const own = (name: string) =>
    whole(
      segment(name),
      totals.find((r) => keyOf(r[segmentColumn]) === name),
      ratio,
    );
  let [a, b] = [first, second];
  if (own(second).value > own(first).value) [a, b] = [second, first];
  const [high, low] = [segment(a), segment(b)];
  const keys = [...new Set([...high.byKey.keys(), ...low.byKey.keys()])];
  const out = keys.map((k): Row => {
    const x = high.byKey.get(k);
    const y = low.byKey.get(k);
    if (!ratio)
      return {
        [across]: k,
        value_a: x?.value ?? 0,
        value_b: y?.value ?? 0,
        contribution: (x?.value ?? 0) - (y?.value ?? 0),
      };
    const [wa, wb, va, vb] = [share(x, high.den), share(y, low.den), x?.value ?? 0, y?.value ?? 0];
    return {
      [across]: k,
      share_a: wa,
      value_a: va,
      share_b: wb,
      value_b: vb,
      mix_effect: ((wa - wb) * (va + vb)) / 2,
      rate_effect: ((va - vb) * (wa + wb)) / 2,
      contribution: wa * va - wb * vb,
    };
  });
  out.sort((p, q) => toNumber(q.contribution) - toNumber(p.contribution) || byText(keyOf(p[across]), keyOf(q[across])));
  const [wa, wb] = [own(a), own(b)];
  const gap = wa.value - wb.value;
  return {
    rows: out,
    summary: {
      segment_a: a,
      segment_b: b,
      value_a: wa.value,
      value_b: wb.value,
      gap: gap,
      top: out[0] ? keyOf(out[0][across]) : null,
      groups_overlap: wa.overlap || wb.overlap ? 'yes' : 'no',
      residual: gap - (high.value - low.value),
    },
  };
}

/**
 * The change from `before` to `after` split over `dimension`: mix and rate effects (ratios) or each segment's own
 * change. Before and after are the periods' own totals; effects split the change of the pooled groups, the rest is
 * the residual of overlapping groups.
 */
export function changeDecomposition(
  rows: Row[],
  totals: Row[],
  ratio: boolean,
  dimension: string,
  before: string,
  after: string,
  periodColumn: string,
): Result {
  const period = (name: string) =>
    cells(
      rows.filter((r) => keyOf(r[periodColumn]) === name),
      dimension,
      ratio,
    );
  const [p0, p1] = [period(before), period(after)];
  const [t0, t1] = [
    whole(
      p0,
      totals.find((r) => keyOf(r[periodColumn]) === before),
      ratio,
    ),
    whole(
      p1,
      totals.find((r) => keyOf(r[periodColumn]) === after),
      ratio,
    ),
  ];
  const change = t1.value - t0.value;
  const keys = [...new Set([...p0.byKey.keys(), ...p1.byKey.keys()])].sort();
  const out = keys.map((k): Row => {
    const x = p0.byKey.get(k);
    const y = p1.byKey.get(k);
    const [v0, v1] = [x?.value ?? 0, y?.value ?? 0];
    if (!ratio)
      return {
        [dimension]: k,
        value_before: v0,
        value_after: v1,
        total_effect: v1 - v0,
        share_of_change: change !== 0 ? (v1 - v0) / change : null,
      };
    const [w0, w1] = [share(x, p0.den), share(y, p1.den)];
    const mix = ((w1 - w0) * (v0 + v1)) / 2;
    const rate = ((v1 - v0) * (w0 + w1)) / 2;
    return {
      [dimension]: k,
      weight_before: w0,
      weight_after: w1,
      value_before: v0,
      value_after: v1,
      mix_effect: mix,
      rate_effect: rate,
      total_effect: mix + rate,
    };
  });
  return {
    rows: out,
    summary: {
      dimension,
      before,
      after,
      value_before: t0.value,
      value_after: t1.value,
      change: change,
      kind: ratio ? 'ratio' : 'additive',
      groups_overlap: t0.overlap || t1.overlap ? 'yes' : 'no',
      residual: change - (p1.value - p0.value),
    },
  };
}

/** The n largest effects of several decompositions in the direction of the first one's change, ranked 1, 2, … */
export function rankContributors(decompositions: (Result & { dimension: string })[], n: number): Result {
  const first = decompositions[0];
  const change = toNumber(first?.summary.change);
  const effects: { dimension: string; segment: string; effect_type: string; effect: number }[] = [];
  for (const d of decompositions) {
    for (const r of d.rows) {
      const segment = keyOf(r[d.dimension]);
      const kinds: [string, Row[string] | undefined][] =
        r.mix_effect === undefined
          ? [['change', r.total_effect]]
          : [
              ['mix', r.mix_effect],
              ['rate', r.rate_effect],
            ];
      for (const [effect_type, effect] of kinds) effects.push({ dimension: d.dimension, segment, effect_type, effect: toNumber(effect) });
    }
  }
  const toward = change < 0 ? -1 : 1;
  effects.sort((p, q) => toward * q.effect - toward * p.effect || byText(p.dimension, q.dimension) || byText(p.segment, q.segment));
  const rows = effects.slice(0, n).map((e, i): Row => ({ rank: i + 1, ...e, share_of_change: change !== 0 ? e.effect / change : null }));
  const top = rows[0];
  return {
    rows,
    summary: {
      change: change,
      value_before: first?.summary.value_before ?? null,
      value_after: first?.summary.value_after ?? null,
      top_dimension: top ? String(top.dimension) : null,
      top_segment: top ? String(top.segment) : null,
      top_effect_type: top ? String(top.effect_type) : null,
      top_effect: top ? toNumber(top.effect) : null,
    },
  };
}

/** The first n rows by a column (a stable sort: equal values keep the source order). */
export function topN(rows: Row[], keyColumn: string | undefined, column: string, n: number, order: 'asc' | 'desc'): Result {
  const sign = order === 'desc' ? -1 : 1;
  const picked = rows
    .map((r, i) => ({ r, i }))
    .sort((p, q) => sign * (toNumber(p.r[column]) - toNumber(q.r[column])) || p.i - q.i)
    .slice(0, n)
    .map((x) => x.r);
  return {
    rows: picked,
    summary: { n: picked.length, by: column, order, first: picked[0] && keyColumn ? keyOf(picked[0][keyColumn]) : null },
  };
}

/** Every row against the first. */
export function compare(rows: Row[], keyColumns: string[]): Result {
  const base = toNumber(rows[0]?.value);
  const label = (r: Row) => keyColumns.map((k) => keyOf(r[k])).join(' / ');
  const out = rows.map((r): Row => {
    const v = toNumber(r.value);
    return {
      ...Object.fromEntries(keyColumns.map((k) => [k, r[k] ?? null])),
      value: v,
      diff_vs_first: v - base,
      pct_vs_first: base !== 0 ? (v - base) / Math.abs(base) : null,
    };
  });
  let [high, low] = [out[0], out[0]];
  for (const r of out) {
    if (high && toNumber(r.value) > toNumber(high.value)) high = r;
    if (low && toNumber(r.value) <= toNumber(low.value)) low = r;
  }
  const last = out[out.length - 1];
  return {
    rows: out,
    summary: {
      first: rows[0] ? label(rows[0]) : null,
      last: last ? label(last) : null,
      highest: high ? label(high) : null,
      lowest: low ? label(low) : null,
      diff_last_vs_first: last ? toNumber(last.diff_vs_first) : null,
      pct_last_vs_first: typeof last?.pct_vs_first === 'number' ? last.pct_vs_first : null,
    },
  };
}

/** Per series: first and last value, the latest direction, how many changes in a row share it, where it flipped. */
export function trend(rows: Row[], keyColumns: string[], excludedMonths: string[]): Result {
  const kept = rows.filter((r) => !excludedMonths.includes(String(r.month)));
  const periodColumn = SERIES_PERIOD_COLUMNS.find((c) => kept.some((r) => r[c] !== undefined)) ?? 'month';
  const series = new Map<string, Row[]>();
  for (const r of kept) {
    const name = keyColumns.map((k) => keyOf(r[k])).join(' / ');
    series.set(name, [...(series.get(name) ?? []), r]);
  }
  const out: Row[] = [];
  for (const [name, members] of series) {
    const ordered = [...members].sort((p, q) => byText(keyOf(p[periodColumn]), keyOf(q[periodColumn])));
    const values = ordered.map((r) => toNumber(r.value));
    const steps: number[] = [];
    for (let i = 1; i < values.length; i++) steps.push(Math.sign((values[i] ?? 0) - (values[i - 1] ?? 0)));
    const latest = steps.at(-1) ?? 0;
    let run = 0;
    if (latest !== 0) for (let i = steps.length - 1; i >= 0 && steps[i] === latest; i--) run += 1;
    const flips: string[] = [];
    for (let i = 1; i < steps.length; i++) if (steps[i] !== steps[i - 1]) flips.push(keyOf(ordered[i]?.[periodColumn]));
    const [v0, v1] = [values[0] ?? 0, values.at(-1) ?? 0];
    out.push({
      ...Object.fromEntries(keyColumns.map((k) => [k, ordered[0]?.[k] ?? null])),
      series: name || 'all',
      first_month: keyOf(ordered[0]?.[periodColumn]),
      last_month: keyOf(ordered.at(-1)?.[periodColumn]),
      first_value: v0,
      last_value: v1,
      direction: latest > 0 ? 'up' : latest < 0 ? 'down' : 'flat',
      run_length: run,
      change_points: flips.join(','),
      total_change_pct: v0 !== 0 ? (v1 - v0) / Math.abs(v0) : null,
    });
  }
  const single = out.length === 1 ? out[0] : undefined;
  return {
    rows: out,
    summary: single
      ? {
          direction: String(single.direction),
          run_length: toNumber(single.run_length),
          total_change_pct: typeof single.total_change_pct === 'number' ? single.total_change_pct : null,
          change_points: String(single.change_points),
        }
      : {
          series: out.length,
          rising: out.filter((r) => r.direction === 'up').length,
          falling: out.filter((r) => r.direction === 'down').length,
        },
  };
}

/**
 * Each group's share of the metric's own total (`totals`: the metric queried without `dimension`, one row per value
 * of the other groups), read from the second path's two queries: a share is value / total of its partition, whether
 * or not the groups add up to that total (they overlap when they add up to more).
 */
export function shareOfTotal(rows: Row[], totals: Row[], groupBy: string[], dimension: string): Result {
  const rest = groupBy.filter((g) => g !== dimension);
  const partOf = (r: Row) => JSON.stringify(rest.map((g) => keyOf(r[g])));
  const totalByPart = new Map<string, number>();
  for (const t of totals) totalByPart.set(partOf(t), toNumber(t.value));
  const out = rows.map((r): Row => {
    const total = totalByPart.get(partOf(r)) ?? 0;
    const value = toNumber(r.value);
    return {
      ...Object.fromEntries(groupBy.map((g) => [g, r[g] ?? null])),
      value,
      total,
      share: total === 0 ? null : value / total,
    };
  });
  let summed = 0;
  for (const r of out) summed += toNumber(r.value);
  const whole = totals.length === 1 ? toNumber(totals[0]?.value) : null;
  let top: Row | undefined;
  for (const r of out)
    if (
      !top ||
      toNumber(r.share) > toNumber(top.share) ||
      (toNumber(r.share) === toNumber(top.share) && byText(keyOf(r[dimension]), keyOf(top[dimension])) < 0)
    )
      top = r;
  return {
    rows: out,
    summary: {
      dimension,
      total: whole,
      share_sum: whole === null || whole === 0 ? null : summed / whole,
      groups: out.length,
      groups_overlap: whole !== null && summed - whole > 1e-9 * Math.max(1, Math.abs(whole)) ? 'yes' : 'no',
      top: top ? keyOf(top[dimension]) : null,
      top_share: typeof top?.share === 'number' ? top.share : null,
    },
  };
}
