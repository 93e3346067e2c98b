/**
 * Idempotent side effects: every activity that writes (code, requirements,
 * calculations, reports, verification checks) writes content-addressed artifacts,
 * so running it again with the same input (a retry after a crash) adds nothing.
 */
import * as activities from '../../src/activities';
import type {
  AuditInput,
  CoderInput,
  DataQualityInput,
  ReportInput,
  StatisticsInput,
  StepInput,
  TesterInput,
  VerificationInput,
} from '../../src/contracts';
import { activityInputs, activityResults, db, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('idempotency');

test('re-running every writing activity of a run with its recorded input adds no artifact', async () => {
  const { workflowId } = await runAnalysis(harness.client, harness.config.taskQueue, '为什么华东区上个月复购率下降了？');
  // Ids are content hashes, shared by every run that writes the same bytes: count the whole store.
  const count = async () => Number((await db().query<{ n: string }>('SELECT count(*) AS n FROM baton.artifacts')).rows[0]!.n);
  const before = await count();

  const again = async <T>(type: string, run: (input: T) => Promise<unknown>) => {
    const outputs = await activityResults<unknown>(harness.client, workflowId, type);
    const inputs = await activityInputs<T>(harness.client, workflowId, type);
    expect(inputs.length).toBeGreaterThan(0);
    for (const [i, input] of inputs.entries()) {
      const output = await run(input);
      // The same references as the first time.
      if (type === 'writeCode' || type === 'writeReport') expect(output).toEqual(outputs[i]);
    }
  };
  await again<DataQualityInput>('checkDataQuality', activities.checkDataQuality);
  await again<StepInput>('runSqlStep', activities.runSqlStep);
  await again<CoderInput>('writeCode', activities.writeCode);
  await again<TesterInput>('testCode', activities.testCode);
  await again<StatisticsInput>('testSignificance', activities.testSignificance);
  await again<VerificationInput>('recomputeNumbers', activities.recomputeNumbers);
  await again<ReportInput>('writeReport', activities.writeReport);
  await again<AuditInput>('auditReport', activities.auditReport);

  expect(await count()).toBe(before);
});
