/**
 * npm run bench:context: how many tokens each agent receives when (a) every prior
 * output is passed in full, and (b) with Baton's hand-off (context isolation,
 * compression by distance, rows behind references), for synthetic chains of 3, 6
 * and 10 steps and, when a Temporal server with a worker answers, for the demo
 * analyses. Must-keep retention: the share of upstream filters, assumptions and
 * excluded paths that reach each agent. Target: >= 90 % fewer tokens at 10 steps,
 * 100 % retention.
 */
import { Client, Connection } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { tokensOf } from '../src/agents/budgets';
import { loadConfig, todayIn } from '../src/settings/config';
import { temporalConnectionOptions } from '../src/temporal/connection';
import type { AnalysisInput, Handoff, StepOutput } from '../src/contracts';
import { relayChain } from '../src/relay/compress';
import { analysisWorkflow } from '../src/workflows';

interface Row {
  name: string;
  agents: number;
  full: number;
  baton: number;
  retention: number;
}

/** A realistic SQL step output: 200 rows of 5 columns, findings, filters, assumptions, excluded paths. */
function syntheticStep(i: number, random: () => number): { full: StepOutput; handoff: Handoff } {
  const rows = Array.from({ length: 200 }, (_, r) => ({
    month: `2026-${String((r % 12) + 1).padStart(2, '0')}`,
    region: `region_${r % 5}`,
    category: `category_${r % 8}`,
    value: Math.round(random() * 1e6) / 100,
    orders: Math.round(random() * 500),
  }));
  const filters = [`status = paid (step ${i})`, `amount > 0 (step ${i})`, `pay_time in [2026-01-01, 2026-11-01) (step ${i})`];
  const assumptions = [`customers are new in their first paid month (step ${i})`, `amounts are CNY incl. tax (step ${i})`];
  const excluded = [`channel=referral ruled out: under 5% of the change (step ${i})`];
  const findings = [
    {
      summary: `Step ${i}: GMV in region_${i % 5} rose ${(random() * 10).toFixed(1)}% month over month.`,
      detail: `computed over ${rows.length} rows`,
      evidence_refs: [`s${i}`],
    },
  ];
  const full: StepOutput = {
    task_id: `s${i}`,
    sql: `SELECT month, region, category, SUM(amount) AS value, COUNT(*) AS orders FROM orders WHERE ... -- step ${i}`,
    params: [],
    result_shape: [rows.length, 5],
    columns: ['month', 'region', 'category', 'value', 'orders'].map((name) => ({ name, type: 'text', meaning: name })),
    rows,
    filters_applied: filters,
    aggregation_logic: ['SUM(amount) grouped by month, region, category'],
    execution_time_ms: 12,
    data_summary: { rows: rows.length, value_sum: rows.reduce((a, r) => a + r.value, 0) },
    anomalies_found: [],
    result_ref: `rows:${i}`,
    value_metric: 'gmv',
    findings,
    assumptions_made: assumptions,
    paths_excluded: excluded,
    memory_entries: [],
    metrics: [],
    calculations_ref: null,
    calculation_count: 0,
  };
  const handoff: Handoff = {
    task_id: `s${i}`,
    description: `step ${i}`,
    layer: 'full',
    kind: 'metric',
    depends_on: i > 1 ? [`s${i - 1}`] : [],
    status: 'passed',
    filters_applied: filters,
    assumptions_made: assumptions,
    paths_excluded: excluded,
    confidence: 0.95,
    findings,
    key_findings: [],
    conclusion: null,
    data_summary: full.data_summary,
    result_shape: full.result_shape,
    anomalies_found: [],
    result_ref: full.result_ref,
  };
  return { full, handoff };
}

function mustKeep(h: Handoff): string[] {
  return [...h.filters_applied, ...h.assumptions_made, ...h.paths_excluded];
}

function syntheticChain(steps: number): Row {
  const rng = xoroshiro128plus(steps);
  const random = () => uniformFloat64(rng);
  const chain = Array.from({ length: steps }, (_, i) => syntheticStep(i + 1, random));
  let full = 0;
  let baton = 0;
  let kept = 0;
  let needed = 0;
  // Agent k (1..steps) works after the k prior steps.
  for (let k = 1; k <= steps; k++) {
    full += tokensOf(chain.slice(0, k).map((c) => c.full));
    const received = relayChain(
      chain.map((c) => c.handoff),
      k,
    );
    baton += tokensOf(received);
    const packet = JSON.stringify(received);
    for (const c of chain.slice(0, k)) {
      for (const item of mustKeep(c.handoff)) {
        needed++;
        if (packet.includes(JSON.stringify(item).slice(1, -1))) kept++;
      }
    }
  }
  return { name: `synthetic chain, ${steps} steps`, agents: steps, full, baton, retention: kept / needed };
}

/** A demo analysis from a live run: what each step and the analysis agent received, against every prior output in full. */
async function demoRun(client: Client, taskQueue: string, question: string): Promise<Row> {
  const workflowId = `analysis-bench-${randomBytes(4).toString('hex')}`;
  await client.workflow.execute(analysisWorkflow, { workflowId, taskQueue, args: [{ question, asOf: todayIn(loadConfig().timeZone) }] });
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const converter = client.options.loadedDataConverter.payloadConverter;
  const scheduled = new Map<string, { type: string; input: unknown }>();
  const outputs: unknown[] = [];
  let full = 0;
  let baton = 0;
  let agents = 0;
  let kept = 0;
  let needed = 0;
  for (const e of history.events ?? []) {
    const s = e.activityTaskScheduledEventAttributes;
    if (s) {
      const input = s.input?.payloads?.[0] ? converter.fromPayload(s.input.payloads[0]) : null;
      scheduled.set(String(e.eventId), { type: s.activityType?.name ?? '', input });
      if (['runSqlStep', 'computeStep', 'analyzeResults', 'writeReport'].includes(s.activityType?.name ?? '')) {
        agents++;
        baton += tokensOf(input);
        full += tokensOf({ question, prior_outputs: outputs });
        if (s.activityType?.name === 'analyzeResults') {
          const packet = JSON.stringify((input as AnalysisInput).chain);
          for (const out of outputs.filter((o): o is StepOutput => typeof o === 'object' && o !== null && 'filters_applied' in o)) {
            for (const item of [...out.filters_applied, ...out.assumptions_made, ...out.paths_excluded]) {
              needed++;
              if (packet.includes(JSON.stringify(item).slice(1, -1))) kept++;
            }
          }
        }
      }
    }
    const c = e.activityTaskCompletedEventAttributes;
    if (c?.result?.payloads?.[0]) outputs.push(converter.fromPayload(c.result.payloads[0]));
  }
  return { name: `demo: ${question}`, agents, full, baton, retention: needed > 0 ? kept / needed : 1 };
}

function print(rows: Row[]): void {
  const header = ['chain', 'agents', 'tokens, full outputs', 'tokens, Baton hand-off', 'reduction', 'must-keep retained'];
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.agents} | ${r.full.toLocaleString('en-US')} | ${r.baton.toLocaleString('en-US')} | ${((1 - r.baton / r.full) * 100).toFixed(1)} % | ${(r.retention * 100).toFixed(1)} % |`,
    );
  }
}

async function run(): Promise<void> {
  const rows = [3, 6, 10].map(syntheticChain);
  const config = loadConfig();
  try {
    const connection = await Connection.connect({ ...temporalConnectionOptions(config), connectTimeout: '2 seconds' });
    const client = new Client({ connection, namespace: config.temporalNamespace });
    for (const q of [
      '为什么华东区上个月复购率下降了？',
      '对比一下新老客的客单价变化并找出贡献最大的三个品类',
      'Show the trend of books GMV',
    ]) {
      rows.push(await demoRun(client, config.taskQueue, q));
    }
    await connection.close();
  } catch (err) {
    console.error(`(demo analyses skipped: ${(err as Error).message.split('\n')[0]}; run "baton up" and "baton seed" to include them)`);
  }
  print(rows);
  const ten = rows.find((r) => r.name === 'synthetic chain, 10 steps');
  const ok = ten !== undefined && 1 - ten.baton / ten.full >= 0.9 && rows.every((r) => r.retention === 1);
  console.log(`\ntarget (>= 90 % fewer tokens at 10 steps, 100 % retention): ${ok ? 'met' : 'NOT met'}`);
  if (!ok) process.exitCode = 1;
}

run().catch((err: Error) => {
  console.error(`bench:context: ${err.message}`);
  process.exit(1);
});
