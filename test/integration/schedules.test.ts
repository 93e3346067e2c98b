/**
 * Scheduled analyses against the real Temporal server and PostgreSQL (docs/schedules.md).
 *
 * A demo shop seeded with planted changes (华东's order amounts drop to a quarter in 2026-W39 and come back in
 * 2026-W43) in a database of its own; a weekly schedule ("why did 华东's AOV change last week?") backfilled over
 * six Mondays must alert on exactly the two planted weeks (precision and recall 1.0; all 12 weeks:
 * `npm run backfill:planted`). A local HTTP server receives the webhooks: the signature, the idempotency key and the
 * body's numbers are checked against hand-written SQL; a file sink gets one line per alert. Two schedules in
 * Asia/Shanghai and America/New_York, scheduled near a clock change, answer for the week of their own time zone.
 * Bad input is refused before anything is created, and `baton runs --schedule` lists a schedule's runs.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { fullResult } from '../../src/storage/run-record';
import { seedDatabase } from '../../src/seed/load';
import { isoWeekOf, parsePlantWeeks } from '../../src/seed/plant';
import { MINUTE } from '../../src/seed/calendar';
import type { AlertBody, ScheduleConfig } from '../../src/schedules/contract';
import { backfillSchedule, createSchedule } from '../../src/schedules/service';
import { scheduleRuns } from '../../src/schedules/store';
import type { RunResult } from '../../src/contracts';
import { runCli, testConfig, withWorker } from '../helpers';

jest.setTimeout(400_000);
const SECRET = 'test-secret-for-schedules';
process.env.BATON_ALERT_SECRET = SECRET;

const harness = withWorker('schedules');
const systemDb = testConfig().databaseUrl;
const plantedDb = systemDb.replace(/\/([^/?]+)(\?|$)/, '/$1_planted$2');
const PLANTED = '2026-W39,2026-W43';
const ANCHOR = '2026-12-01';
const QUESTION = '华东上周客单价为什么变化？';

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}
const received: Received[] = [];
let server: http.Server;
let url = '';
const sinkFile = path.join(os.tmpdir(), `baton-schedules-${randomBytes(3).toString('hex')}.jsonl`);
let pool: Pool;

beforeAll(async () => {
  await seedDatabase(plantedDb, ANCHOR, undefined, { plantWeeks: parsePlantWeeks(PLANTED) });
  pool = new Pool({ connectionString: plantedDb, max: 2 });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      received.push({ body, headers: req.headers, at: Date.now() });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await pool.end();
  fs.rmSync(sinkFile, { force: true });
});

function configFor(id: string, question: string, timezone: string, extra: Partial<ScheduleConfig> = {}): ScheduleConfig {
  return { scheduleId: id, question, timezone, databaseUrl: plantedDb, alerts: [], when: [], level: 0.05, ...extra };
}

/** Waits until the schedule has recorded `n` runs. */
async function waitForRuns(id: string, n: number, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const runs = await scheduleRuns(systemDb, id);
    if (runs.length >= n) return runs.sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime));
    if (Date.now() - started > timeoutMs) throw new Error(`${id}: ${runs.length} of ${n} runs within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The ISO week a run answers for ("last week" as of its date): the week before its as-of date's. */
const answeredWeek = (asOf: string) => isoWeekOf(Date.parse(`${asOf}T00:00:00Z`) / MINUTE - 7 * 24 * 60);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? 0) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

test('a weekly schedule backfilled over six weeks (twelve in npm run backfill:planted) alerts on exactly the planted weeks, signed, once each', async () => {
  const id = `planted-${randomBytes(3).toString('hex')}`;
  const config = configFor(id, QUESTION, 'Asia/Shanghai', {
    alerts: [
      { kind: 'webhook', url },
      { kind: 'file', path: sinkFile },
    ],
  });
  await createSchedule(harness.client, {
    config,
    taskQueue: harness.config.taskQueue,
    cron: '0 9 * * MON',
    overlap: 'skip',
    catchupWindowMs: 60_000,
    paused: true,
  });
  // Mondays 09:00 Asia/Shanghai (01:00 UTC): six from 2026-09-21 (W38 to W43), or twelve from 2026-09-14 (W37 to W48,
  // BATON_SCHEDULE_WEEKS=12, `npm run backfill:planted`).
  const count = Number(process.env.BATON_SCHEDULE_WEEKS ?? '6');
  const first = Date.parse(count > 6 ? '2026-09-14T01:00:00Z' : '2026-09-21T01:00:00Z');
  const last = first + (count - 1) * 7 * 86_400_000;
  await backfillSchedule(harness.client, id, new Date(first - 3_600_000), new Date(last + 3_600_000));
  const runs = await waitForRuns(id, count, 25_000 * count);
  const weeks = runs.map((r) => answeredWeek(r.asOf));
  expect(weeks).toEqual(
    Array.from({ length: count }, (_, i) => answeredWeek(new Date(first + i * 7 * 86_400_000).toISOString().slice(0, 10))),
  );
  const planted = new Set(PLANTED.split(','));
  const alerted = new Set(runs.filter((r) => r.decision !== 'no_material_change').map((r) => answeredWeek(r.asOf)));
  const hits = [...alerted].filter((w) => planted.has(w)).length;
  const inRange = [...planted].filter((w) => weeks.includes(w));
  const precision = alerted.size ? hits / alerted.size : 0;
  const recall = hits / inRange.length;
  console.log(`planted weeks ${[...planted].join(', ')}; alerted ${[...alerted].join(', ')}; precision ${precision}, recall ${recall}`);
  expect(precision).toBe(1);
  expect(recall).toBe(1);
  expect(runs.filter((r) => r.decision === 'no_material_change').every((r) => r.summary.status === 'completed')).toBe(true);

  // The webhooks: one per alert, signed, keyed by the scheduled run; the body's numbers are the database's.
  const deadline = Date.now() + 20_000;
  while (received.filter((r) => r.body.includes(id)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const hooks = received.filter((r) => r.body.includes(id));
  const keys = new Set(hooks.map((h) => h.headers['idempotency-key']));
  expect(keys.size).toBe(2);
  const latencies: number[] = [];
  for (const hook of hooks) {
    expect(hook.headers['x-baton-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(hook.body).digest('hex')}`);
    const alert = JSON.parse(hook.body) as AlertBody;
    expect(alert.key).toBe(hook.headers['idempotency-key']);
    expect(alert.key).toBe(`${id}-run-${alert.scheduledTime.replace('.000Z', 'Z')}@${alert.scheduledTime}`);
    expect(alert.decision).toBe('significant_change');
    expect(alert.pValue).toBeLessThan(0.05);
    // Hand-written SQL: 华东's AOV (paid, positive, booked at pay time) in the answered week and the week before.
    const weekStart = new Date(Date.parse(`${alert.asOf}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    const { rows } = await pool.query<{ before: string; after: string }>(
      `SELECT sum(o.amount) FILTER (WHERE o.pay_time < $1::date) / count(*) FILTER (WHERE o.pay_time < $1::date) AS before,
              sum(o.amount) FILTER (WHERE o.pay_time >= $1::date) / count(*) FILTER (WHERE o.pay_time >= $1::date) AS after
         FROM orders o JOIN users u USING (user_id)
        WHERE u.region = '华东' AND o.status = 'paid' AND o.amount > 0
          AND o.pay_time >= $1::date - 7 AND o.pay_time < $1::date + 7`,
      [weekStart],
    );
    expect(alert.before).toBeCloseTo(Number(rows[0]?.before), 6);
    expect(alert.after).toBeCloseTo(Number(rows[0]?.after), 6);
    expect(alert.change).toBeCloseTo(Number(rows[0]?.after) - Number(rows[0]?.before), 6);
    expect(alert.mainContributor).not.toBeNull();
    expect(alert.text).toContain(alert.runId);
    const child = await harness.client.workflow.getHandle(alert.runId).describe();
    latencies.push(hook.at - (child.closeTime?.getTime() ?? hook.at));
  }
  console.log(`alert delivery, run end → webhook received: median ${median(latencies)} ms (${latencies.join(', ')} ms)`);
  // The file sink: one line per alert key.
  const lines = fs
    .readFileSync(sinkFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as AlertBody)
    .filter((a) => a.scheduleId === id);
  expect(lines.map((l) => l.key).sort()).toEqual([...keys].sort());

  // baton runs --schedule lists the schedule's analysis runs, and nothing else.
  const listed = await runCli(['runs', '--schedule', id, '--json', '--limit', '50'], { BATON_TASK_QUEUE: harness.config.taskQueue });
  expect(listed.code).toBe(0);
  const rows = JSON.parse(listed.stdout) as { workflowId: string }[];
  expect(rows.map((r) => r.workflowId).sort()).toEqual(runs.map((r) => r.runId).sort());
  const shown = await runCli(['schedule', 'show', id]);
  expect(shown.stdout).toContain('significant_change');
  expect(shown.stdout).toContain('delivered');
});

test('each run answers for the week of its own time zone, across a daylight-saving change', async () => {
  // 2026-11-01 02:00 New York falls back to EST. Sunday 21:30 there is Monday 02:30 UTC: still Sunday's week in New York.
  // Monday 00:30 in Shanghai is Sunday 16:30 UTC: already Monday's week in Shanghai.
  const cases = [
    {
      zone: 'America/New_York',
      cron: '30 21 * * SUN',
      at: '2026-11-02T02:30:00Z',
      asOf: '2026-11-01',
      window: ['2026-10-19', '2026-10-26'],
    },
    { zone: 'Asia/Shanghai', cron: '30 0 * * MON', at: '2026-11-01T16:30:00Z', asOf: '2026-11-02', window: ['2026-10-26', '2026-11-02'] },
  ];
  await Promise.all(
    cases.map(async (c) => {
      const id = `tz-${c.zone.split('/')[1]?.toLowerCase()}-${randomBytes(3).toString('hex')}`;
      const config = configFor(id, 'GMV last week', c.zone);
      await createSchedule(harness.client, {
        config,
        taskQueue: harness.config.taskQueue,
        cron: c.cron,
        overlap: 'skip',
        catchupWindowMs: 60_000,
        paused: true,
      });
      const at = Date.parse(c.at);
      await backfillSchedule(harness.client, id, new Date(at - 60_000), new Date(at + 60_000));
      const [run] = await waitForRuns(id, 1, 60_000);
      expect(run?.scheduledTime).toBe(new Date(at).toISOString());
      expect(run?.asOf).toBe(c.asOf);
      const result = await fullResult((await harness.client.workflow.getHandle(run?.runId ?? '').result()) as RunResult);
      expect([result.reading?.window?.start, result.reading?.window?.end]).toEqual(c.window);
    }),
  );
});

test('bad input is refused before anything is created, naming what is wrong', async () => {
  const env = { BATON_TASK_QUEUE: harness.config.taskQueue };
  const add = (...args: string[]) => runCli(['schedule', 'add', QUESTION, '--id', `bad-${randomBytes(3).toString('hex')}`, ...args], env);
  const [cron, zone, when, hook, unanswerable] = await Promise.all([
    add('--cron', '0 9 * * FOO'),
    add('--cron', '0 9 * * MON', '--timezone', 'Mars/Olympus'),
    add('--cron', '0 9 * * MON', '--when', 'happiness < 0.2'),
    add('--cron', '0 9 * * MON', '--alert', 'webhook:ftp://example.com/x'),
    runCli(['schedule', 'add', '上个月天气怎么样？', '--cron', '0 9 * * MON', '--id', `bad-answer-${randomBytes(3).toString('hex')}`], env),
  ]);
  expect([cron.code, zone.code, when.code, hook.code, unanswerable.code]).toEqual([2, 2, 2, 2, 2]);
  expect(cron.stderr).toContain('--cron "0 9 * * FOO" does not parse');
  expect(zone.stderr).toContain('"Mars/Olympus" is not a time zone');
  expect(when.stderr).toContain('no metric "happiness"');
  expect(hook.stderr).toContain('must be http or https');
  expect(unanswerable.stderr).toContain('cannot answer');
  const ids: string[] = [];
  for await (const s of harness.client.schedule.list()) ids.push(s.scheduleId);
  expect(ids.filter((i) => i.startsWith('bad-'))).toEqual([]);
});
