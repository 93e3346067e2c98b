/**
 * npm run chaos -- --sessions [--conversations ID,ID] [--kill-every 3-6] [--workers N] [--activity-delay MS]
 *
 * The conversation cases (eval/conversations) through real sessions (src/sessions/client.ts askInSession, which asks
 * again while Temporal is out of reach, with the same Update id), on chaos's own Temporal dev server and worker
 * processes (scripts/chaos.ts: port 7239, history in .data/chaos):
 *   1. Baseline: every conversation as one session, turn after turn, without faults.
 *   2. Chaos: the same conversations in new sessions while a random worker is SIGKILLed every MIN–MAX seconds (and
 *      started again), and the Temporal dev server is stopped and started once mid-conversation (once a third of
 *      the turns are answered).
 *   3. Compare every turn's status, answer and report digest with its baseline turn (the session's own ids left
 *      out), and count the child runs of every turn through visibility (workflow ids `<session>-turn-<n>`, every run
 *      of each): exactly one for a turn that ran an analysis, none for one that did not (asked back, reset), none
 *      beyond the conversation's turns; and the session's own list of turns (the `session` query) holds each turn
 *      once, in order.
 * Prints a table of turns and a one-line verdict; exits non-zero on any difference.
 */
import { Client, Connection } from '@temporalio/client';
import fs from 'node:fs';
import path from 'node:path';
import pc from 'picocolors';
import { Pool } from 'pg';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { CHINOOK_AS_OF, chinookDatabaseUrl } from '../eval/chinook-cases';
import { CHINOOK_CONVERSATIONS } from '../eval/conversations/chinook';
import { DEMO_CONVERSATIONS } from '../eval/conversations/demo';
import { BLIND_CHINOOK_CONVERSATIONS } from '../eval/blind/chinook';
import { BLIND_CHINOOK_LEFT_OUT } from '../eval/blind/chinook-left-out';
import { BLIND_DEMO_CONVERSATIONS } from '../eval/blind/demo';
import type { Conversation } from '../eval/conversations/types';
import type { TurnResult } from '../src/contracts/session';
import { sessionWorkflowId } from '../src/contracts/session-messages';
import { askInSession, describeSession, startSession } from '../src/sessions/client';
import { loadConfig, PROJECT_ROOT, todayIn, type BatonConfig } from '../src/settings/config';
import { readManifest, seedDatabase } from '../src/seed/load';
import { closePools } from '../src/storage/db';
import { dataConverterFromEnv } from '../src/temporal/codec';
import type { Chaos } from './chaos';

export interface SessionChaosOptions {
  killEvery: [number, number];
  seed: number;
  conversations?: string;
  json?: string;
}

/** What a turn is compared on. */
interface TurnOutcome {
  status: string;
  answer: string;
  reportDigest: string | null;
  childWorkflowId: string | null;
}

interface TurnLine {
  conversation: string;
  n: number;
  say: string;
  baseline: string;
  chaos: string;
  identical: boolean;
  differs: string[];
  /** Runs of `<session>-turn-<n>` in visibility, and how many the turn should have (1 with a child, 0 without). */
  childRuns: number;
  expectedChildRuns: number;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The conversations named by --conversations (ids, comma-separated: the committed sets' and eval/blind's), or all committed ones. */
export function pickConversations(names: string | undefined): Conversation[] {
  const all = [...CHINOOK_CONVERSATIONS, ...DEMO_CONVERSATIONS];
  if (!names || names === 'all') return all;
  const known = [...all, ...BLIND_CHINOOK_CONVERSATIONS, ...BLIND_DEMO_CONVERSATIONS, ...BLIND_CHINOOK_LEFT_OUT];
  const wanted = names.split(',').map((s) => s.trim());
  const unknown = wanted.filter((w) => !known.some((c) => c.id === w));
  if (unknown.length) throw new Error(`unknown conversations ${unknown.join(', ')}; known: ${known.map((c) => c.id).join(', ')}`);
  return known.filter((c) => wanted.includes(c.id));
}

/** A turn's result with its session's own ids left out, so that two sessions' turns compare. */
function outcomeOf(r: TurnResult, sessionId: string): TurnOutcome {
  const plain = (s: string) => s.split(sessionWorkflowId(sessionId)).join('<session>').split(sessionId).join('<id>');
  return {
    status: r.status,
    answer: plain(r.answer),
    reportDigest: r.report_ref,
    childWorkflowId: r.workflowId ? plain(r.workflowId) : null,
  };
}

interface SessionRun {
  conversation: Conversation;
  sessionId: string;
  turns: { outcome: TurnOutcome; ms: number }[];
}

/** Every conversation as one session, `lanes` sessions side by side; `onTurn` hears of each answered turn. */
async function runSessions(
  client: Client,
  config: BatonConfig,
  conversations: Conversation[],
  where: (c: Conversation) => { catalogPath?: string; databaseUrl?: string; asOf: string },
  onTurn: () => void,
  lanes = 3,
): Promise<SessionRun[]> {
  const out: SessionRun[] = new Array<SessionRun>(conversations.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < conversations.length; i = next++) {
      const c = conversations[i] as Conversation;
      const w = where(c);
      const { sessionId } = await startSession(client, {
        config,
        ...(w.catalogPath ? { catalogPath: w.catalogPath } : {}),
        ...(w.databaseUrl ? { databaseUrl: w.databaseUrl } : {}),
        language: c.language === 'zh' ? 'zh' : 'en',
      });
      const run: SessionRun = { conversation: c, sessionId, turns: [] };
      for (const t of c.turns) {
        const started = Date.now();
        const result = await askInSession(client, sessionId, t.say, { config, asOf: w.asOf });
        run.turns.push({ outcome: outcomeOf(result, sessionId), ms: Date.now() - started });
        onTurn();
      }
      out[i] = run;
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, conversations.length) }, lane));
  return out;
}

/** Runs per child workflow id of the session (every run visibility lists: a turn started twice would show twice). */
async function childRuns(client: Client, sessionId: string): Promise<Map<string, number>> {
  const prefix = `${sessionWorkflowId(sessionId)}-turn-`;
  const counts = new Map<string, number>();
  for await (const w of client.workflow.list({ query: `WorkflowId STARTS_WITH '${prefix}'` })) {
    if (w.workflowId.startsWith(prefix)) counts.set(w.workflowId, (counts.get(w.workflowId) ?? 0) + 1);
  }
  return counts;
}

/** Compares a chaos session's turns with the baseline's, turn by turn, and counts each turn's child runs. */
async function compareSession(client: Client, base: SessionRun, chaos: SessionRun): Promise<{ lines: TurnLine[]; problems: string[] }> {
  const problems: string[] = [];
  const runs = await childRuns(client, chaos.sessionId);
  const view = await describeSession(client, chaos.sessionId);
  const numbers = view.turns.map((t) => t.turn);
  const expectedNumbers = chaos.conversation.turns.map((_, i) => i + 1);
  if (JSON.stringify(numbers) !== JSON.stringify(expectedNumbers))
    problems.push(`${chaos.conversation.id}: the session lists turns [${numbers.join(',')}], expected [${expectedNumbers.join(',')}]`);
  const known = new Set<string>();
  const lines = chaos.conversation.turns.map((t, i): TurnLine => {
    const b = base.turns[i]?.outcome;
    const c = chaos.turns[i]?.outcome;
    const differs = (['status', 'answer', 'reportDigest', 'childWorkflowId'] as const).filter((f) => !b || !c || b[f] !== c[f]);
    const childId = `${sessionWorkflowId(chaos.sessionId)}-turn-${i + 1}`;
    known.add(childId);
    const expectedChildRuns = c?.childWorkflowId ? 1 : 0;
    return {
      conversation: chaos.conversation.id,
      n: i + 1,
      say: t.say,
      baseline: b?.status ?? '-',
      chaos: c?.status ?? '-',
      identical: differs.length === 0,
      differs,
      childRuns: runs.get(childId) ?? 0,
      expectedChildRuns,
      ms: chaos.turns[i]?.ms ?? 0,
    };
  });
  for (const [id, n] of runs) if (!known.has(id)) problems.push(`${id}: ${n} child run(s) beyond the conversation's turns`);
  return { lines, problems };
}

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

function printTable(lines: TurnLine[]): void {
  console.log(
    pc.bold(
      ['conversation'.padEnd(22), ' #', 'message'.padEnd(34), 'baseline'.padEnd(19), 'chaos'.padEnd(19), 'same', 'runs', '   s'].join(
        ' │ ',
      ),
    ),
  );
  for (const l of lines) {
    const row = [
      cut(l.conversation, 22).padEnd(22),
      String(l.n).padStart(2),
      cut(l.say, 34).padEnd(34),
      l.baseline.padEnd(19),
      l.chaos.padEnd(19),
      l.identical ? 'yes ' : 'NO  ',
      `${l.childRuns}/${l.expectedChildRuns}`.padStart(4),
      (l.ms / 1000).toFixed(1).padStart(4),
    ].join(' │ ');
    const ok = l.identical && l.childRuns === l.expectedChildRuns;
    console.log(ok ? row : pc.red(`${row}  ${l.differs.length ? `differs: ${l.differs.join(', ')}` : 'child runs'}`));
  }
}

/** The demo shop seeded and Chinook present (scripts/chaos.sh loads it). */
async function databases(config: BatonConfig): Promise<{ chinookUrl: string; demoToday: string }> {
  const demoToday = todayIn(config.timeZone);
  if (!(await readManifest(config.databaseUrl).catch(() => null))) {
    console.log(`seeding ${config.databaseUrl}`);
    await seedDatabase(config.databaseUrl, demoToday);
  }
  const chinookUrl = chinookDatabaseUrl(config.databaseUrl);
  const probe = new Pool({ connectionString: chinookUrl, max: 1 });
  try {
    await probe.query('SELECT 1 FROM invoice LIMIT 1');
  } catch (err) {
    throw new Error(`Chinook is not loaded at ${chinookUrl} (bash scripts/load-chinook.sh): ${(err as Error).message}`, { cause: err });
  } finally {
    await probe.end();
  }
  return { chinookUrl, demoToday };
}

/** The chaos phase's faults: a worker SIGKILLed every MIN–MAX s, and one Temporal restart once `restartAt` turns are answered. */
function injectFaults(chaos: Chaos, options: SessionChaosOptions, answered: () => number, restartAt: number, workers: number) {
  const rng = xoroshiro128plus(options.seed);
  const random = () => uniformFloat64(rng);
  let done = false;
  let restarts = 0;
  const started = Date.now();
  const at = () => `  ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s `;
  const killing = (async () => {
    while (!done) {
      const [min, max] = options.killEvery;
      await sleep((min + random() * (max - min)) * 1000);
      if (done) return;
      const i = Math.min(workers - 1, Math.floor(random() * workers));
      console.log(`${at()} SIGKILL worker ${i}`);
      chaos.kill(i);
    }
  })();
  const restarting = (async () => {
    while (!done && answered() < restartAt) await sleep(250);
    if (done) return;
    console.log(`${at()} restarting the Temporal dev server mid-conversation (${answered()} turns answered; same database file)`);
    await chaos.temporal('stop');
    await chaos.temporal('start');
    chaos.faults.temporalRestarts++;
    restarts++;
    console.log(`${at()} Temporal dev server started again`);
  })();
  return {
    stop: async () => {
      done = true;
      await Promise.all([killing, restarting]);
      return restarts;
    },
  };
}

/** The --sessions scenario; resolves to whether every turn matched its baseline with exactly its child runs. */
export async function sessionChaos(chaos: Chaos, workers: number, options: SessionChaosOptions): Promise<boolean> {
  const started = Date.now();
  const conversations = pickConversations(options.conversations);
  const config = loadConfig(chaos.env);
  const { chinookUrl, demoToday } = await databases(config);
  const catalogPath = path.resolve(PROJECT_ROOT, 'catalogs', 'chinook.yaml');
  const where = (c: Conversation) =>
    c.database === 'chinook' ? { catalogPath, databaseUrl: chinookUrl, asOf: CHINOOK_AS_OF } : { asOf: demoToday };
  const connection = await Connection.connect({ address: chaos.address });
  const client = new Client({ connection, dataConverter: dataConverterFromEnv() });
  const turns = conversations.reduce((n, c) => n + c.turns.length, 0);
  try {
    console.log(pc.bold(`baseline: ${conversations.length} conversations (${turns} turns) through sessions, without faults`));
    const baseStarted = Date.now();
    const baseline = await runSessions(client, config, conversations, where, () => undefined);
    const baselineSeconds = Math.round((Date.now() - baseStarted) / 1000);
    console.log(`  ${baselineSeconds} s`);

    console.log(
      pc.bold(
        `chaos: the same conversations in new sessions, a worker SIGKILLed every ${options.killEvery[0]}-${options.killEvery[1]} s, ` +
          `one Temporal restart mid-conversation (seed ${options.seed})`,
      ),
    );
    let answered = 0;
    const chaosStarted = Date.now();
    const faults = injectFaults(chaos, options, () => answered, Math.max(1, Math.floor(turns / 3)), workers);
    const chaotic = await runSessions(client, config, conversations, where, () => answered++).finally(() => faults.stop());
    const restarts = await faults.stop();
    const chaosSeconds = Math.round((Date.now() - chaosStarted) / 1000);

    const lines: TurnLine[] = [];
    const problems: string[] = [];
    for (const [i, run] of chaotic.entries()) {
      const compared = await compareSession(client, baseline[i] as SessionRun, run);
      lines.push(...compared.lines);
      problems.push(...compared.problems);
    }
    console.log('');
    printTable(lines);
    for (const p of problems) console.log(pc.red(`  ${p}`));
    const identical = lines.filter((l) => l.identical).length;
    const withChild = lines.filter((l) => l.expectedChildRuns === 1);
    const exactRuns = lines.filter((l) => l.childRuns === l.expectedChildRuns).length;
    const ok = identical === lines.length && exactRuns === lines.length && problems.length === 0 && restarts === 1;
    const summary = {
      conversations: conversations.length,
      turnsCompared: lines.length,
      identical,
      turnsWithChildRun: withChild.length,
      childRunsOfThoseTurns: withChild.reduce((n, l) => n + l.childRuns, 0),
      turnsWithExactChildRuns: exactRuns,
      duplicateTurns: problems.length + lines.filter((l) => l.childRuns > l.expectedChildRuns).length,
      workerKills: chaos.faults.workerKills,
      unplannedWorkerExits: chaos.faults.unplannedWorkerExits,
      temporalRestarts: restarts,
      baselineSeconds,
      chaosSeconds,
      wallSeconds: Math.round((Date.now() - started) / 1000),
      passed: ok,
    };
    if (options.json) fs.writeFileSync(options.json, JSON.stringify({ ...summary, turns: lines, problems }, null, 2));
    const verdict =
      `${ok ? 'PASS' : 'FAIL'}: ${identical}/${lines.length} turns identical to the baseline (status, answer, report digest); ` +
      `${summary.childRunsOfThoseTurns} child runs for ${withChild.length} turns that ran one (${exactRuns}/${lines.length} turns with exactly their runs); ` +
      `${summary.duplicateTurns} duplicate turns; ${summary.workerKills} worker SIGKILLs (${summary.unplannedWorkerExits} unplanned exits), ` +
      `${restarts} Temporal restart; baseline ${baselineSeconds} s, chaos ${chaosSeconds} s, ${summary.wallSeconds} s in all`;
    console.log(ok ? pc.green(`\n${verdict}`) : pc.red(`\n${verdict}`));
    return ok;
  } finally {
    await connection.close().catch(() => undefined);
    await closePools();
  }
}
