/**
 * A conversation's schemas: the thread, what the follow-up agent makes of a message against it, a session's start,
 * turns and view. Imported by the follow-up agent (src/activities/follow-up.ts), the CLI (baton chat, ask --session,
 * sessions, session) and the web page. The session workflow imports only their types: the Update, Query and Signal it
 * handles are in session-messages.ts and its limits in session-limits.ts, so a workflow builds none of these schemas
 * when it starts.
 */
import { z } from 'zod';
import { Choice, QuestionReading } from './plan';
import { DimensionFilter, KnownMember } from './query';
import { Intent } from './request';
import { IsoDate, Language } from './shared';
import { RunStatus } from './answer';
import { SessionLimits } from './session-limits';

// ---------------------------------------------------------------- the thread

/** What a turn's answer established: the reading a follow-up starts from, with the turn's question and intent. */
export const ThreadReading = z.object({
  /** The turn (1-based) whose reading this is. */
  turn: z.number().int().min(1),
  /** The question as asked, and the standalone question it was resolved to (the same for a fresh question). */
  question: z.string(),
  resolved_question: z.string(),
  intent: Intent,
  asOf: IsoDate,
  reading: QuestionReading,
});
export type ThreadReading = z.infer<typeof ThreadReading>;

/** What a follow-up changed in the thread's reading (one message may change several). */
export const FollowUpChange = z.enum([
  'add_breakdown',
  'replace_period',
  'replace_filter',
  'add_filter',
  'lift_filter',
  'replace_metric',
  'change_ranking',
  'ask_why',
  /** A question of its own, asked with the user's constraints (filters set in earlier turns, until lifted). */
  'new_question',
]);
export type FollowUpChange = z.infer<typeof FollowUpChange>;

/** The parts of a reading a follow-up can carry over unchanged; the answer's first line names them. */
export const CarriedPart = z.enum(['metric', 'period', 'filter', 'breakdown', 'ranking']);
export type CarriedPart = z.infer<typeof CarriedPart>;

export const FollowUpInput = z.object({
  /** The message as the user wrote it. */
  question: z.string().min(1),
  /** The last answered turn's reading, or null when the session has none yet (or was reset). */
  thread: ThreadReading.nullable(),
  /** Constraints the user set that stay until lifted ("only paid orders", "only the USA"): carried into every turn. */
  constraints: z.array(DimensionFilter.extend({ set_in_turn: z.number().int() })).default([]),
  asOf: IsoDate,
  catalogPath: z.string().optional(),
  /** The session's database: a name the thread has not met is looked up among its members (src/catalog/members.ts). */
  databaseUrl: z.string().optional(),
  /** The answers the last turn's question back offered: a message naming one is read as that choice. */
  choices: z.array(Choice).optional(),
});
export type FollowUpInput = z.input<typeof FollowUpInput>;

/**
 * The follow-up agent's reading of a message against the thread:
 *   fresh               - a question of its own: asked as written
 *   follow_up           - the thread's reading changed by the message's words, written out as a standalone question
 *                         (`resolved_question`) that the analysis run plans as any other; `expected` is the reading
 *                         that question must get, checked after planning (a mismatch asks back, never answers)
 *   reset               - "start over": the thread is dropped; `question` is what follows in the same message, if any
 *   needs_clarification - a follow-up with nothing to resolve against ("and by genre?" as the first turn), or one
 *                         whose words do not say what to change: asked back, never quietly a fresh question
 */
export const FollowUpOutput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fresh'),
    question: z.string().min(1),
    /** Members the turn's planner is to read as the thread placed them (KnownMember). */
    members: z.array(KnownMember).optional(),
  }),
  z.object({
    kind: z.literal('follow_up'),
    changes: z.array(FollowUpChange).min(1),
    carried_over: z.array(CarriedPart),
    resolved_question: z.string().min(1),
    expected: QuestionReading.omit({ statement: true, not_used: true, metric_labels: true }),
    /** Constraints lifted by this message ("include 2014 again"), by dimension. */
    lifted: z.array(z.string()).default([]),
    members: z.array(KnownMember).optional(),
  }),
  z.object({ kind: z.literal('reset'), question: z.string().nullable() }),
  z.object({
    kind: z.literal('needs_clarification'),
    reason: z.string().min(1),
    question: z.string().min(1),
    choices: z.array(Choice).optional(),
  }),
]);
export type FollowUpOutput = z.infer<typeof FollowUpOutput>;
export type ExpectedReading = Extract<FollowUpOutput, { kind: 'follow_up' }>['expected'];

// ---------------------------------------------------------------- the session and its turns

/** One turn as the session keeps it for listing and for the Web UI (the child run holds the rest). */
export const TurnSummary = z.object({
  turn: z.number().int().min(1),
  question: z.string(),
  resolved_question: z.string().nullable(),
  /** The child analysis run's workflow id; null when the turn ended without one (reset, asked back). */
  workflowId: z.string().nullable(),
  status: RunStatus,
  /** The answer's first line (the reading, with what was carried over). */
  headline: z.string(),
  follow_up: z.array(FollowUpChange),
  carried_over: z.array(CarriedPart),
  /** Whether the turn reused earlier step results instead of querying again. */
  reused: z.boolean().default(false),
  started_at: z.string(),
  duration_ms: z.number().int().min(0),
});
export type TurnSummary = z.infer<typeof TurnSummary>;

/** What starts a session workflow (and what continue-as-new carries over). */
export const SessionStart = z.object({
  sessionId: z.string().min(1),
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  limits: SessionLimits.optional(),
  startedAt: z.string(),
  language: Language.optional(),
  /** Carried over by continue-as-new and on reopening: the compressed memory and the turns so far. */
  carried: z.unknown().optional(),
});
export type SessionStart = z.input<typeof SessionStart>;

/** One turn sent to a session (the `ask` Update). */
export const TurnRequest = z.object({
  question: z.string().min(1),
  /** "Today" for this turn (in the catalog's time zone), as for a single run. */
  asOf: IsoDate,
  /** Only to check: a turn naming another catalog or database than the session's is refused. */
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  maxActivities: z.number().int().min(1).max(500).optional(),
  review: z.object({ timeoutSeconds: z.number().int().min(1), onTimeout: z.enum(['approve', 'cancel']) }).optional(),
  /** A client's id for the turn: the same id sent twice (a retried call) is answered once. */
  turnId: z.string().min(1).optional(),
});
export type TurnRequest = z.input<typeof TurnRequest>;

/** A turn's answer, returned by the `ask` Update. */
export const TurnResult = TurnSummary.extend({
  sessionId: z.string(),
  /** The full answer: the reading line (with "carried over: …"), then the answer. */
  answer: z.string(),
  reading: QuestionReading.nullable(),
  /** The child run's record and report, as `baton result` / `baton report` read them. */
  record_ref: z.string().nullable(),
  report_ref: z.string().nullable(),
  /** A turn that asked back offering answers: the answers, one of which the next message may name. */
  choices: z.array(Choice).optional(),
});
export type TurnResult = z.infer<typeof TurnResult>;

/** The session's state, for `baton session <id>`, the web page and the Web UI. */
export const SessionView = z.object({
  sessionId: z.string(),
  startedAt: z.string(),
  catalog: z.string(),
  databaseUrl: z.string().nullable(),
  turns: z.array(TurnSummary),
  /** The turn running now, if any, and how many wait behind it. */
  running: z.object({ question: z.string(), workflowId: z.string().nullable() }).nullable(),
  queued: z.number().int().min(0),
  constraints: z.array(DimensionFilter.extend({ set_in_turn: z.number().int() })),
  /** Facts the thread established, with their confidence and source turn; and contradictions between turns. */
  facts: z.array(z.object({ turn: z.number().int(), content: z.string(), value: z.number().nullable(), confidence: z.number() })),
  contradictions: z.array(z.string()),
  /** The answers the last turn's question back offered, which the next message may name; empty otherwise. */
  choices: z.array(Choice).default([]),
  closed: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;
