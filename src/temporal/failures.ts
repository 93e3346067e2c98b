/**
 * The one place that decides what kind of failure an error is, for the workers and the workflow alike
 * (so it imports nothing but @temporalio/common: the workflow sandbox loads it too).
 *
 *   infrastructure   the work itself was not at fault: a lost worker, a heartbeat or start-to-close timeout,
 *                    Temporal going away, a PostgreSQL connection reset or terminated mid-query, a
 *                    serialization failure or deadlock. Retried until the work succeeds, within the activity's
 *                    schedule-to-close bound; it never uses up an agent's attempts or fails a stage.
 *   agent_retryable  the agent's own outcome that may pass on another try: the database it was given cannot be
 *                    reached, its statement timed out, the model is rate-limited or unavailable, or an error
 *                    nobody classified (a bug fails the same way three times, then stops). At most
 *                    AGENT_ATTEMPTS tries of the activity count these; then it fails with the agent's reason.
 *   agent_final      the agent's own outcome that fails the same way every time: a contract violation, an
 *                    unknown catalog name, a wrong query, any non-retryable failure. Not retried.
 *
 * The workflow's caps (step retries, rollbacks to the coder, report rewrites) count only what reaches the
 * workflow, and only agent outcomes reach it: infrastructure is retried below it.
 */
import { ActivityFailure, ApplicationFailure, CancelledFailure, ServerFailure, TemporalFailure, TimeoutFailure } from '@temporalio/common';

export type FailureClass = 'infrastructure' | 'agent_retryable' | 'agent_final';

/** How many tries of one activity an agent's own retryable failures may use before it gives up with its reason. */
export const AGENT_ATTEMPTS = 3;

/** The failure type a worker gives an infrastructure fault it met (a terminated connection, say). */
export const INFRASTRUCTURE_FAILURE = 'InfrastructureFault';

/**
 * SQLSTATEs of a connection lost under a statement, or of a transaction the server gave up on: the same work
 * on a new connection passes. 57P01 admin shutdown (pg_terminate_backend), 57P02 crash shutdown, class 08 after
 * the connection was made (08000, 08003, 08006, 08007), 40001 serialization failure, 40P01 deadlock.
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '08000', '08003', '08006', '08007', '40001', '40P01']);
/** SQLSTATEs of a server that cannot be reached or will not take the connection: the agent's database is away. */
const UNREACHABLE_CODES = new Set(['08001', '08004', '57P03', '53300']);
/** Node's socket errors of a connection that was open and broke. */
const SOCKET_LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** Failure types agents raise for outcomes that may pass on another try. */
const AGENT_RETRYABLE_TYPES = new Set(['DatabaseUnreachable', 'StatementTimeout']);

function fields(err: unknown): { code?: string; message?: string; name?: string } {
  if (typeof err !== 'object' || err === null) return {};
  const { code, message, name } = err as { code?: unknown; message?: unknown; name?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    name: typeof name === 'string' ? name : undefined,
  };
}

/** A PostgreSQL connection that was open and was lost under a statement (node-postgres's words or a SQLSTATE). */
export function isConnectionLost(err: unknown): boolean {
  const { code, message } = fields(err);
  if (code && CONNECTION_LOST_CODES.has(code)) return true;
  if (code && SOCKET_LOST.has(code)) return true;
  return (
    typeof message === 'string' && /connection terminated|not queryable|terminating connection|server closed the connection/i.test(message)
  );
}

/** The database cannot be reached at all (refused, unknown host, no connection slot, connect timeout). */
export function isDatabaseUnreachable(err: unknown): boolean {
  const { code, message, name } = fields(err);
  if (name === 'DatabaseUnreachableError') return true;
  if (code && UNREACHABLE_CODES.has(code)) return true;
  if (code && /^E[A-Z]+$/.test(code) && !SOCKET_LOST.has(code)) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect/i.test(message);
}

/**
 * What kind of failure an error is. Works on what an activity throws (raw errors, ApplicationFailures) and on
 * what the workflow receives (an ActivityFailure with its cause, a TimeoutFailure, a ServerFailure).
 */
export function classifyError(err: unknown): FailureClass {
  if (err instanceof ActivityFailure) return err.cause ? classifyError(err.cause) : 'infrastructure';
  if (err instanceof TimeoutFailure || err instanceof ServerFailure) return 'infrastructure';
  if (err instanceof CancelledFailure) return 'agent_final';
  if (err instanceof ApplicationFailure) {
    if (err.nonRetryable) return 'agent_final';
    if (err.type === INFRASTRUCTURE_FAILURE) return 'infrastructure';
    if (err.type && AGENT_RETRYABLE_TYPES.has(err.type)) return 'agent_retryable';
    // A wrapped database error keeps its own cause: a lost connection stays infrastructure.
    if (err.cause && isConnectionLost(err.cause)) return 'infrastructure';
    return 'agent_retryable';
  }
  if (isConnectionLost(err)) return 'infrastructure';
  if (isDatabaseUnreachable(err)) return 'agent_retryable';
  // Any other SQLSTATE (a syntax error, a missing column, a permission, a statement timeout aside) fails the same way every time.
  const { code } = fields(err);
  if (code && /^[0-9A-Z]{5}$/.test(code) && code !== '57014') return 'agent_final';
  return 'agent_retryable';
}

/** What an agent says when it gives up: its own reason, how many tries it used, and what each try met. */
export interface GaveUp {
  gaveUpAfter: number;
  attempts: { attempt: number; failure: FailureClass; message: string }[];
}

function gaveUpDetails(err: ApplicationFailure): GaveUp | null {
  const first = err.details?.[0] as Partial<GaveUp> | undefined;
  return first && typeof first.gaveUpAfter === 'number' ? (first as GaveUp) : null;
}

/**
 * Whether the activity ended because its agent's retryable outcome (the database it was given unreachable, say)
 * used up its AGENT_ATTEMPTS tries: not retried by Temporal any more, but the workflow may try the step again.
 */
export function gaveUpAfterRetries(err: unknown): boolean {
  return err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && gaveUpDetails(err.cause) !== null;
}

/**
 * Whether trying the same agent again cannot help: a non-retryable failure, except an agent that gave up after its
 * tries on something that may pass later (its database unreachable): the step may still try again.
 */
export function isNonRetryable(err: unknown): boolean {
  return (
    err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.nonRetryable === true && !gaveUpAfterRetries(err)
  );
}

/** A language model's failure (an activity failed with a Model* error type): reported in the answer, not thrown on. */
export function isModelFailure(err: unknown): boolean {
  return err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && (err.cause.type ?? '').startsWith('Model');
}

/** The failure a worker throws when its agent has used up its tries: non-retryable, with the agent's own reason. */
export function giveUp(err: unknown, attempts: GaveUp['attempts']): ApplicationFailure {
  const { message, name } = fields(err);
  const type = err instanceof ApplicationFailure ? err.type : name;
  return ApplicationFailure.create({
    type: type ?? 'Error',
    message: message ?? String(err),
    nonRetryable: true,
    cause: err instanceof Error ? err : undefined,
    details: [{ gaveUpAfter: attempts.filter((a) => a.failure !== 'infrastructure').length, attempts } satisfies GaveUp],
  });
}

/**
 * The most telling reason a failed activity gives: the agent's own words ("cannot reach PostgreSQL at …")
 * before the infrastructure's last word ("activity Heartbeat timeout"). Walks the failure's causes, and the
 * tries an agent recorded when it gave up.
 */
export function mostTellingReason(err: unknown): string {
  const chain: unknown[] = [];
  for (let e: unknown = err; e !== undefined && e !== null && chain.length < 10; e = (e as { cause?: unknown }).cause) chain.push(e);
  const own = chain.find((e): e is ApplicationFailure => e instanceof ApplicationFailure && e.type !== INFRASTRUCTURE_FAILURE);
  if (own) {
    // The try that gave up speaks: its words are always its own, where an earlier try's may be missing from the ledger.
    const told = gaveUpDetails(own)
      ?.attempts.filter((a) => a.failure !== 'infrastructure')
      .at(-1);
    return told?.message || own.message;
  }
  // No agent spoke: the deepest failure that says something beyond "activity task failed".
  const said = chain.filter((e): e is Error => e instanceof Error && !(e instanceof ActivityFailure) && Boolean(e.message));
  const deepest = said[said.length - 1] ?? (err instanceof Error ? err : null);
  if (deepest instanceof TemporalFailure || deepest instanceof Error) return deepest.message;
  return String(err);
}
