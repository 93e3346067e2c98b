/**
 * A conversation read offline, as a session reads it: each message goes to the follow-up reader with the thread (the
 * last answered turn's planned reading) and the constraints; the question it asks is planned by the real rules
 * planner (with the data's extent), and a follow-up's planned reading is compared with the one it expected.
 */
import path from 'node:path';
import { loadCatalog, type Catalog } from '../../src/catalog/catalog';
import type { Choice, DataExtent, QuestionReading } from '../../src/contracts';
import type { FollowUpOutput, ThreadReading } from '../../src/contracts/session';
import { readingDifferences } from '../../src/sessions/reading-differences';
import { readFollowUp } from '../../src/model/followup';
import { constraintsAfter, type Constraint } from '../../src/sessions/memory';
import { filterKey } from '../../src/contracts/query';
import { classifyIntent, planQuestion, readingOfPlan } from '../../src/model/rules';

export const ROOT = path.resolve(__dirname, '../..');
export const chinook = loadCatalog(path.join(ROOT, 'catalogs', 'chinook.yaml'));
export const demo = loadCatalog(path.join(ROOT, 'catalogs', 'demo.yaml'));
export const AS_OF = '2026-11-30';

export interface TurnRead {
  say: string;
  out: FollowUpOutput;
  asked: string | null;
  reading: QuestionReading | null;
  /** What the planned reading of a follow-up's question differs in from the reading it expected. */
  differences: string[];
  /** The planner's own refusal or question back, when it did not plan. */
  planned: string;
}

/** The reading the planner gives a question (the planner agent's offline path), or its refusal. */
export function planned(question: string, catalog: Catalog, extent: DataExtent | null, asOf = AS_OF): QuestionReading | string {
  const intent = classifyIntent(question);
  const plan = planQuestion(question, intent, catalog, asOf, [], extent);
  if (plan.kind !== 'plan') return `${plan.kind}: ${'reason' in plan ? plan.reason : ''}`;
  const { reading, blocking } = readingOfPlan(question, plan.steps, catalog, intent.language, asOf, intent.matched);
  return blocking.length > 0 ? `blocking: ${blocking.join(', ')}` : reading;
}

/** Every message of a conversation read in turn. */
export function converse(messages: string[], catalog: Catalog, extent: DataExtent | null, asOf = AS_OF): TurnRead[] {
  let thread: ThreadReading | null = null;
  let constraints: Constraint[] = [];
  // The answers a question back offered, as the session keeps them for the next message (src/workflows/session-turn.ts).
  let choices: Choice[] = [];
  return messages.map((say, i): TurnRead => {
    const out = readFollowUp({ question: say, thread, constraints, asOf, ...(choices.length ? { choices } : {}) }, catalog, extent);
    choices = out.kind === 'needs_clarification' ? (out.choices ?? []) : [];
    if (out.kind === 'reset') {
      thread = null;
      constraints = [];
    }
    const asked = out.kind === 'follow_up' ? out.resolved_question : out.kind === 'needs_clarification' ? null : out.question;
    if (!asked) return { say, out, asked, reading: null, differences: [], planned: '' };
    const r = planned(asked, catalog, extent, asOf);
    if (typeof r === 'string') {
      const plan = planQuestion(asked, classifyIntent(asked), catalog, asOf, [], extent);
      if (plan.kind === 'needs_clarification' || plan.kind === 'cannot_answer') choices = plan.choices ?? [];
      return { say, out, asked, reading: null, differences: [], planned: r };
    }
    const differences = out.kind === 'follow_up' ? readingDifferences(out.expected, r) : [];
    if (differences.length === 0) {
      constraints = constraintsAfter(constraints, out, i + 1);
      const intent = classifyIntent(asked).intent;
      thread = { turn: i + 1, question: say, resolved_question: asked, intent, asOf, reading: r };
    }
    return { say, out, asked, reading: r, differences, planned: '' };
  });
}

/** A reading in one line: metric, period, comparison, filters, breakdown, ranking. */
export function brief(r: QuestionReading | null): string {
  if (!r) return '-';
  const w = (x: { start: string; end: string; source: string } | null) =>
    x ? (x.source === 'all_time' ? 'all' : `${x.start}..${x.end}`) : '-';
  const f = r.filters.map(filterKey).join(',');
  const rank = r.ranking ? ` ${r.ranking.order}${r.ranking.n}:${r.ranking.by}` : '';
  return `${r.metrics.join('+')} ${w(r.window)}${r.compared_with ? ` vs ${w(r.compared_with)}` : ''} [${f}] /${r.group_by.join(',')}${rank}`;
}

/** Each turn as the unit tests write it: the message, what the reader made of it, and the planned reading in brief. */
export function outcomes(read: TurnRead[]): [string, FollowUpOutput['kind'], string][] {
  return read.map((r) => [
    r.say,
    r.out.kind,
    r.out.kind === 'needs_clarification' ? 'asked back' : r.out.kind === 'reset' && !r.asked ? 'reset' : brief(r.reading),
  ]);
}

/**
 * Expects a conversation to read turn by turn as written ([message, outcome kind, reading in brief]), and every
 * follow-up's planned reading to be the one it expected.
 */
export function expectReadAs(turns: readonly (readonly [string, string, string])[], catalog: Catalog, extent: DataExtent | null): void {
  const read = converse(
    turns.map(([say]) => say),
    catalog,
    extent,
  );
  expect(outcomes(read)).toEqual(turns.map((t) => [...t]));
  expect(read.filter((r) => r.differences.length > 0).map((r) => `${r.say}: ${r.differences.join(', ')}`)).toEqual([]);
}
