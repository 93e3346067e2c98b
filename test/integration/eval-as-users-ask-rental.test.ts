/**
 * Rentwise "as users ask" (eval/as-users-ask/rental.ts): 30 questions on a car-rental database that nobody on the
 * project designed (test/fixtures/rental/rental.sql: abbreviated names, status codes, UTC timestamps), written blind on
 * 2026-12-04 by a writer who finished the catalog from `baton catalog init`'s draft (catalogs/rental.yaml) and read the
 * data, never the parser, and did not run Baton: no period, verb forms, synonyms, shares, bottoms, "best"/"top" with
 * no metric named, members named in the user's words. No miss claims a completed answer.
 */
import path from 'node:path';
import { Pool } from 'pg';
import { AS_USERS_ASK_PASS_SHARE, asUsersAskCases } from '../../eval/as-users-ask-cases';
import { RENTAL_AS_USERS_ASK } from '../../eval/as-users-ask/rental';
import { evalContext } from '../../eval/cases';
import { RENTAL_AS_OF, RENTAL_LAST_MONTH, rentalDatabaseUrl } from '../../eval/rental-cases';
import { claimedMisses, evalConcurrency, formatMiss, formatRow, formatSuite, HEADER, runSuite } from '../../eval/run';
import { withWorker } from '../helpers';

const harness = withWorker('as-users-ask-rental');
const databaseUrl = rentalDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'rental.yaml');
let rental: Pool;
beforeAll(() => {
  rental = new Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => rental.end());

test('30 questions, half English and half Chinese', () => {
  expect(RENTAL_AS_USERS_ASK).toHaveLength(30);
  expect(RENTAL_AS_USERS_ASK.filter((q) => q.language === 'zh')).toHaveLength(15);
});

test('the Rentwise questions as users ask them, and every miss asks back or cannot answer', async () => {
  const started = Date.now();
  const rows = await runSuite(harness.client, harness.config.taskQueue, {
    cases: asUsersAskCases(RENTAL_AS_USERS_ASK, 'rental.yaml'),
    ctx: evalContext(rental, RENTAL_LAST_MONTH),
    request: { asOf: RENTAL_AS_OF, catalogPath: CATALOG, databaseUrl },
  });
  const misses = rows.filter((r) => !r.pass);
  console.log(
    [
      formatSuite(`Rentwise as users ask (${evalConcurrency()} at a time)`, rows, Date.now() - started),
      ...(misses.length > 0 ? ['', 'misses:', ...misses.map(formatMiss)] : []),
      '',
      HEADER,
      ...rows.map(formatRow),
    ].join('\n'),
  );
  expect(rows).toHaveLength(30);
  expect(claimedMisses(rows).map(formatMiss)).toEqual([]);
  expect(rows.filter((r) => r.pass).length).toBeGreaterThanOrEqual(Math.ceil(AS_USERS_ASK_PASS_SHARE * rows.length));
}, 900_000);
