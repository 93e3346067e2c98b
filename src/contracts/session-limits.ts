/**
 * A session's limits, the one schema the session workflow parses (src/workflows/session.ts): a file of its own, so the
 * workflow does not build the rest of a conversation's schemas (session.ts) each time it starts.
 */
import { z } from 'zod';

/** Limits that keep a session's history bounded (continue-as-new) and close it when idle. */
export const SessionLimits = z.object({
  /** Closed after this long without a turn; reopened by id, keeping its memory. */
  idleTimeoutSeconds: z.number().int().min(1).default(86_400),
  /** Continue-as-new after this many turns in one run of the workflow... */
  turnsPerRun: z.number().int().min(1).default(20),
  /** ...or once its history passes this many bytes. */
  historyBytesPerRun: z.number().int().min(10_000).default(2_000_000),
});
export type SessionLimits = z.input<typeof SessionLimits>;
