/**
 * The session commands as a user runs them (node bin/baton, a child process) against a real worker and Temporal, on
 * Chinook: `baton chat` through a pipe with two turns and /quit (each turn's checklist and answer printed, the
 * numbers against hand-written SQL, the second turn reusing the first's groups), then `baton ask --session`,
 * `baton sessions`, `baton session <id>` and an unknown id.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Pool } from 'pg';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { runCli, withWorker } from '../helpers';

const harness = withWorker('chat-cli');
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const ENV = { BATON_TASK_QUEUE: harness.config.taskQueue, BATON_CATALOG: CATALOG };

/** `baton chat` with its input piped in, line by line, each line sent once the prompt is back. */
function chat(lines: string[], args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve(__dirname, '../..', 'bin', 'baton'), 'chat', ...args], {
      env: { ...process.env, NO_COLOR: '1', ...ENV },
    });
    let stdout = '';
    let stderr = '';
    let sent = 0;
    // The prompt (› ) is printed at the start and after each turn's answer or command: then the next line goes in.
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const prompts = stdout.split('› ').length - 1;
      while (sent < prompts && sent <= lines.length) {
        const line = lines[sent++];
        if (line !== undefined) child.stdin.write(`${line}\n`);
        else child.stdin.end();
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function genreRevenue(n: number | null): Promise<[string, number][]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ g: string; v: string }>(
      `SELECT g.name AS g, sum(l.unit_price * l.quantity) AS v FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id
       JOIN track t ON t.track_id = l.track_id JOIN genre g ON g.genre_id = t.genre_id
       WHERE i.invoice_date >= '2024-01-01' AND i.invoice_date < '2025-01-01' GROUP BY 1 ORDER BY 2 DESC ${n ? `LIMIT ${n}` : ''}`,
    );
    return rows.map((r) => [r.g, Number(r.v)]);
  } finally {
    await pool.end();
  }
}

const money = (v: number) => `$${v.toFixed(2)}`;

test('baton chat: two turns and /quit through a pipe, each with its checklist and verified numbers; then the other commands', async () => {
  const run = await chat(
    ['Top 3 genres by revenue in 2024', 'revenue by genre in 2024', '/session', '/quit'],
    ['--catalog', CATALOG, '--database-url', databaseUrl],
  );
  expect(run.stderr).not.toContain('error:');
  expect(run.code).toBe(0);
  const id = /session (\w+) · resume with: baton chat --session \1/.exec(run.stderr)?.[1];
  expect(id).toBeDefined();
  const [first, second] = run.stdout.split('● ').slice(1);
  expect(first).toMatch(new RegExp(`^completed\\s+session ${id} · turn 1`));
  for (const [genre, value] of await genreRevenue(3)) expect(first).toContain(`${genre} ${money(value)}`);
  expect(second).toMatch(new RegExp(`^completed\\s+session ${id} · turn 2`));
  // Every genre shown in the breakdown has its hand-written revenue.
  const all = await genreRevenue(null);
  const shown = all.filter(([genre]) => second?.includes(`${genre} $`));
  expect(shown.length).toBeGreaterThanOrEqual(15);
  for (const [genre, value] of shown) expect(second).toContain(`${genre} ${money(value)}`);
  // The live checklist of each turn (on stderr): the step passed, the second reusing the first turn's groups.
  expect(run.stderr).toContain('passed · 3 row(s)');
  expect(run.stderr).toMatch(/passed · \d+ row\(s\), reused from an earlier turn/);
  // Each turn's run replays when its checklist is read back after it ended (a patch asked mid-run once made it fail).
  expect(run.stderr).not.toContain('could not be read');
  expect(run.stdout).toContain(`› ${id}`);
  expect(run.stderr).toContain(`session ${id} kept · resume with: baton chat --session ${id}`);

  const asked = await runCli(['ask', '--session', id!, 'Top 3 genres by revenue in 2024', '--json'], ENV);
  expect(asked.code).toBe(0);
  const turn = JSON.parse(asked.stdout) as { sessionId: string; turn: number; status: string; answer: string; workflowId: string };
  expect(turn).toMatchObject({ sessionId: id, turn: 3, status: 'completed', workflowId: `session-${id}-turn-3` });
  for (const [genre, value] of await genreRevenue(3)) expect(turn.answer).toContain(`${genre} ${money(value)}`);

  const listed = await runCli(['sessions', '--json', '--limit', '50'], ENV);
  const sessions = JSON.parse(listed.stdout) as { sessionId: string; turns: number; lastQuestion: string }[];
  expect(sessions.find((s) => s.sessionId === id)).toMatchObject({ turns: 3, lastQuestion: 'Top 3 genres by revenue in 2024' });
  const shownSession = await runCli(['session', id!], ENV);
  expect(shownSession.code).toBe(0);
  expect(shownSession.stdout).toContain('2. revenue by genre in 2024  · completed · reused');
  expect(shownSession.stdout).toContain(`session-${id}-turn-1`);

  for (const args of [
    ['session', 'no-such-session'],
    ['ask', '--session', 'no-such-session', 'revenue in 2024'],
  ]) {
    const unknown = await runCli(args, ENV);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('error: no session no-such-session; list them with: baton sessions');
  }
}, 240_000);
