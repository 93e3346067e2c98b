/**
 * `baton chat`: an interactive session in the terminal. Each line is a turn (the session's `ask` Update), shown with
 * its live checklist and answered as `baton ask` answers; line editing and a history kept in the data directory
 * (node:readline). /help, /session (its id), /new (a new session), /quit or Ctrl-D to leave; the session stays and is
 * resumed with `baton chat --session <id>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pc from 'picocolors';
import { describeSession, startSession } from '../sessions/client';
import { reportError } from './action';
import { askTurn, printTurn } from './chat-turn';
import { config, withTemporal } from './context';

export interface ChatOptions {
  session?: string;
  catalog?: string;
  databaseUrl?: string;
}

const HISTORY_LINES = 500;
const HELP = [
  'type a question, or a follow-up ("and by genre?", "only 2023", "top 5 instead"); commands:',
  '  /session   print this session’s id',
  '  /new       start a new session (the thread starts from nothing)',
  '  /help      this help',
  '  /quit      leave (Ctrl-D too); the session stays: baton chat --session <id>',
].join('\n');

function historyFile(): string {
  return path.join(config.dataDir, 'chat-history');
}

/** The lines typed before, newest first (readline's order). */
function readHistory(): string[] {
  try {
    return fs.readFileSync(historyFile(), 'utf8').split('\n').filter(Boolean).reverse().slice(0, HISTORY_LINES);
  } catch {
    return [];
  }
}

function saveHistory(lines: string[]): void {
  try {
    fs.mkdirSync(path.dirname(historyFile()), { recursive: true });
    fs.writeFileSync(historyFile(), `${[...lines].reverse().join('\n')}\n`);
  } catch {
    // A history that cannot be written is not worth stopping the conversation for.
  }
}

export async function chat(opts: ChatOptions): Promise<void> {
  await withTemporal(async (client) => {
    const start = async () =>
      (
        await startSession(client, {
          config,
          ...(opts.catalog ? { catalogPath: path.resolve(opts.catalog) } : {}),
          ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
        })
      ).sessionId;
    let sessionId = opts.session ?? (await start());
    if (opts.session) {
      const view = await describeSession(client, opts.session); // an unknown id: one line naming `baton sessions`
      process.stderr.write(`${pc.dim(`resuming: ${view.turns.length} turn(s) so far`)}\n`);
    }
    const announce = () =>
      process.stderr.write(`session ${pc.bold(sessionId)} · resume with: baton chat --session ${sessionId} · /help for commands\n`);
    announce();
    const rl = createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: Boolean(process.stdin.isTTY),
      history: readHistory(),
      historySize: HISTORY_LINES,
      prompt: '› ',
    });
    rl.on('history', (lines: string[]) => saveHistory(lines));
    rl.prompt();
    for await (const raw of rl) {
      const line = raw.trim();
      if (!process.stdin.isTTY && line) saveHistory([line, ...readHistory()]);
      if (line === '/quit' || line === '/exit') break;
      if (line === '/help') console.log(HELP);
      else if (line === '/session') console.log(sessionId);
      else if (line === '/new') {
        sessionId = await start();
        announce();
      } else if (line.startsWith('/')) console.log(`unknown command ${line}; /help lists them`);
      else if (line) {
        try {
          printTurn((await askTurn(client, sessionId, line)).turn);
        } catch (err) {
          // A refused turn (another catalog, an empty question) or a failed one: said, and the conversation goes on.
          reportError(err);
        }
      }
      rl.prompt();
    }
    rl.close();
    process.stderr.write(`session ${sessionId} kept · resume with: baton chat --session ${sessionId}\n`);
  });
}
