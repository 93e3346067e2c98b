/**
 * Input store (bookkeeping, not an agent): writes a bulky agent input to the artifact store and returns its
 * reference (src/storage/input-refs.ts). It runs as a local activity, so the input itself never enters the history.
 */
import { z } from 'zod';
import { defineAgent } from '../agents/contract';
import { storeArtifact } from '../storage/artifacts';
import { StoredInput } from '../contracts';

export const storeInput = defineAgent({
  name: 'input store',
  input: StoredInput,
  output: z.string().min(1),
  run: ({ workflow_id, agent, input }) => storeArtifact(workflow_id, agent, 'input', input),
});
