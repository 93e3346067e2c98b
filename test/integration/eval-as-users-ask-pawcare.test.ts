/**
 * PawCare "as users ask": a chain of veterinary clinics whose database nobody on the project designed
 * (test/fixtures/pawcare/pawcare.sql: cryptic columns, money in integer cents, status codes, test and internal clients,
 * soft-deleted rows, voided invoices with replacements, partial refunds in their own table, UTC timestamps read in
 * Berlin time). The database, its data dictionary, its catalog (catalogs/pawcare.yaml, written from docs/catalog.md as a
 * customer writes one) and the 30 questions (eval/as-users-ask/pawcare.ts, 18 English and 12 Chinese, each with
 * hand-written SQL) were all written on 2026-12-05 by one helper who never read Baton's code and did not run Baton on
 * the questions. A second writer wrote the held-out set (eval/as-users-ask/pawcare-heldout.ts, 15 English and 15
 * Chinese, 2026-12-06: five personas, from a practice manager typing "altona noshow rate last mnth??" to an operations
 * lead asking 阿尔托纳店今年每个月的爽约率拉一下) from the catalog, the data dictionary and the first set's reading
 * conventions, never its questions; a third wrote the typed set (eval/as-users-ask/pawcare-typed.ts, 20 English and 10
 * Chinese, 2026-12-06) as busy people type: "no shows by clinic last mo", "cats vs dogs rev ytd", 上月各店营业额. No miss
 * of any set may claim a completed answer, but for the held-out set's
 * three known ones (HELDOUT_KNOWN), each answered under a reading the answer states.
 */
import path from 'node:path';
import { Pool } from 'pg';
import { AS_USERS_ASK_PASS_SHARE, asUsersAskCases } from '../../eval/as-users-ask-cases';
import { PAWCARE_AS_USERS_ASK } from '../../eval/as-users-ask/pawcare';
import { PAWCARE_HELDOUT } from '../../eval/as-users-ask/pawcare-heldout';
import { PAWCARE_TYPED } from '../../eval/as-users-ask/pawcare-typed';
import { evalContext } from '../../eval/cases';
import { PAWCARE_AS_OF, PAWCARE_LAST_MONTH, pawcareDatabaseUrl } from '../../eval/pawcare-cases';
import { claimedMisses, evalConcurrency, formatMiss, formatRow, formatSuite, HEADER, runSuite } from '../../eval/run';
import { withWorker } from '../helpers';

const harness = withWorker('as-users-ask-pawcare');
const databaseUrl = pawcareDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'pawcare.yaml');
let pawcare: Pool;
beforeAll(() => {
  pawcare = new Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => pawcare.end());

/**
 * Misses of the held-out set answered under a reading the writer did not take, each stated in the answer's first line;
 * by question. Any other miss labelled completed fails.
 */
const HELDOUT_KNOWN: Record<string, string> = {
  "What's the split of bookings by channel this year, in percent?":
    'this year to date ends with today (2026-12-01, whose bookings are scheduled); the writer ended it the day before',
  '今年接诊的里面猫和狗各占多少？':
    "each species' share of visits, the two named among them; the writer expected the named two alone (their shares match)",
  '哪种健康计划卖得最多？': 'ranked by revenue, the catalog primary metric (卖 is selling); the writer ranked plans sold',
};

const SETS = [
  { name: 'the first set', questions: PAWCARE_AS_USERS_ASK, chinese: 12, known: {} as Record<string, string> },
  { name: 'the held-out set', questions: PAWCARE_HELDOUT, chinese: 15, known: HELDOUT_KNOWN },
  { name: 'the typed set', questions: PAWCARE_TYPED, chinese: 10, known: {} as Record<string, string> },
];

test.each(SETS)('$name: 30 questions, $chinese of them Chinese', ({ questions, chinese }) => {
  expect(questions).toHaveLength(30);
  expect(questions.filter((q) => q.language === 'zh')).toHaveLength(chinese);
});

test.each(SETS)(
  '$name as users ask: at least 90 % read as meant, and every miss asks back or cannot answer',
  async ({ name, questions, known }) => {
    const started = Date.now();
    const rows = await runSuite(harness.client, harness.config.taskQueue, {
      cases: asUsersAskCases(questions, 'pawcare.yaml'),
      ctx: evalContext(pawcare, PAWCARE_LAST_MONTH),
      request: { asOf: PAWCARE_AS_OF, catalogPath: CATALOG, databaseUrl },
    });
    const misses = rows.filter((r) => !r.pass);
    console.log(
      [
        formatSuite(`PawCare as users ask, ${name} (${evalConcurrency()} at a time)`, rows, Date.now() - started),
        ...(misses.length > 0 ? ['', 'misses:', ...misses.map(formatMiss)] : []),
        '',
        HEADER,
        ...rows.map(formatRow),
      ].join('\n'),
    );
    expect(rows).toHaveLength(30);
    expect(
      claimedMisses(rows)
        .filter((r) => !(r.question in known))
        .map(formatMiss),
    ).toEqual([]);
    expect(rows.filter((r) => r.pass).length).toBeGreaterThanOrEqual(Math.ceil(AS_USERS_ASK_PASS_SHARE * rows.length));
  },
  900_000,
);
