/**
 * The conversation cases (issue 26): multi-turn sessions whose every turn has an expected answer from hand-written
 * SQL against the raw tables, independent of the catalog, the SQL compiler, the planner and the follow-up reader.
 *
 * A Conversation runs on one database ('chinook': the Chinook tables, "today" 2026-11-30; 'demo': the seeded shop,
 * whose dates come from the EvalContext: ctx.last is the last full month, ctx.previous the one before; 'rental': the
 * Rentwise car-rental tables, "today" 2026-12-01, last full month 2026-11; 'courses': the Learnloop tables, today
 * 2026-12-01, last full month 2026-11; 'pawcare': the PawCare veterinary clinics, today 2026-12-01, last full month
 * 2026-11). Its turns
 * are sent in order to one session. Each Turn names the follow-up kind it exercises (the rules in docs/follow-ups.md)
 * and its expected outcome:
 *   - { status: 'needs_clarification' }: the turn must end needs_clarification, never answered as a guess
 *     (a follow-up with nothing to resolve against, or words the catalog cannot map);
 *   - { sql }: the answer, as eval/cases.ts compares them (`matches`): a number (a single value) or numbers keyed by
 *     the breakdown's members (every member the SQL returns; a ranking returns exactly its top or bottom n).
 *     Periods are keyed as the result rows write them ('2024', '2024-Q3', '2024-07').
 *     A comparison is keyed by its two periods. A why (decomposition) is keyed `change` (the metric in the
 *     period minus the period just before it) and `<dimension>=<member>` for every member of the decomposing
 *     dimension present in either period, valued its contribution (after − before; additive metrics only).
 * `note` states the reading the SQL is written to: metric, period, filters, breakdown, ranking.
 *
 * The thread a follow-up reads is that of the last ANSWERED turn: a turn that ends needs_clarification leaves the
 * thread (and the user's constraints) as they were. A reset drops both; the question after it is asked fresh.
 */
import type { Answer, EvalContext } from '../cases';

export type Database = 'chinook' | 'demo' | 'rental' | 'courses' | 'pawcare';
export type Language = 'en' | 'zh' | 'mixed';

export const TURN_KINDS = [
  'fresh',
  'add_breakdown',
  'replace_period',
  'replace_filter',
  'add_filter',
  'lift_filter',
  'replace_metric',
  'change_ranking',
  'ask_why',
  'reset',
  'needs_clarification',
] as const;
export type TurnKind = (typeof TURN_KINDS)[number];

export type Expectation = { status: 'needs_clarification' } | { sql: (ctx: EvalContext) => Promise<Answer> };

export interface Turn {
  /** What the user types, as typed. */
  say: string;
  /** The follow-up rule this turn exercises. */
  kind: TurnKind;
  expect: Expectation;
  /** The intended reading: metric, period, filters, breakdown, ranking (and what is carried over). */
  note: string;
}

export interface Conversation {
  id: string;
  database: Database;
  language: Language;
  turns: Turn[];
}

/** The turn must end needs_clarification. */
export const clarify: Expectation = { status: 'needs_clarification' };

/** Whether a turn expects an answer (and so sets the thread the next turn reads). */
export const answers = (turn: Turn): turn is Turn & { expect: { sql: (ctx: EvalContext) => Promise<Answer> } } => 'sql' in turn.expect;
