/**
 * `npm run chaos:schedules`: a weekly schedule backfilled over twelve weeks on a shop with planted weeks, while its
 * worker is killed (SIGKILL) every 10 to 16 seconds and replaced, and the Temporal dev server is restarted once mid-way.
 * The alerts must be the same as without faults (the planted weeks), each exactly once: the receiver counts distinct
 * idempotency keys and total POSTs, the file sink must hold one line per key. Run by scripts/chaos-schedules.sh,
 * which starts the server (its own port and data dir) and seeds the databases.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../src/settings/config';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { backfillSchedule, createSchedule } from '../src/schedules/service';
import { scheduleRuns } from '../src/schedules/store';
import { closePools } from '../src/storage/db';
import { isoWeekOf } from '../src/seed/plant';
import { MINUTE } from '../src/seed/calendar';

const ROOT = path.resolve(__dirname, '..', '..');
const PLANTED = (process.env.PLANTED_WEEKS ?? '2026-W39,2026-W43').split(',');
const plantedDb = process.env.PLANTED_DATABASE_URL ?? '';
const config = loadConfig();
const taskQueue = `chaos-schedules-${randomBytes(3).toString('hex')}`;
const sinkFile = path.join(config.dataDir, `chaos-schedules-${taskQueue}.jsonl`);

function startWorker(): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'dist/src/worker.js')], {
    env: { ...process.env, BATON_TASK_QUEUE: taskQueue },
    stdio: 'ignore',
  });
}

const restartTemporal = () => {
  spawnSync('bash', [path.join(ROOT, 'scripts/temporal-server.sh'), 'stop'], { stdio: 'ignore' });
  spawnSync('bash', [path.join(ROOT, 'scripts/temporal-server.sh'), 'start'], { stdio: 'ignore' });
};

async function main(): Promise<void> {
  const posts: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    posts.push(String(req.headers['idempotency-key']));
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  let client = new Client({ connection: await Connection.connect(temporalConnectionOptions(config)) });
  const id = `chaos-${randomBytes(3).toString('hex')}`;
  await createSchedule(client, {
    config: {
      scheduleId: id,
      question: '华东上周客单价为什么变化？',
      timezone: 'Asia/Shanghai',
      databaseUrl: plantedDb,
      alerts: [
        { kind: 'webhook', url },
        { kind: 'file', path: sinkFile },
      ],
      when: [],
      level: 0.05,
    },
    taskQueue,
    cron: '0 9 * * MON',
    overlap: 'skip',
    catchupWindowMs: 60_000,
    paused: true,
  });
  await backfillSchedule(client, id, new Date('2026-09-14T00:00:00Z'), new Date('2026-11-30T02:00:00Z'));
  let worker = startWorker();
  let kills = 0;
  let restarted = false;
  const started = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 10_000 + Math.floor(Math.random() * 6000)));
    const done = (await scheduleRuns(config.databaseUrl, id)).length;
    if (done >= 12 || Date.now() - started > 15 * 60_000) break;
    worker.kill('SIGKILL');
    kills++;
    if (!restarted && done >= 6) {
      await client.connection.close();
      restartTemporal();
      client = new Client({ connection: await Connection.connect(temporalConnectionOptions(config)) });
      restarted = true;
    }
    worker = startWorker();
  }
  // Let the last deliveries land.
  await new Promise((r) => setTimeout(r, 8000));
  worker.kill('SIGTERM');
  const runs = (await scheduleRuns(config.databaseUrl, id)).sort((a, b) => a.scheduledTime.localeCompare(b.scheduledTime));
  const week = (asOf: string) => isoWeekOf(Date.parse(`${asOf}T00:00:00Z`) / MINUTE - 7 * 24 * 60);
  const alerted = runs.filter((r) => r.decision !== 'no_material_change').map((r) => week(r.asOf));
  const lines = fs.existsSync(sinkFile) ? fs.readFileSync(sinkFile, 'utf8').trim().split('\n').filter(Boolean) : [];
  const lineKeys = lines.map((l) => (JSON.parse(l) as { key: string }).key);
  const report = {
    runs: runs.length,
    worker_kills: kills,
    temporal_restarted: restarted,
    alerted_weeks: alerted,
    planted_weeks: PLANTED,
    same_alerts: JSON.stringify(alerted) === JSON.stringify(PLANTED),
    webhook_posts: posts.length,
    webhook_distinct_keys: new Set(posts).size,
    file_lines: lines.length,
    file_distinct_keys: new Set(lineKeys).size,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(JSON.stringify(report, null, 2));
  server.close();
  await client.connection.close();
  await closePools();
  const ok =
    report.same_alerts && report.webhook_distinct_keys === alerted.length && report.file_lines === alerted.length && runs.length === 12;
  process.exit(ok ? 0 : 1);
}

void main();
