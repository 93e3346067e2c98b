/**
 * What a message after a why asks for (docs/follow-ups.md, "After a why"): the why again, changed as the message says,
 * or the figures of the view the why was asked of. Applied first (src/model/followup/apply.ts): the rest of the
 * message then changes whichever it is.
 */
import { filterKey } from '../../contracts/query';
import { sameWindow } from '../time-window';
import type { MessageReading } from './message';
import type { State } from './state';

/** "The same split", "do the same", 同样的拆解, 也这么拆: the why asked again of the view the message changes. */
const SAME_ANALYSIS = /\bsame\b|同样|一样|这么拆|这样拆|照这样/i;

/**
 * Two changes at once to the view a why was asked of, of who is counted (a value named, a filter lifted), how it is
 * broken down and which period: "all branch types, by branch", "只看设计类的，按难度分一下", "zoom in on the US and split
 * that by city". Every writer of a conversation who wrote such a message after a why meant the figures (three sets, no
 * exception); a single change ("only the USA", "by artist") stays a change to the why, as three readers read it.
 */
function reframed(thread: State, m: MessageReading): boolean {
  if (SAME_ANALYSIS.test(m.text)) return false;
  const breakdown = m.dims.some((d) => !thread.dims.includes(d));
  // A value the why already keeps ("airports, by branch" after a why of airports) changes nothing of who is counted.
  const kept = new Set(thread.filters.map(filterKey));
  const counted = m.values.some((v) => !kept.has(filterKey(v))) || m.lifted.length > 0 || m.liftAll;
  const period = m.periods.length > 0 && !m.versus;
  return [breakdown, counted, period].filter(Boolean).length >= 2;
}

/**
 * A why is left for its figures when the message asks for a figure ("break the Q1 figure down by country") or for the
 * period the why measured from ("and in 2024?" after "why is it down on 2024?": that period's figures, which the why
 * has already explained the change from), or changes two things of the view at once (`reframed`). Any other change to a
 * why is a change to the why ("by artist", "那华东呢", "what about April?"). Three readers who had not seen the rules read
 * sixteen such messages this way (docs/follow-ups.md).
 */
export function backToFigures(s: State, thread: State, m: MessageReading): void {
  if (thread.kind !== 'attribution' || m.why) return;
  const only = m.periods.length === 1 ? m.periods[0]?.window : undefined;
  const baseline = Boolean(only && !m.versus && sameWindow(only, thread.comparedWith));
  // A question written out whole, its metric and its period ("不限国家，2025年第四季度各销售代表的销售额"): its figures.
  const restated = m.metrics.length > 0 && only !== undefined && !m.versus && m.comparison === null;
  // The why's own period named again with a breakdown ("Q3 按 payment method 拆，全部列出来" after why Q3 beat Q2):
  // that period's figures by it, as "break the Q1 figure down by country" is.
  const periodBrokenDown = Boolean(only && !m.versus && sameWindow(only, thread.window) && m.dims.length > 0);
  // A share asked ("那各流派的比重呢？") is a question of figures too.
  if (!m.figure && !baseline && !restated && !m.share && !periodBrokenDown && !reframed(thread, m)) return;
  s.kind = 'query';
  s.comparedWith = null;
  // "The figure" is one number until the message names a breakdown; the baseline's figures keep the why's breakdown.
  if (m.figure) s.dims = [];
}
