/**
 * The run's full view for clients: the workflow returns a small result (the answer, the status, the verified
 * metrics, the reading, the report and `record_ref`); the plan, the step records with their SQL, the stages' outputs
 * and the pool are in the run record, an artifact the workflow's last local activity wrote. `fullResult` reads it
 * back. A result recorded before the record existed is already the full view; a run whose record could not be stored
 * is rebuilt from its history by `baton export`.
 */
import { loadArtifact } from './artifacts';
import type { AnalysisResult, RunResult } from '../contracts';

/** A workflow result as it may come back: today's small one, or the full view older runs returned. */
export type StoredResult = RunResult | AnalysisResult;

export function isFullResult(result: StoredResult): result is AnalysisResult {
  return Array.isArray((result as Partial<AnalysisResult>).steps);
}

/** The run's full view: the record behind `record_ref` (it holds every field of the result too). */
export async function fullResult(result: StoredResult): Promise<AnalysisResult> {
  if (isFullResult(result)) return result;
  if (!result.record_ref)
    throw new Error(`the run's record was not stored (status ${result.status}); \`baton export\` rebuilds the run from its history`);
  return loadArtifact<AnalysisResult>(result.record_ref);
}
