/**
 * What every command's action shares: its error printed as one line with an exit code, and the database pools closed
 * after it. Each command group's file (src/cli/commands/*.ts) wraps its actions with `action`.
 */
import { WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import pc from 'picocolors';
import { closePools, DatabaseUnreachableError } from '../storage/db';
import { CliError } from './temporal';

/** Wraps a command's body: an error becomes one line and the exit code, and the database pools are closed after it. */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (err) {
      process.exitCode = reportError(err);
    } finally {
      await closePools();
    }
  };
}

/** Prints one line for a command's error and gives its exit code (a CliError's own, else 1). */
export function reportError(err: unknown): number {
  if (err instanceof CliError) {
    console.error(pc.red(`error: ${err.message}`));
    return err.exitCode;
  }
  if (err instanceof DatabaseUnreachableError) {
    console.error(pc.red(`error: ${err.message}`));
    return 1;
  }
  if (err instanceof WorkflowNotFoundError) {
    console.error(pc.red(`error: no run with id ${err.workflowId ?? ''}`));
    return 1;
  }
  if (err instanceof WorkflowFailedError) {
    console.error(pc.red(`error: the run failed: ${err.cause?.message ?? err.message}`));
    return 1;
  }
  console.error(pc.red(`error: ${(err as Error).message ?? String(err)}`));
  return 1;
}
