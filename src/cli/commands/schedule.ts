/**
 * `baton schedule`: scheduled analyses on Temporal Schedules (src/schedules, src/workflows/scheduled.ts).
 *
 *   add "<question>" --cron C | --every 1w   checks every option first (cron, time zone, --when metrics, webhook URLs),
 *                                            then asks the question once through the real pipeline: a question that
 *                                            ends cannot_answer is refused with its answer; then creates the schedule
 *   list · show <id> · pause · resume · trigger · delete · backfill --from D --to D
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import type { Command } from 'commander';
import pc from 'picocolors';
import { loadCatalog } from '../../catalog/catalog';
import { runDate } from '../../settings/config';
import type { RunResult } from '../../contracts';
import type { ScheduleConfig } from '../../schedules/contract';
import { checkCron, checkTimeZone, parseAlert, parseEvery, parseLevel, parseWhen, ScheduleInputError } from '../../schedules/parse';
import { backfillSchedule, configOf, createSchedule, OVERLAP_POLICIES, type OverlapName } from '../../schedules/service';
import { scheduleAlerts, scheduleRuns } from '../../schedules/store';
import { action } from '../action';
import { config, withTemporal } from '../context';
import { printJson } from '../output';
import { CliError } from '../temporal';

interface AddOptions {
  cron?: string;
  every?: string;
  catalog?: string;
  databaseUrl?: string;
  timezone?: string;
  alert: string[];
  when: string[];
  level: string;
  overlap: OverlapName;
  catchUp: string;
  id?: string;
  check: boolean;
  json?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** Every option checked, nothing created yet: the schedule's config, or a CliError (exit 2) naming the problem. */
export function checkedConfig(
  question: string,
  opts: AddOptions,
): { config: ScheduleConfig; cron?: string; everyMs?: number; catchUpMs: number } {
  try {
    const trimmed = question.trim();
    if (!trimmed) throw new ScheduleInputError('the question is empty');
    if (!opts.cron === !opts.every) throw new ScheduleInputError('say when: --cron "0 9 * * MON" or --every 1w (one of them)');
    const catalogPath = opts.catalog ? path.resolve(opts.catalog) : config.catalogPath;
    const catalog = loadCatalog(catalogPath);
    const timezone = checkTimeZone(opts.timezone ?? catalog.timezone);
    const cron = opts.cron ? checkCron(opts.cron, timezone) : undefined;
    const everyMs = opts.every ? parseEvery(opts.every) : undefined;
    const catchUpMs = parseEvery(opts.catchUp);
    const alerts = opts.alert.map(parseAlert);
    const when = opts.when.map((w) => parseWhen(w, Object.keys(catalog.metrics)));
    const level = parseLevel(opts.level);
    if (!(OVERLAP_POLICIES as readonly string[]).includes(opts.overlap))
      throw new ScheduleInputError(`--overlap "${opts.overlap}" is not one of ${OVERLAP_POLICIES.join(', ')}`);
    const scheduleId = opts.id ?? `schedule-${randomBytes(4).toString('hex')}`;
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,80}$/.test(scheduleId))
      throw new ScheduleInputError(`--id "${scheduleId}" may hold letters, digits, _ . -`);
    return {
      config: {
        scheduleId,
        question: trimmed,
        timezone,
        ...(opts.catalog ? { catalogPath } : {}),
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
        alerts,
        when,
        level,
        webUi: config.temporalUiUrl,
      },
      cron,
      everyMs,
      catchUpMs,
    };
  } catch (err) {
    if (err instanceof ScheduleInputError) throw new CliError(err.message, 2);
    throw err;
  }
}

/** The question asked once, now, through the real pipeline: a schedule that could never answer is refused. */
async function askOnce(client: Client, c: ScheduleConfig): Promise<RunResult> {
  const asOf = runDate(c.timezone, config.timeZoneOverride);
  return client.workflow.execute<(r: object) => Promise<RunResult>>('analysisWorkflow', {
    workflowId: `${c.scheduleId}-check-${randomBytes(3).toString('hex')}`,
    taskQueue: config.taskQueue,
    args: [
      {
        question: c.question,
        asOf,
        ...(c.catalogPath ? { catalogPath: c.catalogPath } : {}),
        ...(c.databaseUrl ? { databaseUrl: c.databaseUrl } : {}),
      },
    ],
    staticSummary: c.question,
    staticDetails: `the check of schedule ${c.scheduleId} before it is created`,
  });
}

async function add(question: string, opts: AddOptions): Promise<void> {
  const checked = checkedConfig(question, opts);
  await withTemporal(async (client) => {
    if (opts.check) {
      const result = await askOnce(client, checked.config);
      if (result.status === 'cannot_answer')
        throw new CliError(`refused: the question cannot be answered, so the schedule would never speak: ${result.answer}`, 2);
    }
    await createSchedule(client, {
      config: checked.config,
      taskQueue: config.taskQueue,
      cron: checked.cron,
      everyMs: checked.everyMs,
      overlap: opts.overlap,
      catchupWindowMs: checked.catchUpMs,
    });
  });
  if (opts.json) return printJson({ scheduleId: checked.config.scheduleId, config: checked.config });
  console.log(`${pc.bold(checked.config.scheduleId)} created · ${checked.cron ?? `every ${opts.every}`} (${checked.config.timezone})`);
}

async function list(opts: { json?: boolean }): Promise<void> {
  const rows = await withTemporal(async (client) => {
    const out = [];
    for await (const s of client.schedule.list()) {
      const d = await client.schedule.getHandle(s.scheduleId).describe();
      const c = configOf(d);
      if (!c) continue;
      out.push({
        id: s.scheduleId,
        paused: d.state.paused,
        question: c.question,
        timezone: c.timezone,
        next: d.info.nextActionTimes[0]?.toISOString() ?? null,
      });
    }
    return out;
  });
  if (opts.json) return printJson(rows);
  if (rows.length === 0) return console.log(pc.dim('no schedules'));
  for (const r of rows) console.log(`${r.id}  ${r.paused ? 'paused' : 'active'}  next ${r.next ?? '-'}  ${r.timezone}  ${r.question}`);
}

async function show(id: string, opts: { json?: boolean }): Promise<void> {
  const d = await withTemporal((client) => client.schedule.getHandle(id).describe());
  const runs = await scheduleRuns(config.databaseUrl, id);
  const alerts = await scheduleAlerts(config.databaseUrl, id);
  const c = configOf(d);
  if (opts.json) return printJson({ id, paused: d.state.paused, config: c, runs, alerts });
  console.log(`${pc.bold(id)} ${d.state.paused ? 'paused' : 'active'} · ${c?.question ?? ''} · ${c?.timezone ?? ''}`);
  console.log(pc.bold('runs'));
  for (const r of runs) console.log(`  ${r.scheduledTime}  as of ${r.asOf}  ${r.decision}  ${r.runId}`);
  console.log(pc.bold('alerts'));
  for (const a of alerts)
    console.log(
      `  ${a.deliveredAt ? pc.green('delivered') : pc.red('FAILING')}  ${a.sink}  ${a.attempts} attempt(s)  ${a.key}${a.lastError && !a.deliveredAt ? `  ${a.lastError}` : ''}`,
    );
}

function parseDate(text: string, flag: string): Date {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(d.getTime())) throw new CliError(`${flag} "${text}" is not a date (YYYY-MM-DD or an ISO time)`, 2);
  return d;
}

export function registerScheduleCommands(program: Command, _database: string): void {
  const schedule = program.command('schedule').description('scheduled analyses that speak only when something changed (docs/schedules.md)');
  schedule
    .command('add')
    .argument('<question>', 'the question, asked at every scheduled time ("last week" is read against that time)')
    .option('--cron <expr>', 'when, as cron in the schedule\'s time zone: "0 9 * * MON"')
    .option('--every <interval>', 'or every 30m, 12h, 1d, 1w')
    .option('--catalog <file>', 'metric catalog YAML')
    .option('--database-url <url>', 'database to analyse')
    .option('--timezone <zone>', "IANA time zone (default: the catalog's)")
    .option('--alert <sink>', 'webhook:<http(s) url> or file:<path> (repeatable)', collect, [])
    .option('--when <rule>', 'also alert when "<metric> < 0.2" or "change > 10%" (repeatable)', collect, [])
    .option('--level <p>', "significance level of the statistics agent's test", '0.05')
    .option('--overlap <policy>', `when a run is still going at the next time: ${OVERLAP_POLICIES.join(', ')}`, 'skip')
    .option('--catch-up <duration>', 'after downtime, run missed times up to this old (30m, 12h, 1d, 1w)', '1d')
    .option('--id <id>', 'the schedule id (default: schedule-<random>)')
    .option('--no-check', 'skip asking the question once before creating the schedule')
    .option('--json', 'print the schedule as JSON')
    .action(action(add));
  schedule.command('list').option('--json').action(action(list));
  schedule
    .command('show')
    .argument('<id>')
    .option('--json')
    .description('the schedule, its runs and its alerts (failed deliveries too)')
    .action(action(show));
  const simple = (name: string, description: string, fn: (client: Client, id: string) => Promise<void>) =>
    schedule
      .command(name)
      .argument('<id>')
      .description(description)
      .action(
        action(async (id: string) => {
          await withTemporal((client) => fn(client, id));
          console.log(`${id}: ${name} done`);
        }),
      );
  simple('pause', 'stop taking actions until resumed', (c, id) => c.schedule.getHandle(id).pause());
  simple('resume', 'take actions again', (c, id) => c.schedule.getHandle(id).unpause());
  simple('trigger', 'run now', (c, id) => c.schedule.getHandle(id).trigger());
  simple('delete', 'delete the schedule (its runs stay)', (c, id) => c.schedule.getHandle(id).delete());
  schedule
    .command('backfill')
    .argument('<id>')
    .requiredOption('--from <date>', 'first time (YYYY-MM-DD or ISO)')
    .requiredOption('--to <date>', 'last time')
    .description('take the actions of every scheduled time in the range, in order, one after another')
    .action(
      action(async (id: string, o: { from: string; to: string }) => {
        const from = parseDate(o.from, '--from');
        const to = parseDate(o.to, '--to');
        await withTemporal((client) => backfillSchedule(client, id, from, to));
        console.log(`${id}: backfill ${from.toISOString()} → ${to.toISOString()} requested`);
      }),
    );
}
