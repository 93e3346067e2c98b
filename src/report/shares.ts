/**
 * A share of the change above the whole of it ("118.3% of the change") is said with what makes it possible: the
 * other parts moved the other way and offset the excess, with the largest such part as an example when one verified.
 */
import type { Calculation } from '../contracts';
import { quantityName } from './names';
import type { SectionContext } from './sections/context';

/** The change a share is of: the step's own change (a ranking's summary), when it verified. */
function changeOf(ctx: SectionContext, share: Calculation): number | null {
  const change = ctx.citable.find((x) => x.step_id === share.step_id && x.pick.field === 'change' && x.pick.match === null);
  return change ? change.value : null;
}

/** The explanation after a share of the change above 100 %, or '' for any other number. */
export function overWhole(ctx: SectionContext, calc: Calculation): string {
  if (calc.pick.field !== 'share_of_change' || !(calc.value > 1)) return '';
  const change = changeOf(ctx, calc);
  const dimension = calc.pick.match?.dimension;
  // A part that moved against the change: a segment's total contribution of the opposite sign (same dimension first).
  const against = ctx.citable
    .filter((x) => x.pick.field === 'total_effect' && change !== null && Math.sign(x.value) === -Math.sign(change))
    .sort(
      (a, b) =>
        Number(Object.keys(b.pick.match ?? {})[0] === dimension) - Number(Object.keys(a.pick.match ?? {})[0] === dimension) ||
        Math.abs(b.value) - Math.abs(a.value),
    )[0];
  const value = against ? ctx.c.cite(against.id) : null;
  const example = against && value ? ctx.text('report.share.over-whole-example', { name: quantityName(ctx, against), value }) : '';
  return ctx.text('report.share.over-whole', { example });
}
