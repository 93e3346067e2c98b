/**
 * Run record agent: writes the run's full record (plan, step records, SQL, the stages' outputs, the pool) to the
 * artifact store and returns its reference, so the workflow's result stays small. It runs as a local activity: its
 * input, the run's largest value, is never recorded in the history; only the reference is (in its marker).
 */
import { z } from 'zod';
import { defineAgent } from '../agents/contract';
import { storeArtifact } from '../storage/artifacts';
import { RunRecordInput } from '../contracts';

export const storeRunRecord = defineAgent({
  name: 'run record',
  input: RunRecordInput,
  output: z.string().min(1),
  run: ({ workflow_id, record }) => storeArtifact(workflow_id, 'run', 'run-record', record),
});
