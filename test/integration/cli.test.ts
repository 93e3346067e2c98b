/** The `baton` command line as a user runs it: a child process against the real servers. */
import { lastMonthRange, db, manifest, runCli, withWorker } from '../helpers';

const harness = withWorker('cli');

const baton = (args: string[], env: Record<string, string> = {}) => runCli(args, { BATON_TASK_QUEUE: harness.config.taskQueue, ...env });

async function runsOnQueue(): Promise<number> {
  const { count } = await harness.client.workflow.count(`TaskQueue = "${harness.config.taskQueue}"`);
  return count;
}

test('an empty or whitespace question is refused and starts no run', async () => {
  const before = await runsOnQueue();
  for (const question of ['', '   \t ']) {
    const { code, stderr, stdout } = await baton(['ask', question]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe('error: the question is empty; ask something like: baton ask "上个月 GMV 是多少？"');
  }
  expect(await runsOnQueue()).toBe(before);
});

test('an unreachable Temporal is one clear line naming the address, exit 1', async () => {
  const { code, stderr } = await baton(['ask', 'What was GMV last month?'], { TEMPORAL_ADDRESS: '127.0.0.1:1' });
  expect(code).toBe(1);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^error: cannot reach Temporal at 127\.0\.0\.1:1 /);
});

test('an unreachable PostgreSQL is one clear line naming the address, exit 1', async () => {
  const { code, stderr } = await baton(['ask', 'What was GMV last month?'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/baton' });
  expect(code).toBe(1);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^error: cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/baton: /);
});

test('ask --json prints one JSON object; status and result read the run back', async () => {
  const [start, end] = lastMonthRange(await manifest());
  const { rows } = await db().query<{ gmv: string }>(
    `SELECT sum(amount) AS gmv FROM orders WHERE status = 'paid' AND amount > 0 AND pay_time >= $1 AND pay_time < $2`,
    [start, end],
  );
  const asked = await baton(['ask', 'What was GMV last month?', '--json']);
  expect(asked.code).toBe(0);
  const output = JSON.parse(asked.stdout) as {
    workflowId: string;
    status: string;
    answer: string;
    metrics: { name: string; value: number }[];
  };
  expect(output.workflowId).toMatch(/^analysis-[0-9a-f]{8}$/);
  expect(output.status).toBe('completed');
  expect(output.metrics[0]?.name).toBe('gmv');
  expect(output.metrics[0]?.value).toBeCloseTo(Number(rows[0]?.gmv), 2);

  const status = await baton(['status', output.workflowId, '--json']);
  expect(status.code).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({ workflowId: output.workflowId, runStatus: 'COMPLETED', batonStatus: 'completed' });

  const result = await baton(['result', output.workflowId]);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(output.answer.split('\n')[0]);
});

test('ask without --json shows step progress while it runs, then the answer', async () => {
  const { code, stdout, stderr } = await baton(['ask', '上个月订单量是多少？']);
  expect(code).toBe(0);
  expect(stderr).toMatch(/analysis-[0-9a-f]{8} started/);
  expect(stderr).toMatch(/s1 订单量 · \d{4}年\d{1,2}月 · passed/);
  expect(stdout).toMatch(/completed/);
  expect(stdout).toMatch(/订单量为 [\d,]+。/);
});

test('status of an unknown run says so', async () => {
  const { code, stderr } = await baton(['status', 'analysis-doesnotexist']);
  expect(code).toBe(1);
  expect(stderr).toMatch(/error: no run with id analysis-doesnotexist|not found/i);
});
