/**
 * Step results too large to travel in a hand-off are stored in PostgreSQL
 * (baton.artifacts) and passed on by reference. The id is the content hash, so
 * writing the same result twice (an activity retried after a crash) stores it once.
 */
import { Context } from '@temporalio/activity';
import { createHash } from 'node:crypto';
import { loadConfig } from '../settings/config';
import type { Calculation } from '../contracts';
import { getPool } from './db';

export async function storeArtifact(workflowId: string, stepId: string, kind: string, content: unknown): Promise<string> {
  const json = JSON.stringify(content);
  const id = `${kind}:${createHash('sha256').update(json).digest('hex').slice(0, 32)}`;
  await getPool(loadConfig().databaseUrl).query(
    `INSERT INTO baton.artifacts (id, workflow_id, step_id, kind, bytes, content)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [id, workflowId, stepId, kind, Buffer.byteLength(json), json],
  );
  return id;
}

export async function loadArtifact<T>(id: string): Promise<T> {
  const { rows } = await getPool(loadConfig().databaseUrl).query<{ content: T }>('SELECT content FROM baton.artifacts WHERE id = $1', [id]);
  if (!rows[0]) throw new Error(`artifact ${id} not found`);
  return rows[0].content;
}

/** A set of calculations as one artifact (null when there are none). */
export async function storeCalculations(workflowId: string, stepId: string, calculations: Calculation[]): Promise<string | null> {
  return calculations.length > 0 ? storeArtifact(workflowId, stepId, 'calculations', calculations) : null;
}

/** Every calculation behind the references, in order. */
export async function loadCalculations(refs: string[]): Promise<Calculation[]> {
  const sets = await Promise.all(refs.map((ref) => loadArtifact<Calculation[]>(ref)));
  return sets.flat();
}

/** The workflow the current activity runs for ('' outside an activity, as in unit tests). */
export function currentWorkflowId(): string {
  try {
    return Context.current().info.workflowExecution?.workflowId ?? '';
  } catch {
    return '';
  }
}
