/** `baton approve`, `baton revise` and `baton reject`: a decision on a plan waiting for review. */
import type { ReviewDecision } from '../../contracts';
import type { analysisWorkflow } from '../../workflows';
import { reviewPlanUpdate } from '../../contracts/workflow-messages';
import { withTemporal } from '../context';
import { CliError } from '../temporal';

export async function decide(workflowId: string, decision: ReviewDecision): Promise<void> {
  await withTemporal(async (client) => {
    const handle = client.workflow.getHandle<typeof analysisWorkflow>(workflowId);
    try {
      await handle.executeUpdate(reviewPlanUpdate, { args: [decision] });
    } catch (err) {
      const cause = (err as { cause?: Error }).cause;
      throw new CliError(`the run did not accept "${decision.action}": ${cause?.message ?? (err as Error).message}`);
    }
    console.log(`${workflowId}: ${decision.action} accepted`);
  });
}
