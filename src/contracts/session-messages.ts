/**
 * The session workflow's messages: the Update a turn is sent as, the Query and the Signal, and the workflow id a session
 * id names. Their one home, imported by both sides (the workflow's handlers in src/workflows/session.ts, the CLI and
 * the web page). It builds no schema, so a workflow pays nothing for it at start; defineQuery and friends only name
 * a message, so they are safe in client code.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { SessionView, TurnRequest, TurnResult } from './session';

/** The session workflow's id for a session id (`baton session <id>`): one place, so every client finds it. */
export function sessionWorkflowId(sessionId: string): string {
  return sessionId.startsWith('session-') ? sessionId : `session-${sessionId}`;
}

/** Adds one turn; returns its answer once the turn's run has ended. Turns sent at once are taken in order. */
export const askUpdate = defineUpdate<TurnResult, [TurnRequest]>('ask');
/** The session's turns, constraints, facts and state. */
export const sessionQuery = defineQuery<SessionView>('session');
/** Closes the session now (it can be reopened by id). */
export const closeSessionSignal = defineSignal('closeSession');
