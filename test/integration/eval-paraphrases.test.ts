/**
 * The Chinook paraphrase suite (eval/paraphrase-cases.ts: the Chinook questions in the phrasings a blind writer gave
 * them, eval/paraphrases/) as part of the test suite. At least 90 % of the phrasings pass, and a miss never claims a
 * completed answer: it asks for clarification or says it cannot answer, with its reason. Every case is printed
 * (question, status, pass, reason) with the median time per question and the suite's wall time.
 */
import path from 'node:path';
import { Pool } from 'pg';
import { evalContext } from '../../eval/cases';
import { CHINOOK_AS_OF, CHINOOK_LAST_MONTH, chinookDatabaseUrl } from '../../eval/chinook-cases';
import { PARAPHRASE_PASS_SHARE, paraphraseCases } from '../../eval/paraphrase-cases';
import { CHINOOK_PARAPHRASES } from '../../eval/paraphrases/chinook';
import { claimedMisses, evalConcurrency, formatMiss, formatSuite, runSuite } from '../../eval/run';
import { withWorker } from '../helpers';

const harness = withWorker('paraphrases');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
let chinook: Pool;

beforeAll(() => {
  chinook = new Pool({ connectionString: databaseUrl, max: 4 });
});
afterAll(async () => chinook.end());

test('every phrasing is a case: 156 of them, at least two for each of the 44 originals', () => {
  const cases = paraphraseCases();
  expect(cases).toHaveLength(156);
  expect(CHINOOK_PARAPHRASES).toHaveLength(44);
  expect(CHINOOK_PARAPHRASES.every((g) => g.phrasings.length >= 2)).toBe(true);
});

test('at least 90 % of the paraphrases pass, and every miss asks for clarification or cannot answer', async () => {
  const started = Date.now();
  const rows = await runSuite(harness.client, harness.config.taskQueue, {
    cases: paraphraseCases(),
    ctx: evalContext(chinook, CHINOOK_LAST_MONTH),
    request: { asOf: CHINOOK_AS_OF, catalogPath: CATALOG, databaseUrl },
  });
  console.log(formatSuite(`Chinook paraphrases (${evalConcurrency()} at a time)`, rows, Date.now() - started));
  expect(rows).toHaveLength(156);
  // A wrong answer must never be labelled completed (nor degraded).
  expect(claimedMisses(rows).map(formatMiss)).toEqual([]);
  // A miss says why.
  expect(rows.filter((r) => !r.pass && r.reason.trim() === '').map(formatMiss)).toEqual([]);
  expect(rows.filter((r) => r.pass).length).toBeGreaterThanOrEqual(Math.ceil(PARAPHRASE_PASS_SHARE * rows.length));
}, 1_500_000);
