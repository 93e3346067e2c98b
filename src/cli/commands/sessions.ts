/**
 * The session commands, registered by src/client.ts: `baton chat` (interactive, src/cli/chat.ts), `baton sessions`
 * (the latest sessions) and `baton session <id>` (one session's turns). `baton ask --session` / `--new-session` are
 * options of `baton ask` (src/cli/commands/ask.ts). The session API is src/sessions/client.ts.
 */
import { Option, type Command } from 'commander';
import pc from 'picocolors';
import { describeSession, listSessions } from '../../sessions/client';
import { action } from '../action';
import { chat } from '../chat';
import { withTemporal } from '../context';
import { printJson } from '../output';
import { CliError } from '../temporal';
import { filterLine } from '../../contracts/query';

const clip = (text: string | null, n: number) => (!text ? '' : text.length > n ? `${text.slice(0, n - 1)}…` : text);

async function sessions(opts: { json?: boolean; limit: string }): Promise<void> {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new CliError(`--limit must be a whole number of at least 1, not ${opts.limit}`, 2);
  await withTemporal(async (client) => {
    const listed = await listSessions(client, { limit });
    if (opts.json) return printJson(listed);
    if (listed.length === 0) return console.log('no sessions yet; start one with: baton chat');
    for (const s of listed) {
      const started = s.startedAt.replace('T', ' ').slice(0, 19);
      console.log(
        `${pc.bold(s.sessionId)}  ${started}  ${String(s.turns).padStart(3)} turn(s)  ${s.catalog}${s.closed ? pc.dim(' (closed)') : ''}  ${clip(s.lastQuestion, 60)}`,
      );
    }
  });
}

async function session(id: string, opts: { json?: boolean }): Promise<void> {
  await withTemporal(async (client) => {
    const view = await describeSession(client, id);
    if (opts.json) return printJson(view);
    console.log(
      `${pc.bold(`session ${view.sessionId}`)} · catalog ${view.catalog} · started ${view.startedAt}${view.closed ? ' · closed' : ''}`,
    );
    for (const t of view.turns) {
      console.log(
        `${String(t.turn).padStart(3)}. ${t.question}  · ${t.status}${t.reused ? ' · reused' : ''}  ${pc.dim(t.workflowId ?? '(no run)')}`,
      );
      console.log(`     ${t.headline}`);
    }
    if (view.running) console.log(`  ▶ running: ${view.running.question}${view.queued ? ` (${view.queued} waiting)` : ''}`);
    if (view.constraints.length > 0) console.log(`constraints: ${view.constraints.map((c) => filterLine(c, ' or ')).join('; ')}`);
  });
}

/** Adds this group's commands to the program. */
export function registerSessionCommands(program: Command, database: string): void {
  program
    .command('chat')
    .description('an interactive session: follow-up questions keep the thread (/help inside)')
    .option('--session <id>', 'resume a session (baton sessions lists them)')
    .option('--catalog <file>', 'metric catalog YAML the new session is bound to')
    .option('--database-url <url>', `database the new session analyses (default: the worker's DATABASE_URL; here ${database})`)
    .action(action(chat));
  program
    .command('sessions')
    .description('lists the latest sessions: id, started, turns, catalog, last question')
    .option('--json', 'print them as JSON')
    .addOption(new Option('--limit <n>', 'how many').default('20'))
    .action(action(sessions));
  program
    .command('session')
    .description("a session's turns: question, status, the answer's first line, the child run")
    .argument('<id>', 'the session id (baton sessions lists them)')
    .option('--json', 'print the session as JSON')
    .action(action(session));
}
