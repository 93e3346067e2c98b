/**
 * npm run bench:scale [-- --scales 1,10,100] [--runs R] [--no-docs] [--no-explain] [--reseed]
 *
 * Time as the data grows: the demo shop at K = 1, 10 and 100 times its size (`baton seed --scale K`: about 75
 * thousand, 750 thousand and 7.5 million orders), each in its own database (BENCH_SCALE_DATABASE_URL with {K} in it,
 * default postgres://postgres@127.0.0.1:5432/baton_bench_k{K}), seeded when its manifest does not say it holds that
 * scale ending last month, reused otherwise. On a dev server of its own (port BENCH_SCALE_TEMPORAL_PORT = 7332,
 * history in .data/bench/temporal-scale) and one in-process worker kept warm, it asks the three demo questions
 * (attribution, comparison, trend) against each database: a warm-up run (--warmup each|scale|first), then R timed runs (default 3), end to end
 * (start to result). Every query the runs send to the analysed database is logged (BATON_SQL_LOG) with its time, so the
 * table says how much of a run is SQL and which agent's queries weigh most; unless --no-explain, every distinct query
 * is EXPLAINed on each database, and a plan that reads a whole demo table (a sequential scan of orders, order_items or
 * users) is counted and named. Plans go to .data/bench/scale-plans-k{K}.txt.
 *
 * Prints the tables and (unless --no-docs) rewrites the marked section of docs/performance.md and writes
 * docs/performance-scale.svg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { Command } from 'commander';
import { Pool } from 'pg';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import { machineLine, postgresVersion } from './bench/machine';
import { dataConverterFromEnv } from '../src/temporal/codec';
import { loadConfig, runDate } from '../src/settings/config';
import { loadCatalog } from '../src/catalog/catalog';
import type { AnalysisResult } from '../src/contracts';
import { fullResult } from '../src/storage/run-record';
import { seedMonths } from '../src/seed/calendar';
import { readManifest, seedDatabase } from '../src/seed/load';
import { createWorker } from '../src/worker';
import { analysisWorkflow } from '../src/workflows';
import { closePools } from '../src/storage/db';

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.join(ROOT, '.data', 'bench');
const PORT = Number(process.env.BENCH_SCALE_TEMPORAL_PORT ?? 7332);
const URL_TEMPLATE = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_bench_k{K}';
const DOC = path.join(ROOT, 'docs', 'performance.md');
const CHART = path.join(ROOT, 'docs', 'performance-scale.svg');
const MARK_START = '<!-- bench:scale:start -->';
const MARK_END = '<!-- bench:scale:end -->';
const SEEDS = path.join(DATA, 'scale-seeds.json');
const FACT_TABLES = ['orders', 'order_items', 'users'];

export const QUESTIONS = {
  attribution: '为什么华东区上个月复购率下降了？',
  comparison: '对比一下新老客的客单价变化并找出贡献最大的三个品类',
  trend: 'GMV trend by category over the last 6 months',
} as const;
type QuestionName = keyof typeof QUESTIONS;

const urlFor = (k: number) => URL_TEMPLATE.replaceAll('{K}', String(k));

interface LoggedQuery {
  database: string;
  activity: string | null;
  ms: number;
  rows: number;
  sql: string;
  params: unknown[];
}

interface Cell {
  k: number;
  question: QuestionName;
  times: number[];
  median: number;
  status: string;
  shape: string;
  /** Per timed run: ms in SQL against the analysed database, and by agent (activity type). */
  sqlMs: number;
  sqlByActivity: Record<string, number>;
  queries: number;
  slowest: { activity: string | null; ms: number; sql: string };
}

interface ScaleInfo {
  k: number;
  orders: number;
  users: number;
  lines: number;
  seedSeconds: number | null;
  reused: boolean;
  databaseBytes: number;
  tableBytes: Record<string, number>;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const fmt = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const markdownTable = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function shapeOf(result: AnalysisResult): string {
  if (result.status !== 'completed') {
    const v = result.verification;
    console.log(
      `  ${result.status}: ${result.answer.split('\n').slice(-1).join(' | ').slice(0, 400)}; mismatches: ${JSON.stringify(v?.checked.slice(0, 3) ?? null).slice(0, 800)}; reconciliations failed: ${JSON.stringify(v?.reconciliations.filter((r) => !r.ok) ?? []).slice(0, 600)}`,
    );
  }
  const step = (kind: string) => result.steps.find((s) => s.step.operation.kind === kind);
  const ranked = step('rank_contributors')?.result?.data_summary;
  if (ranked) return `top ${String(ranked.top_dimension)}=${String(ranked.top_segment)}`;
  const trend = step('trend')?.result?.data_summary;
  if (trend) return `trend ${JSON.stringify(trend).slice(0, 60)}`;
  return `${result.metrics.length} metrics`;
}

async function ensureScale(k: number, anchor: string, reseed: boolean, seeds: Record<string, number>): Promise<ScaleInfo> {
  const url = urlFor(k);
  let manifest = reseed ? null : await readManifest(url).catch(() => null);
  const reused = Boolean(manifest && manifest.last_month === seedMonths(anchor).at(-1)?.key && (manifest.scale?.factor ?? 1) === k);
  if (!reused) {
    console.log(`seeding K=${k} into ${url}`);
    const report = await seedDatabase(url, anchor, (m) => process.stderr.write(`  ${m}\n`), { scale: k });
    manifest = report.manifest;
    seeds[String(k)] = report.elapsedMs / 1000;
    fs.writeFileSync(SEEDS, JSON.stringify(seeds, null, 2));
  } else {
    console.log(`K=${k}: reusing ${url} (${manifest?.counts.orders} orders, ends ${manifest?.last_month})`);
  }
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const size = await pool.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    const tables = await pool.query<{ name: string; bytes: string }>(
      `SELECT relname AS name, pg_total_relation_size(oid) AS bytes FROM pg_class WHERE relname = ANY($1) AND relkind = 'r'`,
      [FACT_TABLES],
    );
    return {
      k,
      orders: manifest?.counts.orders ?? 0,
      users: manifest?.counts.users ?? 0,
      lines: manifest?.order_items.lines ?? 0,
      seedSeconds: seeds[String(k)] ?? null,
      reused,
      databaseBytes: Number(size.rows[0]?.bytes ?? 0),
      tableBytes: Object.fromEntries(tables.rows.map((r) => [r.name, Number(r.bytes)])),
    };
  } finally {
    await pool.end();
  }
}

function readLog(file: string): LoggedQuery[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LoggedQuery);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** The time columns a window is read on: every time field of the demo catalog. */
const TIME_COLUMN = /\b(pay_time|order_time|registered_at)\b/;

/**
 * EXPLAIN every distinct query. A sequential scan of a demo table is "whole" when nothing bounds it by time (no
 * window in its filter), "windowed" when its filter holds the window (the planner read the table because the window
 * is a large share of it: six of thirteen months), and "lookup" for users read whole as the build side of a join
 * (the planner's choice over one index probe per row). Plans go to .data/bench/scale-plans-k{K}.txt.
 */
async function explainAll(
  k: number,
  queries: LoggedQuery[],
): Promise<{
  distinct: number;
  indexed: number;
  wholeTable: { activity: string | null; table: string; sql: string }[];
  windowedSeq: number;
  lookupSeq: number;
  file: string;
}> {
  const pool = new Pool({ connectionString: urlFor(k), max: 1 });
  const seen = new Map<string, LoggedQuery>();
  for (const q of queries) seen.set(`${q.sql}\u0000${JSON.stringify(q.params)}`, q);
  const out: string[] = [];
  const wholeTable: { activity: string | null; table: string; sql: string }[] = [];
  let windowedSeq = 0;
  let lookupSeq = 0;
  let indexed = 0;
  try {
    await pool.query('SET jit = off');
    for (const q of seen.values()) {
      const text = (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q.sql}`, q.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const json = (await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${q.sql}`, q.params)).rows[0]?.[
        'QUERY PLAN'
      ][0]?.Plan;
      const nodes: PlanNode[] = [];
      const walk = (n: PlanNode | undefined) => {
        if (!n) return;
        nodes.push(n);
        n.Plans?.forEach(walk);
      };
      walk(json);
      const seqs = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && FACT_TABLES.includes(n['Relation Name'] ?? ''));
      let verdict = nodes.some((n) => /Index/.test(n['Node Type'])) ? 'index' : 'no demo table';
      for (const n of seqs) {
        if (TIME_COLUMN.test(n.Filter ?? '')) {
          windowedSeq += 1;
          verdict = 'windowed seq scan';
        } else if (n['Relation Name'] === 'users' && !n.Filter) {
          lookupSeq += 1;
          verdict = "users read as a join's lookup side";
        } else {
          wholeTable.push({ activity: q.activity, table: n['Relation Name'] ?? '', sql: q.sql });
          verdict = 'WHOLE TABLE';
        }
      }
      if (verdict === 'index') indexed += 1;
      out.push(
        `-- ${q.activity ?? '(no activity)'}, ${q.ms} ms at the run, ${q.rows} rows: ${verdict}\n${q.sql}\n-- params: ${JSON.stringify(q.params)}\n${text}\n`,
      );
    }
  } finally {
    await pool.end();
  }
  const file = path.join(DATA, `scale-plans-k${k}.txt`);
  fs.writeFileSync(file, out.join('\n'));
  return { distinct: seen.size, indexed, wholeTable, windowedSeq, lookupSeq, file };
}

async function chart(cells: Cell[]): Promise<string> {
  const spec: vegaLite.TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'Demo questions end to end by data size (median s, warm worker)',
    data: {
      values: cells.map((c) => ({
        question: c.question,
        K: `K=${c.k} (${c.k * 75}k orders)`,
        seconds: Number((c.median / 1000).toFixed(3)),
      })),
    },
    mark: 'bar',
    encoding: {
      x: { field: 'question', type: 'nominal', title: null, axis: { labelAngle: 0 } },
      xOffset: { field: 'K', sort: null },
      y: { field: 'seconds', type: 'quantitative', title: 'seconds' },
      color: { field: 'K', type: 'nominal', sort: null, legend: { orient: 'bottom', title: null } },
      tooltip: [{ field: 'question' }, { field: 'K' }, { field: 'seconds' }],
    },
    width: 560,
    height: 260,
  };
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

function machine(): string {
  return machineLine([`Node ${process.version}`, `PostgreSQL ${postgresVersion(urlFor(1))}`]);
}

function planLine(p: Awaited<ReturnType<typeof explainAll>>): string {
  const whole =
    p.wholeTable.length === 0
      ? 'none reads a whole demo table without a time bound'
      : `${p.wholeTable.length} read a whole demo table without a time bound: ${p.wholeTable.map((w) => `${w.activity} (${w.table})`).join(', ')}`;
  return `${p.distinct} distinct queries, ${p.indexed} through indexes only; ${whole}; ${p.windowedSeq} sequential scans filtered by the window (the planner read the table and filtered it by the run's window, cheaper than the index for a large share of it), ${p.lookupSeq} of users read whole as a hash join's lookup side`;
}

async function main(): Promise<void> {
  const program = new Command()
    .name('bench:scale')
    .option('--scales <list>', 'comma-separated scale factors K', '1,10,100')
    .option('--runs <n>', 'timed runs per (question, K), after one warm-up', (v) => Number(v), 3)
    .option('--questions <list>', `comma-separated questions (${Object.keys(QUESTIONS).join(',')})`, Object.keys(QUESTIONS).join(','))
    .option('--reseed', 'seed every scale again even when its manifest matches', false)
    .option(
      '--warmup <when>',
      'a warm-up run before each (question, K) ("each"), before the first question of each K ("scale"), or once ("first")',
      'each',
    )
    .option('--no-explain', 'do not EXPLAIN the logged queries')
    .option('--no-docs', 'do not rewrite docs/performance.md and its chart')
    .option('--json <file>', 'also write the measurements as JSON')
    .parse();
  const opts = program.opts<{
    scales: string;
    runs: number;
    questions: string;
    reseed: boolean;
    warmup: string;
    explain: boolean;
    docs: boolean;
    json?: string;
  }>();
  const scales = opts.scales
    .split(',')
    .map(Number)
    .filter((k) => Number.isInteger(k) && k >= 1);
  const questions = opts.questions.split(',').filter((q): q is QuestionName => q in QUESTIONS);
  // The settings that change what is measured, as the command line that reproduces the run.
  const envs = ['BENCH_SCALE_DATABASE_URL', 'BENCH_SCALE_TEMPORAL_PORT', 'BATON_TODAY']
    .filter((e) => process.env[e])
    .map((e) => `${e}='${process.env[e] ?? ''}' `)
    .join('');
  const command = `${envs}npm run bench:scale${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const machineLine = machine();
  console.log(`${command}\n${machineLine}\n`);
  fs.mkdirSync(DATA, { recursive: true });
  const seeds = fs.existsSync(SEEDS) ? (JSON.parse(fs.readFileSync(SEEDS, 'utf8')) as Record<string, number>) : {};

  // Runs keep their records in the first scale's database; the worker reads each run's own database.
  process.env.DATABASE_URL = urlFor(scales[0] ?? 1);
  process.env.TEMPORAL_ADDRESS = `127.0.0.1:${PORT}`;
  process.env.BATON_TASK_QUEUE = 'bench-scale';
  const config = loadConfig();
  const catalogZone = loadCatalog(config.catalogPath).timezone;
  const asOf = runDate(catalogZone, config.timeZoneOverride);
  const infos: ScaleInfo[] = [];
  for (const k of scales) infos.push(await ensureScale(k, asOf, opts.reseed, seeds));

  const dataDir = path.join(DATA, 'temporal-scale');
  const env = { ...process.env, TEMPORAL_PORT: String(PORT), TEMPORAL_HEADLESS: '1', BATON_DATA_DIR: dataDir };
  const server = path.join(ROOT, 'scripts', 'temporal-server.sh');
  execFileSync('bash', [server, 'stop'], { env, stdio: 'ignore' });
  fs.rmSync(dataDir, { recursive: true, force: true });
  execFileSync('bash', [server, 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const { worker, connection: workerConnection } = await createWorker({ config });
  const running = worker.run();
  const connection = await Connection.connect({ address: config.temporalAddress });
  const client = new Client({ connection, namespace: config.temporalNamespace, dataConverter: dataConverterFromEnv() });
  const cells: Cell[] = [];
  const logs = new Map<number, LoggedQuery[]>();
  let counter = 0;
  try {
    for (const k of scales) {
      for (const question of questions) {
        const ask = async (log: string | null) => {
          if (log) process.env.BATON_SQL_LOG = log;
          else delete process.env.BATON_SQL_LOG;
          const started = Date.now();
          const small = await client.workflow.execute(analysisWorkflow, {
            workflowId: `bench-scale-k${k}-${question}-${process.pid}-${counter++}`,
            taskQueue: config.taskQueue,
            args: [{ question: QUESTIONS[question], asOf, databaseUrl: urlFor(k) }],
          });
          const elapsed = Date.now() - started;
          delete process.env.BATON_SQL_LOG;
          return { elapsed, result: await fullResult(small) };
        };
        // Warm-up: the worker's caches, the database's buffers.
        if (
          opts.warmup === 'each' ||
          (opts.warmup === 'scale' && question === questions[0]) ||
          (k === scales[0] && question === questions[0])
        )
          await ask(null);
        const times: number[] = [];
        const perRun: LoggedQuery[][] = [];
        let last: AnalysisResult | null = null;
        for (let i = 0; i < opts.runs; i++) {
          const log = path.join(DATA, `scale-sql-k${k}-${question}-${i}.jsonl`);
          fs.rmSync(log, { force: true });
          const { elapsed, result } = await ask(log);
          times.push(elapsed);
          last = result;
          perRun.push(readLog(log));
        }
        const all = perRun.flat();
        logs.set(k, [...(logs.get(k) ?? []), ...all]);
        const byActivity: Record<string, number> = {};
        for (const q of all) byActivity[q.activity ?? '(none)'] = (byActivity[q.activity ?? '(none)'] ?? 0) + q.ms / opts.runs;
        const slowest = all.reduce<LoggedQuery | null>((a, b) => (!a || b.ms > a.ms ? b : a), null);
        const cell: Cell = {
          k,
          question,
          times,
          median: median(times),
          status: last?.status ?? 'n/a',
          shape: last ? shapeOf(last) : '',
          sqlMs: all.reduce((s, q) => s + q.ms, 0) / opts.runs,
          sqlByActivity: byActivity,
          queries: all.length / opts.runs,
          slowest: {
            activity: slowest?.activity ?? null,
            ms: slowest?.ms ?? 0,
            sql: (slowest?.sql ?? '').replace(/\s+/g, ' ').slice(0, 160),
          },
        };
        cells.push(cell);
        console.log(
          `K=${k} ${question}: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s (median ${(cell.median / 1000).toFixed(2)} s), ${cell.status}, ${cell.shape}; SQL ${(cell.sqlMs / 1000).toFixed(2)} s in ${cell.queries} queries, slowest ${cell.slowest.ms} ms (${cell.slowest.activity})`,
        );
      }
    }
  } finally {
    await connection.close();
    worker.shutdown();
    await running;
    await workerConnection.close();
    execFileSync('bash', [server, 'stop'], { env, stdio: 'ignore' });
  }

  const plans: Record<number, Awaited<ReturnType<typeof explainAll>>> = {};
  if (opts.explain) {
    for (const k of scales) {
      plans[k] = await explainAll(k, logs.get(k) ?? []);
      console.log(`K=${k}: ${planLine(plans[k])} (${path.relative(ROOT, plans[k].file)})`);
    }
  }
  await closePools();

  const base = (q: QuestionName) => cells.find((c) => c.question === q && c.k === scales[0]);
  const scaleTable = markdownTable(
    ['K', 'orders', 'users', 'order lines', 'seed time', 'database size', 'orders table', 'order_items table', 'users table'],
    infos.map((i) => [
      String(i.k),
      i.orders.toLocaleString('en-US'),
      i.users.toLocaleString('en-US'),
      i.lines.toLocaleString('en-US'),
      i.seedSeconds === null ? 'n/a' : `${fmt(i.seedSeconds, 1)} s${i.reused ? ' (earlier)' : ''}`,
      mb(i.databaseBytes),
      mb(i.tableBytes.orders ?? 0),
      mb(i.tableBytes.order_items ?? 0),
      mb(i.tableBytes.users ?? 0),
    ]),
  );
  const timeTable = markdownTable(
    [
      'question',
      'K',
      'end to end (median)',
      `vs K=${scales[0]}`,
      'runs (s)',
      'SQL per run',
      'queries',
      'SQL by agent (ms)',
      'status, shape',
    ],
    cells.map((c) => [
      c.question,
      String(c.k),
      `${fmt(c.median / 1000)} s`,
      `×${fmt(c.median / (base(c.question)?.median ?? NaN))}`,
      c.times.map((t) => fmt(t / 1000)).join(', '),
      `${fmt(c.sqlMs / 1000)} s`,
      String(c.queries),
      Object.entries(c.sqlByActivity)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([a, ms]) => `${a} ${Math.round(ms)}`)
        .join(', '),
      `${c.status}, ${c.shape}`,
    ]),
  );
  const planLines = Object.entries(plans).map(([k, p]) => `- K=${k}: ${planLine(p)}`);
  console.log(`\n${scaleTable}\n\n${timeTable}\n${planLines.length ? `\n${planLines.join('\n')}\n` : ''}`);
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ machine: machineLine, command, scales: infos, cells, plans }, null, 2));

  if (opts.docs) {
    fs.writeFileSync(CHART, await chart(cells));
    const section = [
      MARK_START,
      `Measured with \`${command}\` on ${new Date().toISOString().slice(0, 10)}, on ${machineLine}.`,
      '',
      '**The data** (`baton seed --scale K`):',
      '',
      scaleTable,
      '',
      `**The demo questions** (${opts.warmup === 'each' ? 'one warm-up run each' : opts.warmup === 'scale' ? 'one warm-up run before the first question at each K' : 'one warm-up run before the first question'}, then ${opts.runs} timed run${opts.runs === 1 ? '' : 's'} each, end to end on a warm in-process worker, the run alone; SQL is the time of the queries against the analysed database, from BATON_SQL_LOG):`,
      '',
      timeTable,
      '',
      ...(planLines.length
        ? [
            "**Plans** (every distinct query of those runs EXPLAINed on its database; each sequential scan of orders, order_items or users classified by whether the run's window bounds it):",
            '',
            ...planLines,
            '',
          ]
        : []),
      '![Demo questions by data size](performance-scale.svg)',
      MARK_END,
    ].join('\n');
    const doc = fs.readFileSync(DOC, 'utf8');
    const start = doc.indexOf(MARK_START);
    const end = doc.indexOf(MARK_END);
    const next =
      start >= 0 && end > start
        ? doc.slice(0, start) + section + doc.slice(end + MARK_END.length)
        : `${doc.trimEnd()}\n\n## Time as the data grows\n\n${section}\n`;
    fs.writeFileSync(DOC, next);
    console.log(`wrote ${path.relative(ROOT, DOC)} and ${path.relative(ROOT, CHART)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
