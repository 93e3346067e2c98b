/**
 * How the workflow calls an agent: each timeout profile of the agents' table (src/agents/table.ts) as activity
 * options, and whether it runs as a local activity.
 */
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import type { TimeoutProfile } from '../agents/table';

/**
 * Two kinds of retry, kept apart (src/temporal/failures.ts). Infrastructure (a lost worker, a heartbeat or start-to-close
 * timeout, Temporal away, a connection terminated mid-query) is retried here without a count, backing off to
 * every 10 s, until the work succeeds or the generous schedule-to-close bound passes. An agent's own retryable
 * outcome (its database unreachable, a statement timeout, a rate limit) is counted by the worker
 * (src/temporal/execution-ledger.ts), which gives up after AGENT_ATTEMPTS tries with the agent's reason, non-retryable.
 */
export const AGENT_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  scheduleToCloseTimeout: '15 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: Number.POSITIVE_INFINITY,
    nonRetryableErrorTypes: ['ContractViolation', 'UnknownCatalogName', 'CatalogError', 'WrongAgent', 'MissingDependency'],
  },
};

/** Agents that read whole tables (data quality, statistics, recomputing numbers) get longer. */
const SCAN_OPTIONS: ActivityOptions = { ...AGENT_OPTIONS, startToCloseTimeout: '2 minutes', scheduleToCloseTimeout: '30 minutes' };

/** Agents that may call a language model: several calls (tool rounds, repairs) per attempt, and longer backoff for rate limits. */
const MODEL_OPTIONS: ActivityOptions = {
  ...AGENT_OPTIONS,
  startToCloseTimeout: '5 minutes',
  scheduleToCloseTimeout: '30 minutes',
  retry: { ...AGENT_OPTIONS.retry, maximumInterval: '1 minute' },
};

/**
 * Agents that do no I/O of their own and finish in milliseconds run as local activities (profile local or local-model
 * in src/agents/table.ts), in the worker that runs the workflow task: no task queue round trip, no
 * scheduled/started/completed events, one marker with the result in the history (their input is not recorded;
 * `baton export` shows their results). The catalog description (cached per worker by the file's hash), the intent
 * (keyword rules; the model only when no rule matches, within the same timeouts as a model agent), the step check and
 * the analysis agent. `storeRunRecord` writes the run's record to the artifact store at the end: local, so the
 * record, the run's largest value, never enters the history; `storeInput` does the same for bulky agent inputs
 * (src/storage/input-refs.ts).
 */
export const LOCAL_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: AGENT_OPTIONS.startToCloseTimeout,
  scheduleToCloseTimeout: AGENT_OPTIONS.scheduleToCloseTimeout,
  retry: AGENT_OPTIONS.retry,
};
const LOCAL_MODEL_OPTIONS: LocalActivityOptions = {
  ...LOCAL_OPTIONS,
  startToCloseTimeout: MODEL_OPTIONS.startToCloseTimeout,
  scheduleToCloseTimeout: MODEL_OPTIONS.scheduleToCloseTimeout,
  retry: MODEL_OPTIONS.retry,
};

/** Each timeout profile's options, and whether it runs as a local activity. */
export const PROFILES: Record<TimeoutProfile, { local: false; options: ActivityOptions } | { local: true; options: LocalActivityOptions }> =
  {
    agent: { local: false, options: AGENT_OPTIONS },
    model: { local: false, options: MODEL_OPTIONS },
    scan: { local: false, options: SCAN_OPTIONS },
    local: { local: true, options: LOCAL_OPTIONS },
    'local-model': { local: true, options: LOCAL_MODEL_OPTIONS },
  };
