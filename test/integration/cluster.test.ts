/**
 * The production shape: a Temporal cluster on PostgreSQL (scripts/temporal-cluster.sh), not the dev server.
 *   - `baton up --cluster` starts the server (its four services in one process), its Web UI and a worker, with the
 *     cluster's persistence on a private PostgreSQL; a question is answered through it; the search attributes are
 *     registered, the Web UI reads the run, the server's Prometheus endpoint counts its work; `baton down` stops it all.
 *   - a short cluster chaos run: worker SIGKILLs, a SIGKILL of the whole server and a restart of the PostgreSQL
 *     that holds its history, with 2 worker processes; every run matches its fault-free baseline.
 * Ports (docs/reference.md, "The Temporal cluster"): frontend 7271, Web UI 8271, internal 7272-7276, membership 6973-6979,
 * the private PostgreSQL 5442. The binaries are built by scripts/test.sh (skipped when present).
 */
import { Client, Connection } from '@temporalio/client';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChaosSummary } from '../../scripts/chaos';
import { runCli, uniqueTaskQueue } from '../helpers';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts', 'temporal-cluster.sh');
const PORT = 7271;
const PORTS = {
  frontend: PORT,
  ui: PORT + 1000,
  base: PORT - 1, // history +2, matching +3, worker +4, HTTP +5, metrics +6
  membership: 6970,
  postgres: 5442,
};
const dataRoot = path.resolve(ROOT, process.env.BATON_DATA_DIR ?? '.data/test');

function clusterEnv(dataDir: string): Record<string, string> {
  return {
    BATON_DATA_DIR: dataDir,
    TEMPORAL_PORT: String(PORTS.frontend),
    TEMPORAL_ADDRESS: `127.0.0.1:${PORTS.frontend}`,
    TEMPORAL_UI_PORT: String(PORTS.ui),
    TEMPORAL_UI_URL: `http://localhost:${PORTS.ui}`,
    TEMPORAL_CLUSTER_PORT_BASE: String(PORTS.base),
    TEMPORAL_CLUSTER_MEMBERSHIP_PORT_BASE: String(PORTS.membership),
    TEMPORAL_CLUSTER_DATABASE_URL: `postgres://postgres@127.0.0.1:${PORTS.postgres}/baton_cl_temporal`,
    TEMPORAL_CLUSTER_PG_DIR: path.join(dataDir, 'postgresql'),
    TEMPORAL_HEADLESS: '0',
  };
}

function script(args: string[], env: Record<string, string>): void {
  const result = spawnSync('bash', [SCRIPT, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`temporal-cluster.sh ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
}

test('baton up --cluster: a Temporal cluster on PostgreSQL answers a question; its Web UI, search attributes and metrics work; baton down stops it', async () => {
  const dataDir = path.join(dataRoot, 'cluster-up');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { ...clusterEnv(dataDir), BATON_TASK_QUEUE: uniqueTaskQueue('cluster-up') };
  script(['pg', 'start'], env);
  try {
    const upped = await runCli(['up', '--cluster'], env);
    expect(upped.stderr).not.toContain('error');
    expect(upped.code).toBe(0);
    expect(upped.stdout).toContain(`Temporal cluster answering on 127.0.0.1:${PORTS.frontend}`);
    expect(upped.stdout).toContain('worker started');
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'up.json'), 'utf8'))).toEqual({ temporal: 'cluster' });

    const asked = await runCli(['ask', '上个月各区域的GMV', '--json'], env);
    expect(asked.code).toBe(0);
    const answer = JSON.parse(asked.stdout) as { workflowId: string; status: string; metrics: unknown[] };
    expect(answer.status).toBe('completed');
    expect(answer.metrics.length).toBeGreaterThan(0);

    // The run is in the cluster's history (PostgreSQL) and found by its search attribute (SQL visibility).
    const connection = await Connection.connect({ address: `127.0.0.1:${PORTS.frontend}` });
    try {
      const client = new Client({ connection });
      const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace: 'default' });
      expect(Object.keys(customAttributes ?? {})).toEqual(expect.arrayContaining(['BatonIntent', 'BatonStatus']));
      const description = await client.workflow.getHandle(answer.workflowId).describe();
      expect(description.status.name).toBe('COMPLETED');
      let found = 0;
      for (let i = 0; i < 20 && found === 0; i++) {
        for await (const w of client.workflow.list({ query: `WorkflowId = '${answer.workflowId}' AND BatonStatus = 'completed'` }))
          if (w.workflowId === answer.workflowId) found++;
        if (found === 0) await new Promise((r) => setTimeout(r, 500));
      }
      expect(found).toBe(1);
    } finally {
      await connection.close();
    }

    // The Web UI serves its page and reads the run from the cluster.
    const page = await fetch(`http://127.0.0.1:${PORTS.ui}/`);
    expect(page.status).toBe(200);
    const api = await fetch(`http://127.0.0.1:${PORTS.ui}/api/v1/namespaces/default/workflows/${answer.workflowId}`);
    expect(api.status).toBe(200);
    expect(await api.text()).toContain(answer.workflowId);

    // The server's Prometheus endpoint counts its requests and its persistence calls.
    const metrics = await (await fetch(`http://127.0.0.1:${PORTS.base + 6}/metrics`)).text();
    const counter = (name: string) =>
      metrics
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`))
        .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    expect(counter('service_requests')).toBeGreaterThan(0);
    expect(counter('persistence_requests')).toBeGreaterThan(0);
  } finally {
    const downed = await runCli(['down'], env);
    script(['pg', 'stop'], env);
    expect(downed.code).toBe(0);
    expect(downed.stdout).toContain('Temporal cluster stopped');
  }
  expect(fs.existsSync(path.join(dataDir, 'up.json'))).toBe(false);
  const health = spawnSync(
    path.join(ROOT, '.tools', 'bin', 'temporal'),
    ['operator', 'cluster', 'health', '--address', `127.0.0.1:${PORTS.frontend}`],
    { timeout: 10_000 },
  );
  expect(health.status).not.toBe(0);
}, 180_000);

test('a short cluster chaos run: a server SIGKILL and a PostgreSQL restart under worker kills; every run matches its baseline', async () => {
  const seed = Number(process.env.BATON_CHAOS_SEED ?? 1 + Math.floor(Math.random() * 1_000_000));
  console.log(`cluster chaos test seed ${seed} (repeat with BATON_CHAOS_SEED=${seed})`);
  const json = path.join(os.tmpdir(), `baton-cluster-chaos-${process.pid}.json`);
  const env = {
    ...process.env,
    NO_COLOR: '1',
    BATON_CHAOS_TEMPORAL_PORT: String(PORTS.frontend),
    BATON_CHAOS_CLUSTER_PORT_BASE: String(PORTS.base),
    BATON_CHAOS_CLUSTER_MEMBERSHIP_PORT_BASE: String(PORTS.membership),
    BATON_CHAOS_CLUSTER_PG_PORT: String(PORTS.postgres),
    BATON_CHAOS_DATA_DIR: path.join(dataRoot, 'chaos-cluster'),
  };
  const output = await new Promise<string>((resolve) => {
    let text = '';
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'dist', 'scripts', 'chaos.js'),
        '--cluster',
        '--workers',
        '2',
        '--workflows',
        '8',
        '--duration',
        '30',
        '--kill-every',
        '5-9',
        '--activity-delay',
        '300',
        '--seed',
        String(seed),
        '--timeout',
        '120',
        '--json',
        json,
      ],
      // Past 4 minutes it is stopped with SIGTERM, on which it stops its workers, the cluster and its PostgreSQL.
      { env, timeout: 240_000, killSignal: 'SIGTERM' },
    );
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('close', () => resolve(text));
  });
  console.log(
    output
      .split('\n')
      .filter((l) => /SIGKILL the Temporal|restarting the PostgreSQL|PASS|FAIL|same as baseline|faults {10}/.test(l))
      .join('\n'),
  );
  expect(output).toContain('PASS: every run completed');
  const summary = JSON.parse(fs.readFileSync(json, 'utf8')) as ChaosSummary;
  expect(summary).toMatchObject({
    seed,
    temporal: 'cluster',
    workers: 2,
    workflows: 8,
    completed: 8,
    failed: 0,
    stuck: 0,
    identicalToBaseline: 8,
    differences: [],
    duplicateArtifacts: 0,
  });
  expect(summary.faults).toMatchObject({ unplannedWorkerExits: 0, serverKills: 1, temporalRestarts: 1, persistenceRestarts: 1 });
  expect(summary.faults.workerKills).toBeGreaterThanOrEqual(2);
  fs.rmSync(json, { force: true });
}, 300_000);
