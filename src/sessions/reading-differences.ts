/**
 * Whether a turn's plan read the question as its follow-up was resolved: the parts that differ. Used by the follow-up
 * model (src/model/followup) and by the session workflow (src/workflows/session-turn.ts), which never labels a turn
 * completed with a reading the user did not ask for. Pure, and builds no schema, so workflow code imports it.
 */
import type { ExpectedReading } from '../contracts/session';
import type { QuestionReading } from '../contracts/plan';
import { filterKey, type DimensionFilter } from '../contracts/query';

/** The parts of a planned reading that differ from what a follow-up expected; empty when the plan read it as resolved. */
export function readingDifferences(expected: ExpectedReading, actual: QuestionReading): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const sorted = (xs: string[]) => [...xs].sort();
  const filters = (fs: DimensionFilter[]) => fs.map(filterKey).sort();
  // All of the data is one period whatever dates the data's extent gives it when each run reads it.
  const window = (w: { start: string; end: string; source?: string } | null) =>
    w ? (w.source === 'all_time' ? 'all_time' : `${w.start}..${w.end}`) : null;
  const out: string[] = [];
  if (!same(sorted(expected.metrics), sorted(actual.metrics))) out.push('metric');
  if (!same(window(expected.window), window(actual.window))) out.push('period');
  if (!same(window(expected.compared_with), window(actual.compared_with))) out.push('comparison');
  if (!same(filters(expected.filters), filters(actual.filters))) out.push('filter');
  if (!same(sorted(expected.group_by), sorted(actual.group_by)) || expected.grain !== actual.grain) out.push('breakdown');
  if (!same(expected.ranking, actual.ranking)) out.push('ranking');
  if (Boolean(expected.share) !== Boolean(actual.share)) out.push('share');
  // A why decomposed by other dimensions than the thread implied is another reading, never the one asked for.
  // A why expects a decomposition (by its dimensions, when it names them); any other question expects none.
  const want = expected.decomposed_by;
  const got = actual.decomposed_by ?? [];
  const decomposedAsMeant =
    want === undefined
      ? got.length === 0
      : got.length > 0 && (want.length === 0 || (want.includes(got[0] as string) && want.every((d) => got.includes(d))));
  if (!decomposedAsMeant) out.push('decomposition');
  return out;
}
