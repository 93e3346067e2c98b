// `npm run bench:orchestration -- --quick` on the two engines that need no Temporal server of their own (the state
// file and LangGraph + PostgresSaver): the bench runs, every figure it reports is a real measurement, and its
// recovery SIGKILLs the pipeline mid-agent and redoes exactly that agent. (Engine a, Temporal, starts a dev server
// and is left to the bench itself: docs/performance.md.)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Measured {
  engine: string;
  perHopMedian: number;
  perHopP95: number;
  endToEndN10: number;
  stateBytes: number;
  throughput: Record<string, number>;
  recovery: { resumeMs: number; restartToDoneMs: number; redone: number; midAgent: boolean };
}

test('bench:orchestration --quick measures the state-file loop and LangGraph', async () => {
  const database = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_test');
  database.pathname = `${database.pathname}_bench`;
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'bench.json');
  const { stdout } = await run(
    process.execPath,
    [path.join(__dirname, '../..', 'dist', 'scripts', 'bench-orchestration.js'), '--quick', '--engines', 'file,langgraph', '--json', json],
    {
      env: { ...process.env, BENCH_DATABASE_URL: database.toString() },
      timeout: 60_000,
    },
  );
  expect(stdout).toContain('| (b) LangGraph + PostgresSaver |');
  expect(stdout).toContain('| (c) state file + fsync |');
  const { engines } = JSON.parse(fs.readFileSync(json, 'utf8')) as { engines: Measured[] };
  expect(engines.map((e) => e.engine)).toEqual(['langgraph', 'file']);
  for (const e of engines) {
    expect(e.perHopMedian).toBeGreaterThan(0);
    expect(e.perHopP95).toBeGreaterThanOrEqual(e.perHopMedian);
    // Ten agents of 50 ms each: at least their work, and well under the 30 s the test has.
    expect(e.endToEndN10).toBeGreaterThanOrEqual(500);
    expect(e.endToEndN10).toBeLessThan(30_000);
    expect(e.throughput['1']).toBeGreaterThan(0);
    expect(e.throughput['8']).toBeGreaterThan(0);
    // Killed while agent 5 ran: that agent, and only it, runs again.
    expect(e.recovery.midAgent).toBe(true);
    expect(e.recovery.redone).toBe(1);
    expect(e.recovery.resumeMs).toBeGreaterThan(0);
    expect(e.recovery.restartToDoneMs).toBeGreaterThanOrEqual(e.recovery.resumeMs);
  }
  const [langgraph, file] = engines;
  // The file holds one state (~2 KB of hand-off); the checkpointer keeps a checkpoint per node, hand-offs included.
  expect(file?.stateBytes).toBeGreaterThan(2048);
  expect(file?.stateBytes).toBeLessThan(4096);
  expect(langgraph?.stateBytes).toBeGreaterThan(10 * 2048);
}, 60_000);
