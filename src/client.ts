/**
 * The `baton` command line.
 *
 *   baton up [--cluster] | down     start / stop the local Temporal (dev server, or a cluster on PostgreSQL) and a worker
 *   baton worker                    run a worker in the foreground (process managers, containers)
 *   baton seed                      load the synthetic demo shop into PostgreSQL
 *   baton ask "<question>"          start a run, show its progress, print the answer
 *   baton status <id> | result <id> look at a run
 *   baton runs                      list runs (status, intent, since, limit)
 *   baton cancel <id> [reason]      cancel a running analysis
 *   baton approve | revise | reject  decide on a plan waiting for review
 *   baton export <id> -o run.json    the whole run, rebuilt from its history
 *   baton catalog init | check      draft a catalog from a database, verify one against it
 */
import { WorkflowFailedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { Command, Option } from 'commander';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pc from 'picocolors';
import { up, down } from './cli/services';
import { CliError, connectTemporal, webUiLink } from './cli/temporal';
import { loadConfig, PROJECT_ROOT, redactUrl, runDate, todayIn } from './settings/config';
import type { AnalysisResult, ReportOutput, RunProgress } from './contracts';
import { loadArtifact } from './storage/artifacts';
import { fullResult } from './storage/run-record';
import { closePools, DatabaseUnreachableError, ensureReaderRole, ensureSystemSchema, getPool, ping } from './storage/db';
import { STATUS_ATTRIBUTE } from './temporal/search-attributes';
import { seedMonths } from './seed/generate';
import { readManifest, seedDatabase } from './seed/load';
import { MAX_SCALE } from './seed/scale';
import type { analysisWorkflow } from './workflows';
import { progressQuery, reviewPlanUpdate } from './contracts/workflow-messages';
import { checklist } from './agents/checklist';
import { MAX_QUESTION_LENGTH } from './settings/limits';
import { checkCatalog, draftCatalogWithNotes, DraftError, type Draft } from './catalog/introspect';
import { importDbt, readDbtFiles } from './catalog/dbt';
import { loadCatalog, parseCatalog } from './catalog/catalog';
import { exportRun } from './cli/export';
import { codecServerCommand } from './cli/codec-server';
import { cancelRun, formatDuration, listRuns, printRuns, RUN_INTENTS, RUN_STATUSES, type RunListStatus } from './cli/runs';
import { chartFont } from './report/chart-drawing';
import { renderReport, type ReportFormat } from './report/render';
import type { Plan, ReviewDecision } from './contracts';
import { DEFAULT_DEPLOYMENT_NAME, mergeSettings, parseCount, WorkerSettingsError, workerSettingsFromEnv, type WorkerSettings } from './temporal/worker-settings';
import { runWorker } from './worker';
import fs from 'node:fs';
import { createInterface } from 'node:readline/promises';

const config = loadConfig();

// ------------------------------------------------------------------ baton worker

interface WorkerFlags {
  taskQueue?: string;
  maxActivities?: string;
  maxLocalActivities?: string;
  maxWorkflowTasks?: string;
  maxCachedWorkflows?: string;
  buildId?: string;
  deploymentName?: string;
}

/** `baton worker`: the flags over the environment, then the worker in the foreground (src/worker.ts's runWorker). */
async function workerCommand(flags: WorkerFlags): Promise<void> {
  let settings: WorkerSettings;
  try {
    settings = mergeSettings(workerSettingsFromEnv(), {
      taskQueue: flags.taskQueue,
      maxActivities: parseCount(flags.maxActivities, '--max-activities'),
      maxLocalActivities: parseCount(flags.maxLocalActivities, '--max-local-activities'),
      maxWorkflowTasks: parseCount(flags.maxWorkflowTasks, '--max-workflow-tasks', 2),
      maxCachedWorkflows: parseCount(flags.maxCachedWorkflows, '--max-cached-workflows', 0),
      buildId: flags.buildId,
      deploymentName: flags.deploymentName,
    });
  } catch (err) {
    if (err instanceof WorkerSettingsError) throw new CliError(err.message, 2);
    throw err;
  }
  await runWorker(undefined, settings);
}

// ------------------------------------------------------------------ output helpers

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function resultJson(workflowId: string, result: AnalysisResult): Record<string, unknown> {
  return {
    workflowId,
    status: result.status,
    answer: result.answer,
    // How the question was read: the same as the answer's first line, as fields.
    reading: result.reading ?? null,
    // Each metric says whether the validator verified it and, when it did, the calculation and the report's citation [n].
    metrics: result.metrics.map((m) => ({
      name: m.name, label: m.label, value: m.value, unit: m.unit, period: m.period,
      verified: m.verified === true, calculation_id: m.verified ? (m.calculation_id ?? null) : null, citation: m.verified ? (m.citation ?? null) : null,
    })),
    intent: result.intent.intent,
    intentDecidedBy: result.intent.decided_by,
    asOf: result.asOf,
    steps: result.steps.map((s) => ({ step_id: s.step.step_id, description: s.step.description, status: s.status, attempts: s.attempts, sql: s.result?.sql ?? null })),
    activitiesExecuted: result.activitiesExecuted,
    webUi: webUiLink(config, workflowId),
  };
}

function printAnswer(workflowId: string, result: AnalysisResult): void {
  const colour = result.status === 'completed' ? pc.green : result.status === 'degraded' ? pc.yellow : pc.red;
  console.log(`\n${colour(`● ${result.status}`)}  ${pc.dim(workflowId)}`);
  console.log(result.answer);
  console.log(pc.dim(`\nWeb UI: ${webUiLink(config, workflowId)}`));
}

const STATUS_MARK: Record<string, string> = { pending: '·', running: '▶', validating: '?', retrying: '↻', passed: '✔', done: '✔', failed: '✖', skipped: '–' };

/** Prints what changed in the run's progress since the last poll. */
function progressPrinter(): (progress: RunProgress) => void {
  const seen = new Set<string>();
  return (progress) => {
    const lines = [`phase ${progress.phase}`];
    if (progress.intent) lines.push(`intent ${progress.intent.intent} (decided by ${progress.intent.decided_by}${progress.intent.matched ? `: "${progress.intent.matched}"` : ''})`);
    const stage = (s: RunProgress['stages'][number]) => `${STATUS_MARK[s.status] ?? ' '} ${s.label} · ${s.status}${s.note ? ` · ${s.note}` : ''}`;
    for (const s of progress.stages.filter((x) => x.id === 'data_quality' && x.status !== 'pending')) lines.push(stage(s));
    for (const s of progress.steps) {
      lines.push(`${STATUS_MARK[s.status] ?? ' '} ${s.step_id} ${s.description} · ${s.status}${s.attempts > 1 ? ` (attempt ${s.attempts})` : ''}${s.note ? ` · ${s.note}` : ''}`);
    }
    for (const s of progress.stages.filter((x) => x.id !== 'data_quality' && x.status !== 'pending' && x.status !== 'running')) lines.push(stage(s));
    for (const line of lines) {
      if (seen.has(line) || line === 'phase done') continue;
      seen.add(line);
      process.stderr.write(`${pc.dim('  ')}${line}\n`);
    }
  };
}

function planText(plan: Plan): string {
  if (plan.kind !== 'plan') return plan.kind === 'cannot_answer' ? `cannot answer: ${plan.reason}` : `needs clarification: ${plan.question}`;
  const lines = plan.steps.map((s) => `  ${s.step_id}. ${s.description}${s.depends_on.length > 0 ? `  [after ${s.depends_on.join(', ')}]` : ''}\n      → ${s.expected_output}`);
  return [...lines, ...plan.assumptions.map((a) => `  assumption: ${a}`)].join('\n');
}

/** Asks the person at the terminal what to do with a plan waiting for review. */
async function reviewInteractively(handle: WorkflowHandle<typeof analysisWorkflow>, plan: Plan): Promise<void> {
  process.stderr.write(`\n${pc.bold('plan for review')}\n${planText(plan)}\n`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    for (;;) {
      const answer = (await rl.question('[a]pprove, [r]evise, re[j]ect? ')).trim().toLowerCase();
      let decision: ReviewDecision | null = null;
      if (answer === 'a' || answer === 'approve') decision = { action: 'approve' };
      else if (answer === 'j' || answer === 'reject') decision = { action: 'reject', feedback: (await rl.question('reason (optional): ')).trim() || undefined };
      else if (answer === 'r' || answer === 'revise') {
        const feedback = (await rl.question('what should change? ')).trim();
        if (!feedback) { process.stderr.write('revise needs feedback\n'); continue; }
        decision = { action: 'revise', feedback };
      }
      if (!decision) continue;
      await handle.executeUpdate(reviewPlanUpdate, { args: [decision] });
      return;
    }
  } finally {
    rl.close();
  }
}

async function followRun(handle: WorkflowHandle<typeof analysisWorkflow>, showProgress: boolean, interactiveReview = false): Promise<AnalysisResult> {
  const print = progressPrinter();
  let done = false;
  let reviewed = 0;
  const polling = (async () => {
    while (!done && (showProgress || interactiveReview)) {
      try {
        const progress = await handle.query(progressQuery);
        if (showProgress) print(progress);
        const waiting = progress.phase === 'awaiting_approval' && progress.plan;
        if (waiting && interactiveReview && progress.reviews.length === reviewed) {
          await reviewInteractively(handle, progress.plan as Plan);
          reviewed = progress.reviews.length + 1;
        } else if (waiting && !interactiveReview && reviewed === 0) {
          process.stderr.write(`\n${pc.bold('plan waiting for review')}\n${planText(progress.plan as Plan)}\n` +
            `decide with: baton approve ${handle.workflowId} | baton revise ${handle.workflowId} "<feedback>" | baton reject ${handle.workflowId}\n`);
          reviewed = 1;
        }
      } catch {
        // No worker has picked the run up yet, or it just finished.
      }
      await new Promise((r) => setTimeout(r, 400));
    }
  })();
  try {
    const result = await fullResult(await handle.result());
    done = true;
    await polling;
    // Fast runs finish between polls: show the final state of every step from the result itself.
    if (showProgress) {
      print({
        question: result.question,
        phase: 'done',
        stages: [],
        intent: result.intent,
        plan: result.plan,
        planRejections: result.planRejections,
        reviews: result.reviews,
        activitiesExecuted: result.activitiesExecuted,
        steps: result.steps.map((s) => ({
          step_id: s.step.step_id,
          description: s.step.description,
          status: s.status,
          attempts: s.attempts,
          note: s.status === 'passed' ? `${s.result?.result_shape[0] ?? 0} row(s)` : s.error,
        })),
      });
    }
    return result;
  } finally {
    done = true;
  }
}

async function withTemporal<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectTemporal(config);
  try {
    return await fn(client);
  } finally {
    await client.connection.close();
  }
}

// ------------------------------------------------------------------ commands

interface AskOptions {
  json?: boolean;
  databaseUrl?: string;
  catalog?: string;
  wait: boolean;
  maxActivities?: string;
  review?: boolean;
  reviewTimeout: string;
  onTimeout: 'approve' | 'cancel';
}

async function ask(question: string, opts: AskOptions): Promise<void> {
  const trimmed = question.trim();
  if (!trimmed) {
    throw new CliError('the question is empty; ask something like: baton ask "上个月 GMV 是多少？"', 2);
  }
  if (trimmed.length > MAX_QUESTION_LENGTH) throw new CliError(`the question is longer than ${MAX_QUESTION_LENGTH} characters`, 2);
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  await withTemporal(async (client) => {
    const workflowId = `analysis-${randomBytes(4).toString('hex')}`;
    // "Today" in the catalog's time zone (BATON_TIMEZONE overrides it), so "last month" is the business's last month.
    const asOf = runDate(loadCatalog(opts.catalog ? path.resolve(opts.catalog) : config.catalogPath).timezone, config.timeZoneOverride);
    const handle = await client.workflow.start<typeof analysisWorkflow>('analysisWorkflow', {
      workflowId,
      taskQueue: config.taskQueue,
      args: [{
        question: trimmed,
        asOf,
        ...(opts.catalog ? { catalogPath: path.resolve(opts.catalog) } : {}),
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
        ...(opts.maxActivities ? { maxActivities: Number(opts.maxActivities) } : {}),
        ...(opts.review ? { review: { timeoutSeconds: Number(opts.reviewTimeout), onTimeout: opts.onTimeout } } : {}),
      }],
      staticSummary: trimmed,
      staticDetails: `as of ${asOf} · database ${redactUrl(databaseUrl)}`,
      typedSearchAttributes: [{ key: STATUS_ATTRIBUTE, value: 'running' }],
    });
    if (!opts.json) {
      process.stderr.write(`${pc.bold(workflowId)} started · ${pc.dim(webUiLink(config, workflowId))}\n`);
    }
    if (!opts.wait) {
      if (opts.json) printJson({ workflowId, status: 'running', webUi: webUiLink(config, workflowId) });
      return;
    }
    const interactive = Boolean(opts.review && process.stdin.isTTY && !opts.json);
    const result = await followRun(handle, !opts.json, interactive);
    if (opts.json) printJson(resultJson(workflowId, result));
    else printAnswer(workflowId, result);
  });
}

async function status(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const handle = client.workflow.getHandle<typeof analysisWorkflow>(workflowId);
    const description = await handle.describe();
    let progress: RunProgress | null = null;
    try {
      progress = await handle.query(progressQuery);
    } catch {
      // Queries need a worker; without one the description still answers.
    }
    const summary = {
      workflowId,
      runStatus: description.status.name,
      batonStatus: description.typedSearchAttributes.get(STATUS_ATTRIBUTE) ?? null,
      startTime: description.startTime.toISOString(),
      closeTime: description.closeTime?.toISOString() ?? null,
      progress,
      webUi: webUiLink(config, workflowId),
    };
    if (opts.json) return printJson(summary);
    console.log(`${pc.bold(workflowId)}  ${description.status.name}${summary.batonStatus ? ` · ${summary.batonStatus}` : ''}`);
    console.log(pc.dim(`started ${summary.startTime}${summary.closeTime ? ` · closed ${summary.closeTime}` : ''}`));
    if (progress) {
      console.log(checklist(progress.question, progress));
      if (progress.phase === 'awaiting_approval' && progress.plan) {
        console.log(`\nplan waiting for review:\n${planText(progress.plan)}\ndecide with: baton approve ${workflowId} | baton revise ${workflowId} "<feedback>" | baton reject ${workflowId}`);
      }
    } else {
      console.log(pc.dim('(progress unavailable: no worker answered the query)'));
    }
    console.log(pc.dim(`Web UI: ${summary.webUi}`));
  });
}

async function result(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const value = await fullResult(await client.workflow.getHandle<typeof analysisWorkflow>(workflowId).result());
    if (opts.json) printJson(resultJson(workflowId, value));
    else printAnswer(workflowId, value);
  });
}

async function reportCommand(workflowId: string, opts: { format: ReportFormat; output?: string }): Promise<void> {
  await withTemporal(async (client) => {
    const value = await fullResult(await client.workflow.getHandle<typeof analysisWorkflow>(workflowId).result());
    if (!value.report) throw new CliError(`run ${workflowId} has no report (status ${value.status}): ${value.answer}`, 1);
    const file = path.resolve(opts.output ?? path.join('reports', `${workflowId}.${opts.format}`));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The report itself is an artifact in PostgreSQL; the run's result holds its reference.
    const report = await loadArtifact<ReportOutput>(value.report.report_ref).catch((err: unknown) => {
      throw new CliError(`cannot read report ${value.report?.report_ref ?? ''} from ${redactUrl(config.databaseUrl)}: ${(err as Error).message}`, 1);
    });
    fs.writeFileSync(file, await renderReport(report, opts.format));
    // DOCX chart images need a font that covers Chinese; without one they are drawn anyway, and the user is told why.
    const font = chartFont();
    if (opts.format === 'docx' && report.charts.length > 0 && font.note) console.error(`warning: ${font.note}`);
    const audit = value.report.audit;
    console.log(`${opts.format.toUpperCase()} report written to ${file}`);
    console.log(`audit: ${audit.clean ? `clean (${audit.numbers_checked} numbers checked, ${value.report.citation_count} citations)` : `${audit.findings.length} finding(s)${audit.note ? ` — ${audit.note}` : ''}`}`);
  });
}

async function seed(opts: { databaseUrl?: string; anchorDate?: string; ifStale?: boolean; scale?: string }): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  const anchor = opts.anchorDate ?? todayIn(config.timeZone);
  const scale = Number(opts.scale ?? '1');
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) throw new Error(`--scale takes a whole number from 1 to ${MAX_SCALE} (1 is the demo shop, 100 about 7.5 million orders), not "${opts.scale}"`);
  if (opts.ifStale) {
    await ensureSystemSchema(databaseUrl);
    const current = await readManifest(databaseUrl);
    if (current && current.last_month === seedMonths(anchor).at(-1)?.key && (current.scale?.factor ?? 1) === scale) {
      console.log(`data in ${redactUrl(databaseUrl)} is current (ends ${current.last_month}, ${current.counts.orders} orders${scale > 1 ? `, scale ${scale}` : ''}); not reseeded`);
      return;
    }
  }
  // Progress lines only for a person watching a terminal, or always for a large seed (minutes at --scale 100).
  const onProgress = process.stderr.isTTY || scale > 1 ? (m: string) => process.stderr.write(pc.dim(`  ${m}\n`)) : undefined;
  const { manifest, elapsedMs } = await seedDatabase(databaseUrl, anchor, onProgress, { scale });
  console.log(`seeded ${redactUrl(databaseUrl)}${scale > 1 ? ` at scale ${scale}` : ''} in ${(elapsedMs / 1000).toFixed(1)} s`);
  console.log(`  ${manifest.counts.users} users, ${manifest.counts.orders} orders, ${manifest.counts.categories} categories, ${manifest.first_month} to ${manifest.last_month}`);
  console.log(`  dirty rows: ${manifest.dirty.negative_amount.count} negative amounts, ${manifest.dirty.null_pay_time.count} paid orders without pay time, ${manifest.dirty.missing_category.count} without category`);
  const east = manifest.signals.east_repurchase_drop;
  console.log(`  planted: 华东 repurchase rate ${east.repurchase_rate.previous} → ${east.repurchase_rate.last} in ${east.month} (new-customer conversion ${east.new_customer_conversion.previous} → ${east.new_customer_conversion.last})`);
}

interface TokenRow {
  agent: string;
  calls: string;
  input_tokens: string;
  output_tokens: string;
  input_budget: number;
  output_budget: number;
  over_input: string;
  over_output: string;
}

async function show(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const handle = client.workflow.getHandle<typeof analysisWorkflow>(workflowId);
    const description = await handle.describe();
    const result = description.status.name === 'COMPLETED' ? await fullResult(await handle.result()) : null;
    const { rows } = await getPool(config.databaseUrl).query<TokenRow>(
      `SELECT agent, count(*) AS calls, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
              max(input_budget) AS input_budget, max(output_budget) AS output_budget,
              count(*) FILTER (WHERE input_tokens > input_budget) AS over_input, count(*) FILTER (WHERE output_tokens > output_budget) AS over_output
       FROM baton.token_usage WHERE workflow_id = $1 GROUP BY agent ORDER BY min(id)`,
      [workflowId],
    );
    const tokens = rows.map((r) => ({
      agent: r.agent, calls: Number(r.calls), input_tokens: Number(r.input_tokens), output_tokens: Number(r.output_tokens),
      input_budget: r.input_budget, output_budget: r.output_budget, over_input: Number(r.over_input), over_output: Number(r.over_output),
    }));
    // What language-model calls cost, as the API reported it (none for the offline rules model).
    const usage = await getPool(config.databaseUrl).query<{ agent: string; model: string; calls: string; prompt: string; completion: string; cached: string }>(
      `SELECT agent, model, count(*) AS calls, sum(prompt_tokens) AS prompt, sum(completion_tokens) AS completion, sum(cached_tokens) AS cached
       FROM baton.model_usage WHERE workflow_id = $1 GROUP BY agent, model ORDER BY min(id)`,
      [workflowId],
    );
    const modelTokens = usage.rows.map((r) => ({ agent: r.agent, model: r.model, calls: Number(r.calls), prompt_tokens: Number(r.prompt), completion_tokens: Number(r.completion), cached_prompt_tokens: Number(r.cached) }));
    const summary = {
      workflowId,
      runStatus: description.status.name,
      batonStatus: description.typedSearchAttributes.get(STATUS_ATTRIBUTE) ?? null,
      question: (await description.staticSummary()) ?? result?.question ?? null,
      intent: result ? `${result.intent.intent} (${result.intent.decided_by}${result.intent.matched ? `: "${result.intent.matched}"` : ''})` : null,
      steps: result?.steps.map((s) => ({ step_id: s.step.step_id, description: s.step.description, status: s.status, attempts: s.attempts })) ?? [],
      tokens,
      modelTokens,
      totalTokens: { input: tokens.reduce((a, t) => a + t.input_tokens, 0), output: tokens.reduce((a, t) => a + t.output_tokens, 0) },
      history: { events: description.historyLength, bytes: description.historySize ?? null },
      webUi: webUiLink(config, workflowId),
    };
    if (opts.json) return printJson(summary);
    console.log(`${pc.bold(workflowId)}  ${summary.runStatus}${summary.batonStatus ? ` · ${summary.batonStatus}` : ''}`);
    if (summary.question) console.log(`question: ${summary.question}`);
    if (summary.intent) console.log(`intent:   ${summary.intent}`);
    for (const s of summary.steps) console.log(`  ${STATUS_MARK[s.status] ?? ' '} ${s.step_id} ${s.description} · ${s.status}${s.attempts > 1 ? ` (${s.attempts} attempts)` : ''}`);
    console.log(`\ntokens by agent (o200k):`);
    console.log(`  ${'agent'.padEnd(16)}${'calls'.padStart(6)}${'input'.padStart(9)}${'output'.padStart(9)}${'budget in/out'.padStart(16)}  over budget`);
    for (const t of tokens) {
      const over = t.over_input + t.over_output > 0 ? pc.yellow(`${t.over_input} in, ${t.over_output} out`) : '—';
      console.log(`  ${t.agent.padEnd(16)}${String(t.calls).padStart(6)}${String(t.input_tokens).padStart(9)}${String(t.output_tokens).padStart(9)}${`${t.input_budget}/${t.output_budget}`.padStart(16)}  ${over}`);
    }
    console.log(`  ${'total'.padEnd(16)}${''.padStart(6)}${String(summary.totalTokens.input).padStart(9)}${String(summary.totalTokens.output).padStart(9)}`);
    if (modelTokens.length > 0) {
      console.log(`\nlanguage-model calls (usage as the API reported it):`);
      console.log(`  ${'agent'.padEnd(16)}${'model'.padEnd(20)}${'calls'.padStart(6)}${'prompt'.padStart(9)}${'cached'.padStart(9)}${'completion'.padStart(12)}`);
      for (const m of modelTokens) {
        console.log(`  ${m.agent.padEnd(16)}${m.model.padEnd(20)}${String(m.calls).padStart(6)}${String(m.prompt_tokens).padStart(9)}${String(m.cached_prompt_tokens).padStart(9)}${String(m.completion_tokens).padStart(12)}`);
      }
    }
    console.log(pc.dim(`\nhistory: ${summary.history.events} events${summary.history.bytes ? `, ${(summary.history.bytes / 1024).toFixed(1)} KiB` : ''} · Web UI: ${summary.webUi}`));
  });
}

async function decide(workflowId: string, decision: ReviewDecision): Promise<void> {
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

async function exportCommand(workflowId: string, opts: { output?: string }): Promise<void> {
  await withTemporal(async (client) => {
    const exported = await exportRun(client, workflowId);
    const text = `${JSON.stringify(exported, null, 2)}\n`;
    if (opts.output) {
      fs.writeFileSync(opts.output, text);
      console.log(`wrote ${opts.output} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB, ${(exported.steps as unknown[]).length} steps)`);
    } else {
      process.stdout.write(text);
    }
  });
}

async function catalogInit(opts: { databaseUrl?: string; output?: string; name?: string; schema: string; currency?: string; contactColumns?: boolean; setup: boolean }): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  if (opts.currency !== undefined && !/^[A-Za-z]{3}$/.test(opts.currency)) throw new CliError(`--currency takes an ISO code such as USD or CNY, got "${opts.currency}"`, 2);
  const name = (opts.name ?? new URL(databaseUrl).pathname.replace(/^\//, '')).replace(/[^a-z0-9_]/gi, '_') || 'catalog';
  let draft: Draft;
  try {
    draft = await draftCatalogWithNotes(databaseUrl, name, { schema: opts.schema, currency: opts.currency, allowContactColumns: opts.contactColumns === true });
  } catch (err) {
    if (err instanceof DraftError) throw new CliError(`${redactUrl(databaseUrl)}: ${err.message}`, 2);
    throw err;
  }
  for (const note of draft.notes) console.error(pc.yellow(`! ${note}`));
  if (opts.setup) {
    // The read-only role agent SQL logs in as, with SELECT on the schema: what "baton ask" needs on this server.
    await ensureReaderRole(databaseUrl, undefined, [opts.schema]);
    console.error(pc.dim(`granted ${config.readerRole} SELECT on schema ${opts.schema} (--no-setup leaves the server untouched)`));
  }
  if (opts.output) {
    fs.writeFileSync(opts.output, draft.text);
    console.log(`wrote draft catalog ${opts.output}; edit it, then run: baton catalog check ${opts.output} --database-url ${redactUrl(databaseUrl)}`);
  } else {
    process.stdout.write(draft.text);
  }
}

async function catalogImportDbt(target: string, opts: { output?: string; name: string; timezone?: string; currency?: string; databaseUrl?: string; schema: string }): Promise<void> {
  if (!fs.existsSync(target)) throw new CliError(`no such file or directory: ${target}`, 2);
  // With a database, expressions are qualified by its columns and time fields get their real types.
  let columns: Record<string, string[]> | undefined;
  let timeTypes: Record<string, 'timestamp' | 'timestamptz' | 'date'> | undefined;
  if (opts.databaseUrl) {
    await ping(opts.databaseUrl);
    const { rows } = await getPool(opts.databaseUrl).query<{ table_name: string; column_name: string; data_type: string }>(
      'SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position', [opts.schema]);
    columns = {};
    timeTypes = {};
    for (const r of rows) {
      (columns[r.table_name] ??= []).push(r.column_name);
      const type = r.data_type === 'timestamp with time zone' ? 'timestamptz' : r.data_type === 'date' ? 'date' : r.data_type.startsWith('timestamp') ? 'timestamp' : undefined;
      if (type) timeTypes[`${r.table_name}.${r.column_name}`] = type;
    }
  }
  let result;
  try {
    result = importDbt(readDbtFiles(target), { name: opts.name, timezone: opts.timezone, currency: opts.currency, columns, timeTypes });
  } catch (err) {
    throw new CliError(`${target}: ${(err as Error).message}`, 2);
  }
  for (const line of result.unmapped) console.error(pc.yellow(`! not imported: ${line}`));
  const { tables, metrics, dimensions } = result.imported;
  if (opts.output) {
    fs.writeFileSync(opts.output, result.text);
    console.log(`wrote ${opts.output}: ${tables} tables, ${metrics} metrics, ${dimensions} dimensions; ${result.unmapped.length} thing(s) not imported (listed at its top); next: baton catalog check ${opts.output}`);
  } else {
    process.stdout.write(result.text);
  }
}

async function catalogCheck(file: string, opts: { databaseUrl?: string; schema: string; strict?: boolean }): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`cannot read catalog file ${file}`);
  }
  // Agent SQL on this database runs as the read-only role: create it and grant it SELECT here, once.
  let schemas = [opts.schema];
  try {
    schemas = [...new Set([opts.schema, ...Object.values(parseCatalog(text, file).tables).flatMap((t) => (t.schema ? [t.schema] : []))])];
  } catch {
    // A catalog that does not load is reported by checkCatalog below.
  }
  await ensureReaderRole(databaseUrl, undefined, schemas);
  const report = await checkCatalog(text, file, databaseUrl, opts.schema);
  report.problems.forEach((problem, i) => console.log(pc.red(`✖ ${report.problemLines[i] !== undefined && !problem.includes(`line ${report.problemLines[i]}:`) ? `${file}:${report.problemLines[i]}: ` : ''}${problem}`)));
  for (const w of report.warnings) console.log(pc.yellow(`⚠ ${file}${w.line !== undefined ? `:${w.line}` : ''}: ${w.path}: ${w.message}`));
  // Missing indexes: advice (runs still work, but read whole tables where an index would find the window).
  for (const advice of report.indexes ?? []) console.log(pc.cyan(`ℹ index: ${advice.table}.${advice.column} has no index (${advice.reason}${advice.rows !== null ? `; about ${advice.rows} rows` : ''}); create it with:\n    ${advice.sql}`));
  const { tables, columns, metrics, dimensions } = report.checked;
  if (report.problems.length > 0) throw new CliError(`${file} does not match ${redactUrl(databaseUrl)}: ${report.problems.length} problem(s)${report.warnings.length > 0 ? `, ${report.warnings.length} warning(s)` : ''}`);
  if (opts.strict && report.warnings.length > 0) throw new CliError(`${file}: ${report.warnings.length} warning(s), and --strict makes warnings fail`);
  console.log(pc.green(`✔ ${file} matches ${redactUrl(databaseUrl)}: ${tables} tables, ${columns} columns, ${metrics} metrics and ${dimensions} dimensions checked${report.warnings.length > 0 ? `; ${report.warnings.length} warning(s) above` : ''}`));
}

async function runsCommand(opts: { status?: RunListStatus; intent?: string; since?: string; limit: string; json?: boolean }): Promise<void> {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError('--limit must be a whole number from 1 to 1000', 2);
  const rows = await withTemporal((client) => listRuns(client, { status: opts.status, intent: opts.intent, since: opts.since, limit }));
  if (opts.json) return printJson(rows);
  printRuns(rows);
}

async function cancelCommand(workflowId: string, reason: string | undefined, opts: { json?: boolean }): Promise<void> {
  const started = Date.now();
  const result = await withTemporal((client) => cancelRun(client, workflowId, reason));
  const status = result?.status ?? 'cancelled';
  if (opts.json) return printJson({ workflowId, status, answer: result?.answer ?? 'cancelled', webUi: webUiLink(config, workflowId) });
  console.log(`${pc.yellow(`● ${status}`)}  ${pc.dim(workflowId)}  ${pc.dim(`(stopped in ${formatDuration(Date.now() - started)})`)}`);
  console.log(result?.answer ?? 'cancelled');
}

// ------------------------------------------------------------------ wiring

/** A path as help shows it: relative to the project when inside it. */
function shownPath(file: string): string {
  const relative = path.relative(PROJECT_ROOT, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** The ports of the dev server `baton up` starts: gRPC from TEMPORAL_ADDRESS (or TEMPORAL_PORT), the UI from TEMPORAL_UI_PORT. */
function devServerPorts(): { grpc: string; ui: string } {
  return { grpc: config.temporalAddress.split(':').pop() ?? '7233', ui: process.env.TEMPORAL_UI_PORT ?? '8233' };
}

/** Every command's help ends with the settings in force, read from the environment now. */
function defaultsInForce(): string {
  const rows: [string, string, string][] = [
    ['Temporal', `${config.temporalAddress}, namespace ${config.temporalNamespace}, task queue ${config.taskQueue}`, 'TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, BATON_TASK_QUEUE'],
    ['Web UI', config.temporalUiUrl, 'TEMPORAL_UI_URL'],
    ['database', redactUrl(config.databaseUrl), 'DATABASE_URL'],
    ['catalog', shownPath(config.catalogPath), 'BATON_CATALOG'],
    ['data dir', shownPath(config.dataDir), 'BATON_DATA_DIR'],
  ];
  return `\nDefaults in force (from the environment):\n${rows.map(([what, value, from]) => `  ${what.padEnd(9)} ${value}  (${from})`).join('\n')}\n`;
}

function action<A extends unknown[]>(fn: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (err) {
      process.exitCode = report(err);
    } finally {
      await closePools();
    }
  };
}

function report(err: unknown): number {
  if (err instanceof CliError) {
    console.error(pc.red(`error: ${err.message}`));
    return err.exitCode;
  }
  if (err instanceof DatabaseUnreachableError) {
    console.error(pc.red(`error: ${err.message}`));
    return 1;
  }
  if (err instanceof WorkflowNotFoundError) {
    console.error(pc.red(`error: no run with id ${err.workflowId ?? ''}`));
    return 1;
  }
  if (err instanceof WorkflowFailedError) {
    console.error(pc.red(`error: the run failed: ${err.cause?.message ?? err.message}`));
    return 1;
  }
  console.error(pc.red(`error: ${(err as Error).message ?? String(err)}`));
  return 1;
}

export function buildProgram(): Command {
  const program = new Command('baton')
    .description('Durable multi-agent data analysis on Temporal and PostgreSQL')
    .showHelpAfterError();

  const ports = devServerPorts();
  const database = redactUrl(config.databaseUrl);
  program.command('up').description(`start the local Temporal dev server (gRPC 127.0.0.1:${ports.grpc}, Web UI on :${ports.ui}) and a worker in the background`)
    .option('--cluster', 'a Temporal cluster on PostgreSQL instead (scripts/temporal-cluster.sh; persistence on TEMPORAL_CLUSTER_DATABASE_URL, default DATABASE_URL\'s server)')
    .option('--tls-cert <file>', 'with --cluster: the frontend serves TLS with this certificate and requires client certificates (TEMPORAL_CLUSTER_TLS_CERT)')
    .option('--tls-key <file>', 'with --cluster: that certificate\'s key (TEMPORAL_CLUSTER_TLS_KEY)')
    .option('--tls-ca <file>', 'with --cluster: the CA client certificates must be signed by (TEMPORAL_CLUSTER_TLS_CA)')
    .action(action((opts: { cluster?: boolean; tlsCert?: string; tlsKey?: string; tlsCa?: string }) =>
      up(config, { cluster: opts.cluster, tls: { cert: opts.tlsCert, key: opts.tlsKey, ca: opts.tlsCa } })));
  program.command('down').description('stop the worker and the Temporal (dev server or cluster) started by "baton up"')
    .action(action(() => down(config)));
  program.command('worker').description('run a worker in the foreground until SIGTERM or SIGINT (for process managers and containers); each flag overrides its environment variable, unset ones keep the SDK\'s defaults')
    .option('--task-queue <name>', `task queue to poll (default: ${config.taskQueue}, BATON_TASK_QUEUE)`)
    .option('--max-activities <n>', 'agents running as activities at once (BATON_WORKER_MAX_ACTIVITIES; SDK default 100)')
    .option('--max-local-activities <n>', 'agents running as local activities at once (BATON_WORKER_MAX_LOCAL_ACTIVITIES; SDK default 100)')
    .option('--max-workflow-tasks <n>', 'workflow tasks at once, at least 2 (BATON_WORKER_MAX_WORKFLOW_TASKS; SDK default 40)')
    .option('--max-cached-workflows <n>', 'runs kept in memory between their steps, 0 for none (BATON_WORKER_MAX_CACHED_WORKFLOWS; SDK default sized from the heap)')
    .option('--build-id <id>', 'worker versioning: this worker\'s build id; runs it starts stay pinned to it (BATON_BUILD_ID; unset: unversioned)')
    .option('--deployment-name <name>', `worker versioning: the worker deployment the build id belongs to (BATON_DEPLOYMENT_NAME; default ${DEFAULT_DEPLOYMENT_NAME})`)
    .action(action(workerCommand));
  program.command('seed').description('(re)load the deterministic demo shop into PostgreSQL')
    .option('--database-url <url>', `database to load (default: ${database}, DATABASE_URL)`)
    .option('--anchor-date <YYYY-MM-DD>', 'the data ends with the month before this date (default: today)')
    .option('--if-stale', 'only when the data is missing, does not end with last month, or has another scale')
    .option('--scale <K>', `K times the demo shop (1 to ${MAX_SCALE}; 10 is about 750 thousand orders, 100 about 7.5 million), the same planted signals at the same rates`, '1')
    .action(action(seed));
  program.command('ask').description('ask a question; shows progress and prints the answer')
    .argument('<question>', 'the question, in Chinese or English')
    .option('--json', 'print one JSON object (workflowId, status, answer, metrics, ...)')
    .option('--database-url <url>', `database to analyse (default: the worker's DATABASE_URL; here ${database})`)
    .option('--catalog <file>', `metric catalog YAML for that database (default: the worker's BATON_CATALOG; here ${shownPath(config.catalogPath)})`)
    .option('--no-wait', 'start the run and print its id without waiting')
    .addOption(new Option('--max-activities <n>', 'cap on activity executions for the run').default(undefined))
    .option('--review', 'wait after planning for the plan to be approved, revised or rejected (asks here when interactive)')
    .option('--review-timeout <seconds>', 'how long the plan waits for a decision', '3600')
    .addOption(new Option('--on-timeout <what>', 'what happens when nobody decides in time').choices(['approve', 'cancel']).default('cancel'))
    .action(action(ask));
  program.command('approve').description('approve the plan of a run waiting for review').argument('<workflowId>')
    .action(action((id: string) => decide(id, { action: 'approve' })));
  program.command('revise').description('send a plan back to the planner with feedback').argument('<workflowId>').argument('<feedback>')
    .action(action((id: string, feedback: string) => decide(id, { action: 'revise', feedback })));
  program.command('reject').description('reject the plan; the run ends without executing it').argument('<workflowId>').argument('[reason]')
    .action(action((id: string, reason?: string) => decide(id, { action: 'reject', feedback: reason })));
  program.command('export').description('write the whole run (plans, steps, validations, answer) rebuilt from its history')
    .argument('<workflowId>').option('-o, --output <file>', 'file to write (default: standard output)')
    .action(action(exportCommand));
  const catalog = program.command('catalog').description('metric catalogs: draft one from a database, check one against it');
  catalog.command('init').description('introspect a PostgreSQL database and write a draft catalog')
    .option('--database-url <url>', `database to introspect (default: ${database}, DATABASE_URL)`)
    .option('-o, --output <file>', 'file to write (default: standard output)')
    .option('--name <name>', 'catalog name (default: the database name)')
    .option('--schema <schema>', 'schema to read', 'public')
    .option('--currency <code>', 'ISO code of the money columns (USD, CNY): written as the unit of money metrics')
    .option('--contact-columns', 'also propose e-mail and phone columns (password, hash, token, card columns never)')
    .option('--no-setup', `write nothing to the server (by default the read-only role ${config.readerRole} is created when missing and granted SELECT on the schema)`)
    .action(action(catalogInit));
  catalog.command('check').description('verify a catalog against a live database: tables, columns, every metric runs; warns on what it probably does not mean (each with its line)')
    .argument('<file>')
    .option('--database-url <url>', `database to check against (default: ${database}, DATABASE_URL)`)
    .option('--schema <schema>', 'schema to read', 'public')
    .option('--strict', 'warnings fail the check too (exit code 1)')
    .action(action(catalogCheck));
  catalog.command('import-dbt').description('write a catalog from dbt MetricFlow semantic models and metrics (YAML files or a directory of them); names what it cannot map')
    .argument('<path>', 'a dbt YAML file, or a directory searched for *.yml')
    .option('-o, --output <file>', 'file to write (default: standard output)')
    .option('--name <name>', 'catalog name', 'dbt')
    .option('--timezone <zone>', 'the business time zone to write', 'UTC')
    .option('--currency <code>', 'ISO code written as the unit of money metrics')
    .option('--database-url <url>', 'read column names and time types from this database (optional)')
    .option('--schema <schema>', 'schema of the tables, with --database-url', 'public')
    .action(action(catalogImportDbt));
  program.command('status').description('show a run\'s state and step progress')
    .argument('<workflowId>').option('--json', 'print JSON').action(action(status));
  program.command('show').description('a run in detail: steps, token usage per agent against budgets, history size')
    .argument('<workflowId>').option('--json', 'print JSON').action(action(show));
  program.command('report').description('write a finished run\'s report: Markdown, HTML with charts, or DOCX')
    .argument('<workflowId>')
    .addOption(new Option('--format <format>', 'output format').choices(['md', 'html', 'docx']).default('md'))
    .option('-o, --output <file>', 'where to write it (default reports/<workflowId>.<format>)')
    .action(action(reportCommand));
  program.command('result').description('wait for a run and print its answer')
    .argument('<workflowId>').option('--json', 'print JSON').action(action(result));
  program.command('runs').description('list analysis runs, newest first: id, when, question, intent, status, duration')
    .addOption(new Option('--status <status>', 'only runs in this state').choices([...RUN_STATUSES]))
    .addOption(new Option('--intent <intent>', 'only runs of this intent').choices([...RUN_INTENTS]))
    .option('--since <period>', 'only runs started in the last 30m, 12h, 7d, 2w, or since a date YYYY-MM-DD')
    .option('--limit <n>', 'at most this many runs', '20')
    .option('--json', 'print a JSON array')
    .action(action(runsCommand));
  program.command('cancel').description('cancel a running analysis: its SQL is cancelled on the server, model calls aborted; it ends "cancelled" with the reason')
    .argument('<workflowId>').argument('[reason]', 'why, shown in the run\'s answer and by "baton runs"')
    .option('--json', 'print JSON')
    .action(action(cancelCommand));
  program.command('codec-server').description('serve the payload codec so the Web UI can show encrypted payloads decrypted (needs BATON_CODEC_KEYS)')
    .option('--port <n>', 'port to listen on', '8081').option('--origin <url>', `the Web UI origin allowed to call it (default: ${config.temporalUiUrl}, TEMPORAL_UI_URL)`)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM; env BATON_CODEC_TLS_CERT)')
    .option('--tls-key <file>', 'the certificate\'s private key (PEM; env BATON_CODEC_TLS_KEY)')
    .option('--tls-ca <file>', 'require client certificates signed by this CA (PEM; env BATON_CODEC_TLS_CA)')
    .action(action(codecServerCommand));
  const footer = defaultsInForce();
  const withFooter = (command: Command): void => {
    command.addHelpText('after', footer);
    command.commands.forEach(withFooter);
  };
  withFooter(program);
  return program;
}

if (require.main === module) {
  buildProgram().parseAsync(process.argv).catch((err: unknown) => {
    process.exitCode = report(err);
  });
}
