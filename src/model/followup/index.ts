/**
 * The follow-up reader: what a message means against the thread so far (src/contracts/session.ts, FollowUpOutput),
 * by the rules in docs/follow-ups.md, on any catalog.
 *
 *   reset    "start over", "new question: …", "重新开始" (with the question that follows, asked fresh)
 *   fresh    a message naming its own metric and a period, breakdown, ranking or comparison, with no follow-up cue:
 *            asked as written, with the user's constraints added (fresh.ts)
 *   follow_up the thread's reading changed by what the message names (message.ts, apply.ts), written out as a
 *            standalone question the rules planner reads as resolved (compose.ts)
 *   needs_clarification a follow-up with no thread, words the catalog cannot map, a change with nothing to act on
 */
import type { Catalog } from '../../catalog/catalog';
import type { DataExtent } from '../../contracts';
import type { FollowUpInput, FollowUpOutput } from '../../contracts/session';
import { makeWindow, addDays, iso, parseDate } from '../time-window';
import { catalogFor } from '../../settings/sources';
import { applyMessage } from './apply';
import { noDecomposition, noThread, refused, unmapped } from './clarify';
import { ANYWHERE_CUE, LEADING_CUE, RESET } from './cues';
import { composeQuestion } from './compose';
import { withConstraints } from './fresh';
import { readMessage, type MessageReading } from './message';
import { valuesOnThreadDimensions } from './thread-values';
import { stateOf, type State } from './state';
import { asMeant } from '../words/as-meant';
import { whichOfTwoDimensions } from '../rules/refusals';
import { pickChoice } from './choice';
import { metricEntries, nearEntries } from '../words/near';

export { RESET } from './cues';

/** A question of its own: a metric named, and a period, breakdown, grain, ranking or comparison, and no follow-up cue. */
export function isFresh(m: MessageReading): boolean {
  if (m.metrics.length === 0 || m.cue) return false;
  // Lifting or restoring a filter ("不限国家，…", "include the USA again, …") changes a filter the thread set.
  if (m.lifted.length > 0 || m.liftAll || m.restore) return false;
  // A why that names no period of its own ("销量同比掉了不少，怎么回事？") asks about the answer before it.
  if (m.why && m.periods.length === 0 && !m.allTime) return false;
  // Nor does one whose only period is what the change is measured against ("why did revenue fall versus 2023?",
  // "收入比2023年少了，为什么"): the change is the thread's period's.
  if (m.why && m.versus && m.periods.length === 1) return false;
  const dimsOrValues = m.dims.length > 0 || m.grain !== null;
  return m.periods.length > 0 || m.allTime || dimsOrValues || m.comparison !== null || (m.ranking !== null && m.dims.length > 0);
}

/**
 * Whether the message says nothing a question needs without an earlier answer (a cue, or no metric of its own). A
 * pronoun alone does not, in a message that names its metric and its period ("Q3 bookings were up on Q2, why? break it
 * down by club"): "it" is the message's own subject.
 */
const leansOnThread = (m: MessageReading) =>
  m.metrics.length === 0 || (m.cue && !(m.periods.length > 0 && !LEADING_CUE.test(m.text) && !REPLACING.test(m.text)));
/** Words that change something said before: "instead", "rather", "again", "the same", "too", 换成, …呢. */
const REPLACING = /\b(?:instead|rather|again|too|as\s+well|the\s+same)\b|呢[？?。.!！\s]*$|换成|改成|改为|换为/i;

/** All of the data as a window: the thread's when it was all time, else open-ended to today (the run reads the extent). */
function allTimeWindow(state: State, asOf: string) {
  if (state.window?.source === 'all_time') return state.window;
  return makeWindow('1900-01-01', iso(addDays(parseDate(asOf), 1)), 'all_time', { zh: '全部时间', en: 'all time' });
}

function statementOf(input: FollowUpInput): string {
  return (input.thread?.reading.statement ?? '').replace(/[:：]\s*$/, '');
}

/**
 * A question of its own that names no period, asked in a conversation ("How many buyers did each region have?" after
 * "Which region had the highest average order value last month?"): the thread's period, with the user's constraints,
 * and nothing else of the thread. Null when it names a period, all of the data, a comparison or a why, when the thread
 * is over all of the data, or when the question so written does not plan.
 */
function inThreadPeriod(
  thread: State,
  m: MessageReading,
  constraints: FollowUpInput['constraints'],
  catalog: Catalog,
  asOf: string,
  extent: DataExtent | null,
): FollowUpOutput | null {
  if (m.periods.length > 0 || m.allTime || m.comparison || m.why || m.unmapped.length > 0) return null;
  if (!thread.window || thread.window.source === 'all_time' || thread.kind === 'comparison') return null;
  const kept = (constraints ?? []).map((c) => c.dimension);
  const filters = thread.filters.filter((f) => kept.includes(f.dimension));
  const blank: State = {
    kind: 'query',
    metrics: [],
    window: thread.window,
    comparedWith: null,
    grain: null,
    dims: [],
    filters,
    share: false,
    ranking: null,
  };
  const applied = applyMessage(blank, m, catalog, kept, null);
  if (typeof applied === 'string') return null;
  const composed = composeQuestion(applied.state, catalog, m.language, asOf, extent);
  if (!composed.checked) return null;
  return {
    kind: 'follow_up',
    changes: ['new_question'],
    carried_over: filters.length > 0 ? ['period', 'filter'] : ['period'],
    resolved_question: composed.question,
    expected: composed.expected,
    lifted: [],
  };
}

/** The words of a message that the follow-up reader maps to nothing (names it may not know among them). */
export function wordsUnread(input: FollowUpInput, catalog: Catalog): string[] {
  const thread = input.thread ? stateOf(input.thread) : null;
  return readMessage(asMeant(input.question.trim()), catalog, input.asOf, thread?.window ?? null).unmapped;
}

/**
 * A reset at the start of the message, or after a short closing remark ("OK 这个先这样，start over。…", "Great, thanks.
 * Let's start over …"): what follows it, or null when the message resets nothing.
 */
function resetIn(question: string): { rest: string; dismissed: boolean } | null {
  for (const m of [{ index: -1 }, ...question.slice(0, 32).matchAll(/[,.;:!?，。；：！？]/g)]) {
    const after = question.slice(m.index + 1);
    const reset = RESET.exec(after);
    if (reset && (m.index < 0 || reset[0].trim().length > 0))
      return { rest: after.slice(reset[0].length).trim(), dismissed: DISMISSING.test(reset[0]) };
  }
  return null;
}

/** "Never mind", "forget it", 算了: a reset, or only the last request dropped when what follows leans on the thread. */
const DISMISSING = /never\s*mind|\bnvm\b|forget\s+(?:it|that|about)|scratch\s+that|算了/i;

/** The message read against the thread, on the session's catalog (the worker's default when the input names none). */
export function readFollowUp(
  input: FollowUpInput,
  catalog: Catalog = catalogFor(input.catalogPath),
  extent: DataExtent | null = null,
): FollowUpOutput {
  // A reply naming one of the choices the last turn's question back offered is read as that choice's message.
  const picked = input.choices?.length ? pickChoice(input.question, input.choices) : null;
  let question = asMeant((picked?.question ?? input.question).trim());
  let reset = resetIn(question);
  // "ok never mind. same thing for advanced courses?": the request before is dropped, and the thread goes on.
  if (
    reset?.dismissed &&
    reset.rest &&
    input.thread &&
    !resetIn(reset.rest) &&
    (LEADING_CUE.test(reset.rest) || ANYWHERE_CUE.test(reset.rest))
  ) {
    question = reset.rest;
    reset = null;
  }
  if (reset) {
    // "nvm, start over: …" says it twice.
    let rest = reset.rest;
    for (let again = RESET.exec(rest); again && again[0].length > 0; again = RESET.exec(rest)) rest = rest.slice(again[0].length).trim();
    return { kind: 'reset', question: rest || null };
  }
  const constraints = input.constraints ?? [];
  const thread = input.thread ? stateOf(input.thread) : null;
  const m = readMessage(question, catalog, input.asOf, thread?.window ?? null);
  if (thread) m.values = valuesOnThreadDimensions(question, m.values, thread, catalog);
  // A word naming values of two dimensions ("only vogel") is asked back, unless the thread's dimensions chose one.
  const twoWays = m.twoDimensions?.every((h) => m.values.some((f) => f.dimension === h.id)) ? m.twoDimensions : null;
  m.values = m.values.filter((f, i) => m.values.findIndex((o) => JSON.stringify(o) === JSON.stringify(f)) === i);
  const inThread = thread && isFresh(m) ? inThreadPeriod(thread, m, constraints, catalog, input.asOf, extent) : null;
  if (inThread) return inThread;
  if (isFresh(m) || (!thread && !leansOnThread(m))) return withConstraints(question, m, constraints, catalog, input.asOf);
  // With nothing to resolve against and no cue, a metric misspelt ("vists by clinic last month") is a question of its
  // own: the planner offers the term it is close to, as a choice a reply may name.
  if (!thread && !m.cue && m.metrics.length === 0 && nearEntries(m.unmapped, metricEntries(catalog)).length > 0)
    return withConstraints(question, m, constraints, catalog, input.asOf);
  if (!thread) return noThread(question, catalog, m);
  if (m.unmapped.length > 0) return unmapped(catalog, m);
  if (twoWays) return { kind: 'needs_clarification', ...whichOfTwoDimensions(catalog, m.language, twoWays, question) };
  const constrained = constraints.map((c) => c.dimension);
  const applied = applyMessage(thread, m, catalog, constrained, allTimeWindow(thread, input.asOf));
  if (typeof applied === 'string') return refused(applied, catalog, m, statementOf(input), m.lifted[0] ?? null);
  const composed = composeQuestion(applied.state, catalog, m.language, input.asOf, extent);
  if (!composed.checked) {
    const { kind, dims, metrics } = applied.state;
    if (kind === 'attribution' && dims.length > 0 && metrics[0])
      return noDecomposition(catalog, m, statementOf(input), composed.expected.metrics[0] ?? metrics[0], dims);
    return refused('unwritable', catalog, m, statementOf(input), null);
  }
  return {
    kind: 'follow_up',
    changes: applied.changes,
    carried_over: applied.carried,
    resolved_question: composed.question,
    expected: composed.expected,
    lifted: applied.lifted,
  };
}
