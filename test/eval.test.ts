/** The accuracy suite (eval/cases.ts) as part of the test suite: every question passes. */
import type { Client } from '@temporalio/client';
import { todayIn } from '../src/config';
import { CASES } from '../eval/cases';
import { formatRow, HEADER, runEval } from '../eval/run';
import { closeDb, connectClient, db, manifest, startWorker, testConfig, uniqueTaskQueue } from './helpers';

const config = testConfig({ taskQueue: uniqueTaskQueue('eval') });
let client: Client;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  client = await connectClient(config);
  stopWorker = (await startWorker(config)).stop;
});

afterAll(async () => {
  await stopWorker();
  await client.connection.close();
  await closeDb();
});

test('at least 30 questions, half Chinese and half English, covering every intent', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(30);
  const chinese = CASES.filter((c) => typeof c.question === 'string' && /[\u4e00-\u9fff]/.test(c.question)).length;
  expect(chinese).toBe(CASES.length / 2);
  expect(new Set(CASES.map((c) => c.intent))).toEqual(new Set(['query', 'trend', 'comparison', 'attribution']));
});

test('every question of the accuracy suite passes', async () => {
  const rows = await runEval(client, config.taskQueue, db(), todayIn(config.timeZone), (await manifest()).last_month);
  const failed = rows.filter((r) => !r.pass).map(formatRow);
  expect(failed).toEqual([]);
  if (failed.length > 0) console.log([HEADER, ...failed].join('\n'));
});
