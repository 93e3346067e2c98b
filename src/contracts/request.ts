/** What starts a run (the request) and what the intent agent reads from the question. */
import { z } from 'zod';
import { MAX_QUESTION_LENGTH } from '../settings/limits';
import { DataExtent, IsoDate, Language } from './shared';
import type { CarriedQuality } from './quality';
import { KnownMember } from './query';

// ---------------------------------------------------------------- run request

export const AnalysisRequest = z.object({
  question: z
    .string()
    .transform((q) => q.trim())
    .pipe(
      z.string().min(1, 'the question is empty').max(MAX_QUESTION_LENGTH, `the question is longer than ${MAX_QUESTION_LENGTH} characters`),
    ),
  /** "Today" for the run (YYYY-MM-DD, in the catalog's time zone). Pinned so a replay or retry reads the same "last month". */
  asOf: IsoDate,
  /** Metric catalog (YAML) the worker reads; absent means the worker's default. */
  catalogPath: z.string().optional(),
  /** Database to analyse; absent means the worker's DATABASE_URL. */
  databaseUrl: z.string().optional(),
  /** Fuse: the most activities one run may execute. */
  maxActivities: z.number().int().min(1).max(500).default(40),
  /** How often a failing step is retried (after its first attempt) before it is marked not computable. */
  maxStepRetries: z.number().int().min(0).max(10).default(3),
  /** What happens past a step's retries: degrade (mark it and its dependents not computable) or fail the run. */
  onStepFailure: z.enum(['degrade', 'fail']).default('degrade'),
  /** Plan approval: the run waits after planning for approve / revise / reject. */
  review: z
    .object({
      timeoutSeconds: z
        .number()
        .int()
        .min(1)
        .max(7 * 86_400)
        .default(3600),
      onTimeout: z.enum(['approve', 'cancel']).default('cancel'),
    })
    .optional(),
  /**
   * A conversation's turn: the thread so far, compressed by distance (the last turn whole, older ones to their readings,
   * facts and verified numbers), for a model planner within its token budget. Absent for a single question.
   */
  thread: z.string().max(12_000).optional(),
  /** A conversation's turn: the members of dimensions that list none, as the thread placed them (KnownMember). */
  members: z.array(KnownMember).max(200).optional(),
  /**
   * Step results an earlier turn of the same conversation computed, keyed by the compiled SQL and the data's extent: a
   * step whose key is here reads its rows from the stored result instead of querying again (and is checked and verified
   * as any other). Absent for a single question.
   */
  reuse: z
    .array(
      z.object({
        key: z.string().min(1),
        result_ref: z.string().min(1),
        /** On data quality's entry: its outcome as the next turn may take it (CarriedQuality, src/contracts/quality.ts). */
        quality: z.custom<CarriedQuality>((v) => typeof v === 'object' && v !== null).optional(),
      }),
    )
    .max(200)
    .optional(),
  /**
   * A conversation's turn: what the earlier turn read before it planned (the kind of question and where the data was).
   * The planner starts from them while the agents read them again; a turn whose agents read otherwise plans again with
   * what they read (src/workflows/analysis.ts). Absent for a single question.
   */
  earlierReads: z.lazy(() => EarlierReads).optional(),
});
export type AnalysisRequest = z.input<typeof AnalysisRequest>;
/**
 * A step result one run offers the next turn of its conversation (AnalysisRequest.reuse, RunResult.reusable); data
 * quality's entry also carries its outcome, for a next turn that would ask the same (CarriedQuality).
 */
export type ReusableResult = { key: string; result_ref: string; quality?: CarriedQuality };
export type ParsedAnalysisRequest = z.output<typeof AnalysisRequest>;

// ---------------------------------------------------------------- intent agent

export const Intent = z.enum(['attribution', 'comparison', 'trend', 'query']);
export type Intent = z.infer<typeof Intent>;

export const IntentInput = z.object({
  question: z.string().min(1),
  /** The run's catalog: a keyword inside one of its terms ("取消原因", the cancel reason) does not decide the kind. */
  catalogPath: z.string().optional(),
});
export type IntentInput = z.infer<typeof IntentInput>;

export const IntentOutput = z.object({
  intent: Intent,
  /** Which path decided: the keyword rules, or the model when no rule matched. */
  decided_by: z.enum(['rules', 'model']),
  /** The keyword that matched, when the rules decided. */
  matched: z.string().nullable(),
  /** Name of the model that decided, when the model decided. */
  model: z.string().nullable(),
  language: Language,
});
export type IntentOutput = z.infer<typeof IntentOutput>;

/** What a run read before it planned: the intent agent's output and the data's extent (null when it could not be read). */
export const EarlierReads = z.object({ intent: IntentOutput, extent: DataExtent.nullable() });
export type EarlierReads = z.infer<typeof EarlierReads>;
