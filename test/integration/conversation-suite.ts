/**
 * A conversation suite as a jest test (issue 26): every conversation through a real session (real Temporal, real
 * PostgreSQL; Chinook, the demo shop and Rentwise), every turn's answer compared with the turn's hand-written SQL. Prints the
 * table of turns (kind, status, hit or miss) and asserts at least 95 % of the turns exact and no miss labelled
 * completed. Conversations run side by side; the turns of one conversation in order. Used by conversations.test.ts
 * (the committed blind set) and conversations-heldout.test.ts (the held-out set).
 */
import path from 'node:path';
import { Pool } from 'pg';
import { evalContext } from '../../eval/cases';
import { CHINOOK_AS_OF, CHINOOK_LAST_MONTH, chinookDatabaseUrl } from '../../eval/chinook-cases';
import { RENTAL_AS_OF, RENTAL_LAST_MONTH, rentalDatabaseUrl } from '../../eval/rental-cases';
import { formatTurns, runConversations } from '../../eval/conversations/run';
import type { Conversation } from '../../eval/conversations/types';
import { todayIn } from '../../src/settings/config';
import { db, manifest, withWorker } from '../helpers';

/**
 * `minExact`: the share of turns that must be exact (95 %, the floor, unless a suite's header says why not).
 * `explained`: turns ("<conversation> #<n>") whose expected answer follows a reading Baton does not take (a convention,
 * or a thread the writer built on an earlier turn Baton asked back), each with why; they count as misses, and one of
 * them answered under Baton's reading (labelled completed, its reading stated) is not failed as a guess.
 */
export function conversationSuite(
  name: string,
  conversations: Conversation[],
  minTurns: number,
  minExact = 0.95,
  explained: Record<string, string> = {},
): void {
  const harness = withWorker(name);
  const chinookUrl = chinookDatabaseUrl(harness.config.databaseUrl);
  const rentalUrl = rentalDatabaseUrl(harness.config.databaseUrl);
  const CHINOOK_CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
  const RENTAL_CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'rental.yaml');
  let chinook: Pool;
  let rental: Pool | null = null;

  beforeAll(() => {
    chinook = new Pool({ connectionString: chinookUrl, max: 4 });
    if (conversations.some((c) => c.database === 'rental')) rental = new Pool({ connectionString: rentalUrl, max: 4 });
  });
  afterAll(async () => Promise.all([chinook.end(), rental?.end()]));

  test(`at least ${Math.round(minExact * 100)} % of the conversation turns exact, and no miss labelled completed`, async () => {
    const started = Date.now();
    const lastMonth = (await manifest()).last_month;
    const demoToday = todayIn(harness.config.timeZone);
    const concurrency = Number(process.env.BATON_EVAL_CONCURRENCY ?? 4);
    const rows = await runConversations(
      harness.client,
      harness.config,
      {
        conversations,
        ctx: (c) =>
          c.database === 'chinook'
            ? evalContext(chinook, CHINOOK_LAST_MONTH)
            : c.database === 'rental' && rental
              ? evalContext(rental, RENTAL_LAST_MONTH)
              : evalContext(db(), lastMonth),
        session: (c) =>
          c.database === 'chinook'
            ? { catalogPath: CHINOOK_CATALOG, databaseUrl: chinookUrl, asOf: CHINOOK_AS_OF }
            : c.database === 'rental'
              ? { catalogPath: RENTAL_CATALOG, databaseUrl: rentalUrl, asOf: RENTAL_AS_OF }
              : { asOf: demoToday },
      },
      Number.isInteger(concurrency) && concurrency >= 1 ? concurrency : 4,
    );
    console.log(`Conversations, ${name} (${Math.round((Date.now() - started) / 1000)} s)\n${formatTurns(rows)}`);
    expect(rows.length).toBeGreaterThanOrEqual(minTurns);
    const claimed = rows.filter((r) => r.claimedMiss && !(`${r.conversation} #${r.n}` in explained));
    expect(claimed.map((r) => `${r.conversation} #${r.n} ${r.say}: ${r.reason}`)).toEqual([]);
    expect(rows.filter((r) => r.hit).length / rows.length).toBeGreaterThanOrEqual(minExact);
  }, 900_000);
}
