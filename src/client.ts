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
 *
 * This file is the wiring: the commander program, its options and help. Each command's body lives in
 * src/cli/commands/ (ask, status/result/show, review, report/export, runs/cancel, catalog init/check, import-dbt,
 * seed, up/down/worker, codec-server).
 */
import { Command, Option } from 'commander';
import path from 'node:path';
import { PROJECT_ROOT, redactUrl } from './settings/config';
import { MAX_SCALE } from './seed/scale';
import { DEFAULT_DEPLOYMENT_NAME } from './temporal/worker-settings';
import { config } from './cli/context';
import { ask } from './cli/commands/ask';
import { catalogCheck, catalogInit } from './cli/commands/catalog';
import { codecServerCommand } from './cli/commands/codec-server';
import { catalogImportDbt } from './cli/commands/import-dbt';
import { exportCommand, reportCommand } from './cli/commands/report';
import { decide } from './cli/commands/review';
import { cancelCommand, RUN_INTENTS, RUN_STATUSES, runsCommand } from './cli/commands/runs';
import { seed } from './cli/commands/seed';
import { down, up, workerCommand } from './cli/commands/services';
import { result, show, status } from './cli/commands/status';
import { registerSessionCommands } from './cli/commands/sessions';
import { registerScheduleCommands } from './cli/commands/schedule';
import { registerWebCommands } from './cli/commands/web';
import { action, reportError } from './cli/action';

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
    [
      'Temporal',
      `${config.temporalAddress}, namespace ${config.temporalNamespace}, task queue ${config.taskQueue}`,
      'TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, BATON_TASK_QUEUE',
    ],
    ['Web UI', config.temporalUiUrl, 'TEMPORAL_UI_URL'],
    ['database', redactUrl(config.databaseUrl), 'DATABASE_URL'],
    ['catalog', shownPath(config.catalogPath), 'BATON_CATALOG'],
    ['data dir', shownPath(config.dataDir), 'BATON_DATA_DIR'],
  ];
  return `\nDefaults in force (from the environment):\n${rows.map(([what, value, from]) => `  ${what.padEnd(9)} ${value}  (${from})`).join('\n')}\n`;
}

/** up, down, worker and seed: the services and the demo data. */
function addSetupCommands(program: Command, database: string): void {
  const ports = devServerPorts();
  program
    .command('up')
    .description(
      `start the local Temporal dev server (gRPC 127.0.0.1:${ports.grpc}, Web UI on :${ports.ui}) and a worker in the background`,
    )
    .option(
      '--cluster',
      "a Temporal cluster on PostgreSQL instead (scripts/temporal-cluster.sh; persistence on TEMPORAL_CLUSTER_DATABASE_URL, default DATABASE_URL's server)",
    )
    .option(
      '--tls-cert <file>',
      'with --cluster: the frontend serves TLS with this certificate and requires client certificates (TEMPORAL_CLUSTER_TLS_CERT)',
    )
    .option('--tls-key <file>', "with --cluster: that certificate's key (TEMPORAL_CLUSTER_TLS_KEY)")
    .option('--tls-ca <file>', 'with --cluster: the CA client certificates must be signed by (TEMPORAL_CLUSTER_TLS_CA)')
    .option('--no-web', 'do not start the web page ("baton web", on BATON_WEB_HOST:BATON_WEB_PORT, default 127.0.0.1:8080)')
    .action(
      action((opts: { cluster?: boolean; tlsCert?: string; tlsKey?: string; tlsCa?: string; web: boolean }) =>
        up(config, { cluster: opts.cluster, tls: { cert: opts.tlsCert, key: opts.tlsKey, ca: opts.tlsCa }, web: opts.web }),
      ),
    );
  program
    .command('down')
    .description('stop the web page, the worker and the Temporal (dev server or cluster) started by "baton up"')
    .action(action(() => down(config)));
  program
    .command('worker')
    .description(
      "run a worker in the foreground until SIGTERM or SIGINT (for process managers and containers); each flag overrides its environment variable, unset ones keep the SDK's defaults",
    )
    .option('--task-queue <name>', `task queue to poll (default: ${config.taskQueue}, BATON_TASK_QUEUE)`)
    .option('--max-activities <n>', 'agents running as activities at once (BATON_WORKER_MAX_ACTIVITIES; SDK default 100)')
    .option('--max-local-activities <n>', 'agents running as local activities at once (BATON_WORKER_MAX_LOCAL_ACTIVITIES; SDK default 100)')
    .option('--max-workflow-tasks <n>', 'workflow tasks at once, at least 2 (BATON_WORKER_MAX_WORKFLOW_TASKS; SDK default 40)')
    .option(
      '--max-cached-workflows <n>',
      'runs kept in memory between their steps, 0 for none (BATON_WORKER_MAX_CACHED_WORKFLOWS; SDK default sized from the heap)',
    )
    .option(
      '--build-id <id>',
      "worker versioning: this worker's build id; runs it starts stay pinned to it (BATON_BUILD_ID; unset: unversioned)",
    )
    .option(
      '--deployment-name <name>',
      `worker versioning: the worker deployment the build id belongs to (BATON_DEPLOYMENT_NAME; default ${DEFAULT_DEPLOYMENT_NAME})`,
    )
    .action(action(workerCommand));
  program
    .command('seed')
    .description('(re)load the deterministic demo shop into PostgreSQL')
    .option('--database-url <url>', `database to load (default: ${database}, DATABASE_URL)`)
    .option('--anchor-date <YYYY-MM-DD>', 'the data ends with the month before this date (default: today)')
    .option('--if-stale', 'only when the data is missing, does not end with last month, or has another scale')
    .option(
      '--scale <K>',
      `K times the demo shop (1 to ${MAX_SCALE}; 10 is about 750 thousand orders, 100 about 7.5 million), the same planted signals at the same rates`,
      '1',
    )
    .option(
      '--plant-change <weeks>',
      'ISO weeks (2026-W40,2026-W43) where 华东 GMV changes level sharply, for scheduled analyses; the manifest names them (docs/schedules.md)',
    )
    .action(action(seed));
}

/** ask, the plan review (approve, revise, reject) and export. */
function addRunCommands(program: Command, database: string): void {
  program
    .command('ask')
    .description('ask a question; shows progress and prints the answer')
    .argument('<question>', 'the question, in Chinese or English')
    .option('--json', 'print one JSON object (workflowId, status, answer, metrics, ...)')
    .option('--database-url <url>', `database to analyse (default: the worker's DATABASE_URL; here ${database})`)
    .option(
      '--catalog <file>',
      `metric catalog YAML for that database (default: the worker's BATON_CATALOG; here ${shownPath(config.catalogPath)})`,
    )
    .option('--no-wait', 'start the run and print its id without waiting')
    .option('--session <id>', 'ask it as the next turn of a session (baton sessions lists them)')
    .option('--new-session', 'start a session with this question as its first turn; prints the session id')
    .addOption(new Option('--max-activities <n>', 'cap on activity executions for the run').default(undefined))
    .option('--review', 'wait after planning for the plan to be approved, revised or rejected (asks here when interactive)')
    .option('--review-timeout <seconds>', 'how long the plan waits for a decision', '3600')
    .addOption(
      new Option('--on-timeout <what>', 'what happens when nobody decides in time').choices(['approve', 'cancel']).default('cancel'),
    )
    .action(action(ask));
  program
    .command('approve')
    .description('approve the plan of a run waiting for review')
    .argument('<workflowId>')
    .action(action((id: string) => decide(id, { action: 'approve' })));
  program
    .command('revise')
    .description('send a plan back to the planner with feedback')
    .argument('<workflowId>')
    .argument('<feedback>')
    .action(action((id: string, feedback: string) => decide(id, { action: 'revise', feedback })));
  program
    .command('reject')
    .description('reject the plan; the run ends without executing it')
    .argument('<workflowId>')
    .argument('[reason]')
    .action(action((id: string, reason?: string) => decide(id, { action: 'reject', feedback: reason })));
  program
    .command('export')
    .description('write the whole run (plans, steps, validations, answer) rebuilt from its history')
    .argument('<workflowId>')
    .option('-o, --output <file>', 'file to write (default: standard output)')
    .action(action(exportCommand));
}

/** catalog init, check and import-dbt. */
function addCatalogCommands(program: Command, database: string): void {
  const catalog = program.command('catalog').description('metric catalogs: draft one from a database, check one against it');
  catalog
    .command('init')
    .description('introspect a PostgreSQL database and write a draft catalog')
    .option('--database-url <url>', `database to introspect (default: ${database}, DATABASE_URL)`)
    .option('-o, --output <file>', 'file to write (default: standard output)')
    .option('--name <name>', 'catalog name (default: the database name)')
    .option('--schema <schema>', 'schema to read', 'public')
    .option('--currency <code>', 'ISO code of the money columns (USD, CNY): written as the unit of money metrics')
    .option('--contact-columns', 'also propose e-mail and phone columns (password, hash, token, card columns never)')
    .option(
      '--no-setup',
      `write nothing to the server (by default the read-only role ${config.readerRole} is created when missing and granted SELECT on the schema)`,
    )
    .action(action(catalogInit));
  catalog
    .command('check')
    .description(
      'verify a catalog against a live database: tables, columns, every metric runs; warns on what it probably does not mean (each with its line)',
    )
    .argument('<file>')
    .option('--database-url <url>', `database to check against (default: ${database}, DATABASE_URL)`)
    .option('--schema <schema>', 'schema to read', 'public')
    .option('--strict', 'warnings fail the check too (exit code 1)')
    .action(action(catalogCheck));
  catalog
    .command('import-dbt')
    .description(
      'write a catalog from dbt MetricFlow semantic models and metrics (YAML files or a directory of them); names what it cannot map',
    )
    .argument('<path>', 'a dbt YAML file, or a directory searched for *.yml')
    .option('-o, --output <file>', 'file to write (default: standard output)')
    .option('--name <name>', 'catalog name', 'dbt')
    .option('--timezone <zone>', 'the business time zone to write', 'UTC')
    .option('--currency <code>', 'ISO code written as the unit of money metrics')
    .option('--database-url <url>', 'read column names and time types from this database (optional)')
    .option('--schema <schema>', 'schema of the tables, with --database-url', 'public')
    .action(action(catalogImportDbt));
}

/** status, show, report, result, runs, cancel and codec-server: looking at runs and their payloads. */
function addLookCommands(program: Command): void {
  program
    .command('status')
    .description("show a run's state and step progress")
    .argument('<workflowId>')
    .option('--json', 'print JSON')
    .action(action(status));
  program
    .command('show')
    .description('a run in detail: steps, token usage per agent against budgets, history size')
    .argument('<workflowId>')
    .option('--json', 'print JSON')
    .action(action(show));
  program
    .command('report')
    .description("write a finished run's report: Markdown, HTML with charts, or DOCX")
    .argument('<workflowId>')
    .addOption(new Option('--format <format>', 'output format').choices(['md', 'html', 'docx']).default('md'))
    .option('-o, --output <file>', 'where to write it (default reports/<workflowId>.<format>)')
    .action(action(reportCommand));
  program
    .command('result')
    .description('wait for a run and print its answer')
    .argument('<workflowId>')
    .option('--json', 'print JSON')
    .action(action(result));
  program
    .command('runs')
    .description('list analysis runs, newest first: id, when, question, intent, status, duration')
    .addOption(new Option('--status <status>', 'only runs in this state').choices([...RUN_STATUSES]))
    .addOption(new Option('--intent <intent>', 'only runs of this intent').choices([...RUN_INTENTS]))
    .option('--since <period>', 'only runs started in the last 30m, 12h, 7d, 2w, or since a date YYYY-MM-DD')
    .option('--limit <n>', 'at most this many runs', '20')
    .option('--schedule <id>', 'only the runs a schedule started (baton schedule)')
    .option('--json', 'print a JSON array')
    .action(action(runsCommand));
  program
    .command('cancel')
    .description('cancel a running analysis: its SQL is cancelled on the server, model calls aborted; it ends "cancelled" with the reason')
    .argument('<workflowId>')
    .argument('[reason]', 'why, shown in the run\'s answer and by "baton runs"')
    .option('--json', 'print JSON')
    .action(action(cancelCommand));
  program
    .command('codec-server')
    .description('serve the payload codec so the Web UI can show encrypted payloads decrypted (needs BATON_CODEC_KEYS)')
    .option('--port <n>', 'port to listen on', '8081')
    .option('--origin <url>', `the Web UI origin allowed to call it (default: ${config.temporalUiUrl}, TEMPORAL_UI_URL)`)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM; env BATON_CODEC_TLS_CERT)')
    .option('--tls-key <file>', "the certificate's private key (PEM; env BATON_CODEC_TLS_KEY)")
    .option('--tls-ca <file>', 'require client certificates signed by this CA (PEM; env BATON_CODEC_TLS_CA)')
    .action(action(codecServerCommand));
}

export function buildProgram(): Command {
  const program = new Command('baton').description('Durable multi-agent data analysis on Temporal and PostgreSQL').showHelpAfterError();

  const database = redactUrl(config.databaseUrl);
  addSetupCommands(program, database);
  addRunCommands(program, database);
  addCatalogCommands(program, database);
  addLookCommands(program);
  registerSessionCommands(program, database);
  registerScheduleCommands(program, database);
  registerWebCommands(program, database);
  const footer = defaultsInForce();
  const withFooter = (command: Command): void => {
    command.addHelpText('after', footer);
    command.commands.forEach(withFooter);
  };
  withFooter(program);
  return program;
}

if (require.main === module) {
  buildProgram()
    .parseAsync(process.argv)
    .catch((err: unknown) => {
      process.exitCode = reportError(err);
    });
}
