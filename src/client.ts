/**
 * The `baton` command line.
 *
 *   baton up | down                 start / stop the local Temporal dev server and a worker
 *   baton seed                      load the synthetic demo shop into PostgreSQL
 *   baton ask "<question>"          start a run, show its progress, print the answer
 *   baton status <id> | result <id> look at a run
 */
import { WorkflowFailedError, WorkflowNotFoundError, type Client, type WorkflowHandle } from '@temporalio/client';
import { Command, Option } from 'commander';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pc from 'picocolors';
import { up, down } from './cli/services';
import { CliError, connectTemporal, webUiLink } from './cli/temporal';
import { loadConfig, redactUrl, todayIn } from './config';
import type { AnalysisResult, RunProgress } from './contracts';
import { closePools, DatabaseUnreachableError, ensureDatabase, ensureSystemSchema, ping } from './db';
import { STATUS_ATTRIBUTE } from './search-attributes';
import { seedMonths } from './seed/generate';
import { readManifest, seedDatabase } from './seed/load';
import { analysisWorkflow, progressQuery } from './workflows';

const config = loadConfig();

// ------------------------------------------------------------------ output helpers

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function resultJson(workflowId: string, result: AnalysisResult): Record<string, unknown> {
  return {
    workflowId,
    status: result.status,
    answer: result.answer,
    metrics: result.metrics.map((m) => ({ name: m.name, label: m.label, value: m.value, unit: m.unit, period: m.period })),
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

const STATUS_MARK: Record<string, string> = { pending: '·', running: '▶', validating: '?', retrying: '↻', passed: '✔', failed: '✖' };

/** Prints what changed in the run's progress since the last poll. */
function progressPrinter(): (progress: RunProgress) => void {
  const seen = new Set<string>();
  return (progress) => {
    const lines = [`phase ${progress.phase}`];
    if (progress.intent) lines.push(`intent ${progress.intent.intent} (decided by ${progress.intent.decided_by}${progress.intent.matched ? `: "${progress.intent.matched}"` : ''})`);
    for (const s of progress.steps) {
      lines.push(`${STATUS_MARK[s.status] ?? ' '} ${s.step_id} ${s.description} · ${s.status}${s.attempts > 1 ? ` (attempt ${s.attempts})` : ''}${s.note ? ` · ${s.note}` : ''}`);
    }
    for (const line of lines) {
      if (seen.has(line) || line === 'phase done') continue;
      seen.add(line);
      process.stderr.write(`${pc.dim('  ')}${line}\n`);
    }
  };
}

async function followRun(handle: WorkflowHandle<typeof analysisWorkflow>, showProgress: boolean): Promise<AnalysisResult> {
  const print = progressPrinter();
  let done = false;
  const polling = (async () => {
    while (!done && showProgress) {
      try {
        print(await handle.query(progressQuery));
      } catch {
        // No worker has picked the run up yet, or it just finished.
      }
      await new Promise((r) => setTimeout(r, 400));
    }
  })();
  try {
    const result = await handle.result();
    done = true;
    await polling;
    // Fast runs finish between polls: show the final state of every step from the result itself.
    if (showProgress) {
      print({
        phase: 'done',
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

async function ask(question: string, opts: { json?: boolean; databaseUrl?: string; catalog?: string; wait: boolean; maxActivities?: string }): Promise<void> {
  const trimmed = question.trim();
  if (!trimmed) {
    throw new CliError('the question is empty; ask something like: baton ask "上个月 GMV 是多少？"', 2);
  }
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  await withTemporal(async (client) => {
    const workflowId = `analysis-${randomBytes(4).toString('hex')}`;
    const asOf = todayIn(config.timeZone);
    const handle = await client.workflow.start(analysisWorkflow, {
      workflowId,
      taskQueue: config.taskQueue,
      args: [{
        question: trimmed,
        asOf,
        ...(opts.catalog ? { catalogPath: path.resolve(opts.catalog) } : {}),
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
        ...(opts.maxActivities ? { maxActivities: Number(opts.maxActivities) } : {}),
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
    const result = await followRun(handle, !opts.json);
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
    if (progress) progressPrinter()(progress);
    else console.log(pc.dim('(progress unavailable: no worker answered the query)'));
    console.log(pc.dim(`Web UI: ${summary.webUi}`));
  });
}

async function result(workflowId: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const value = await client.workflow.getHandle<typeof analysisWorkflow>(workflowId).result();
    if (opts.json) printJson(resultJson(workflowId, value));
    else printAnswer(workflowId, value);
  });
}

async function seed(opts: { databaseUrl?: string; anchorDate?: string; ifStale?: boolean }): Promise<void> {
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  const anchor = opts.anchorDate ?? todayIn(config.timeZone);
  if (opts.ifStale) {
    await ensureDatabase(databaseUrl);
    await ensureSystemSchema(databaseUrl);
    const current = await readManifest(databaseUrl);
    if (current && current.last_month === seedMonths(anchor).at(-1)?.key) {
      console.log(`data in ${redactUrl(databaseUrl)} is current (ends ${current.last_month}, ${current.counts.orders} orders); not reseeded`);
      return;
    }
  }
  // Progress lines only for a person watching a terminal.
  const onProgress = process.stderr.isTTY ? (m: string) => process.stderr.write(pc.dim(`  ${m}\n`)) : undefined;
  const { manifest, elapsedMs } = await seedDatabase(databaseUrl, anchor, onProgress);
  console.log(`seeded ${redactUrl(databaseUrl)} in ${(elapsedMs / 1000).toFixed(1)} s`);
  console.log(`  ${manifest.counts.users} users, ${manifest.counts.orders} orders, ${manifest.counts.categories} categories, ${manifest.first_month} to ${manifest.last_month}`);
  console.log(`  dirty rows: ${manifest.dirty.negative_amount.count} negative amounts, ${manifest.dirty.null_pay_time.count} paid orders without pay time, ${manifest.dirty.missing_category.count} without category`);
  const east = manifest.signals.east_repurchase_drop;
  console.log(`  planted: 华东 repurchase rate ${east.repurchase_rate.previous} → ${east.repurchase_rate.last} in ${east.month} (new-customer conversion ${east.new_customer_conversion.previous} → ${east.new_customer_conversion.last})`);
}

// ------------------------------------------------------------------ wiring

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

  program.command('up').description('start the local Temporal dev server (Web UI on :8233) and a worker in the background')
    .action(action(() => up(config)));
  program.command('down').description('stop the worker and the Temporal dev server started by "baton up"')
    .action(action(() => down(config)));
  program.command('seed').description('(re)load the deterministic demo shop into PostgreSQL')
    .option('--database-url <url>', 'database to load (default: DATABASE_URL)')
    .option('--anchor-date <YYYY-MM-DD>', 'the data ends with the month before this date (default: today)')
    .option('--if-stale', 'only when the data is missing or does not end with last month')
    .action(action(seed));
  program.command('ask').description('ask a question; shows progress and prints the answer')
    .argument('<question>', 'the question, in Chinese or English')
    .option('--json', 'print one JSON object (workflowId, status, answer, metrics, ...)')
    .option('--database-url <url>', 'database to analyse (default: the worker\'s DATABASE_URL)')
    .option('--catalog <file>', 'metric catalog YAML for that database (default: catalogs/demo.yaml)')
    .option('--no-wait', 'start the run and print its id without waiting')
    .addOption(new Option('--max-activities <n>', 'cap on activity executions for the run').default(undefined))
    .action(action(ask));
  program.command('status').description('show a run\'s state and step progress')
    .argument('<workflowId>').option('--json', 'print JSON').action(action(status));
  program.command('result').description('wait for a run and print its answer')
    .argument('<workflowId>').option('--json', 'print JSON').action(action(result));
  return program;
}

if (require.main === module) {
  buildProgram().parseAsync(process.argv).catch((err: unknown) => {
    process.exitCode = report(err);
  });
}
