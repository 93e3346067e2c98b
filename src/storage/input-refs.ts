/**
 * Bulky agent inputs travel by reference. Before scheduling an agent whose input is larger than
 * INPUT_BY_REFERENCE_CHARS (src/settings/limits.ts) of JSON, the workflow stores the input in the artifact store with a local activity
 * (storeInput: its input is not recorded in the history, only the reference is, in its marker) and schedules the
 * agent with `{ input_ref }`. The worker's activity interceptor (src/temporal/execution-ledger.ts) reads the input back before
 * the agent, its contract check and its token accounting see it, so agents never know. The artifact's id is the
 * content's hash: a retried or replayed store writes nothing new.
 */
import { loadArtifact } from './artifacts';

export interface InputRef {
  input_ref: string;
}

export function isInputRef(value: unknown): value is InputRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as Partial<InputRef>).input_ref === 'string'
  );
}

/** An activity's arguments with a stored input read back. */
export async function resolveInputs(args: unknown[]): Promise<unknown[]> {
  return Promise.all(args.map((arg) => (isInputRef(arg) ? loadArtifact(arg.input_ref) : arg)));
}
