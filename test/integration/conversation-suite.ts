/**
 * A conversation suite as a jest test (issue 26): every conversation through a real session (real Temporal, real
 * PostgreSQL; Chinook, the demo shop, Rentwise, Learnloop and PawCare), every turn's answer compared with the turn's hand-written SQL. Prints the
 * table of turns (kind, status, hit or miss) and asserts at least 95 % of the turns exact and no miss labelled
 * completed. Conversations run side by side; the turns of one conversation in order. Used by conversations.test.ts
 * (the committed blind set) and conversations-heldout.test.ts (the held-out set).
 */
import path from 'node:path';
import { Pool } from 'pg';
import { evalContext } from '../../eval/cases';
import { CHINOOK_AS_OF, CHINOOK_LAST_MONTH, chinookDatabaseUrl } from '../../eval/chinook-cases';
import { RENTAL_AS_OF, RENTAL_LAST_MONTH } from '../../eval/rental-cases';
import { COURSES_AS_OF, COURSES_LAST_MONTH } from '../../eval/courses-cases';
import { PAWCARE_AS_OF, PAWCARE_LAST_MONTH } from '../../eval/pawcare-cases';
import { fixtureDatabaseUrl } from '../../eval/fixture-databases';
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
  const CHINOOK_CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
  // The databases nobody on the project designed (eval/fixture-databases.ts), each with its "today" and last full month.
  const fixtures = {
    rental: { asOf: RENTAL_AS_OF, lastMonth: RENTAL_LAST_MONTH },
    courses: { asOf: COURSES_AS_OF, lastMonth: COURSES_LAST_MONTH },
    pawcare: { asOf: PAWCARE_AS_OF, lastMonth: PAWCARE_LAST_MONTH },
  };
  const fixtureOf = (database: string): keyof typeof fixtures | null =>
    database === 'rental' || database === 'courses' || database === 'pawcare' ? database : null;
  const fixtureUrl = (fixture: keyof typeof fixtures) => fixtureDatabaseUrl(fixture, harness.config.databaseUrl);
  let chinook: Pool;
  const pools = new Map<string, Pool>();

  beforeAll(() => {
    chinook = new Pool({ connectionString: chinookUrl, max: 4 });
    for (const c of conversations) {
      const fixture = fixtureOf(c.database);
      if (fixture && !pools.has(fixture)) pools.set(fixture, new Pool({ connectionString: fixtureUrl(fixture), max: 4 }));
    }
  });
  afterAll(async () => Promise.all([chinook.end(), ...[...pools.values()].map((p) => p.end())]));

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
        ctx: (c) => {
          const fixture = fixtureOf(c.database);
          const pool = fixture ? pools.get(fixture) : undefined;
          if (fixture && pool) return evalContext(pool, fixtures[fixture].lastMonth);
          return c.database === 'chinook' ? evalContext(chinook, CHINOOK_LAST_MONTH) : evalContext(db(), lastMonth);
        },
        session: (c) => {
          const fixture = fixtureOf(c.database);
          if (fixture)
            return {
              catalogPath: path.resolve(__dirname, '../..', 'catalogs', `${fixture}.yaml`),
              databaseUrl: fixtureUrl(fixture),
              asOf: fixtures[fixture].asOf,
            };
          return c.database === 'chinook'
            ? { catalogPath: CHINOOK_CATALOG, databaseUrl: chinookUrl, asOf: CHINOOK_AS_OF }
            : { asOf: demoToday };
        },
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
