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

/**
 * The artifacts this process knows are stored, by database and id: written or read back by it. Writing one again
 * would do nothing (the id is the content's hash, and nothing deletes an artifact), so it is not sent: a re-slicing
 * run stores the same extent, plan fragments, metrics and calculations as the turn before it. Forgotten all at once
 * past KNOWN_STORED_LIMIT.
 */
const knownStored = new Set<string>();
const KNOWN_STORED_LIMIT = 100_000;

function markStored(databaseUrl: string, id: string): void {
  if (knownStored.size >= KNOWN_STORED_LIMIT) knownStored.clear();
  knownStored.add(`${databaseUrl}\n${id}`);
}

export async function storeArtifact(workflowId: string, stepId: string, kind: string, content: unknown): Promise<string> {
  const json = JSON.stringify(content);
  const id = `${kind}:${createHash('sha256').update(json).digest('hex').slice(0, 32)}`;
  const databaseUrl = loadConfig().databaseUrl;
  if (knownStored.has(`${databaseUrl}\n${id}`)) return id;
  await getPool(databaseUrl).query(
    `INSERT INTO baton.artifacts (id, workflow_id, step_id, kind, bytes, content)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [id, workflowId, stepId, kind, Buffer.byteLength(json), json],
  );
  markStored(databaseUrl, id);
  return id;
}

/**
 * Artifacts this process has read, by id, as the text PostgreSQL gave back. An id is its content's hash and nothing
 * changes or deletes a stored artifact, so the text read once is the text for good: the agents of one run read the
 * same step results and plan fragments many times (17 reads a re-slicing run, 4 ids), each a round trip on the
 * worker's busiest thread. The text is parsed again on every read, so each reader gets its own copy, as from the
 * database. Oldest first out, past READ_CACHE_BYTES; an artifact over READ_CACHE_ONE_BYTES is not kept.
 */
const readBack = new Map<string, string>();
let readBackBytes = 0;
export const READ_CACHE_BYTES = 64 * 1024 * 1024;
const READ_CACHE_ONE_BYTES = 4 * 1024 * 1024;

function keepReadBack(id: string, text: string): void {
  if (text.length > READ_CACHE_ONE_BYTES || readBack.has(id)) return;
  readBack.set(id, text);
  readBackBytes += text.length;
  for (const [oldest, kept] of readBack) {
    if (readBackBytes <= READ_CACHE_BYTES) break;
    readBack.delete(oldest);
    readBackBytes -= kept.length;
  }
}

export async function loadArtifact<T>(id: string): Promise<T> {
  let text = readBack.get(id);
  if (text === undefined) {
    const databaseUrl = loadConfig().databaseUrl;
    const { rows } = await getPool(databaseUrl).query<{ content: string }>(
      'SELECT content::text AS content FROM baton.artifacts WHERE id = $1',
      [id],
    );
    text = rows[0]?.content;
    if (text === undefined) throw new Error(`artifact ${id} not found`);
    keepReadBack(id, text);
    markStored(databaseUrl, id);
  } else {
    // Read again: the newest, last out.
    readBack.delete(id);
    readBack.set(id, text);
  }
  return JSON.parse(text) as T;
}

/** How many artifacts this process keeps read back, and their text's length in all (for tests). */
export function readBackSize(): { count: number; chars: number } {
  return { count: readBack.size, chars: readBackBytes };
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
