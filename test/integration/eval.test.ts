/** The accuracy suite (eval/cases.ts) as part of the test suite: every question passes. */
import { todayIn } from '../../src/settings/config';
import { CASES } from '../../eval/cases';
import { formatRow, formatSuite, runEval } from '../../eval/run';
import { db, manifest, withWorker } from '../helpers';

const harness = withWorker('eval');

test('at least 30 questions, half Chinese and half English, covering every intent', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(30);
  const chinese = CASES.filter((c) => typeof c.question === 'string' && /[\u4e00-\u9fff]/.test(c.question)).length;
  expect(chinese).toBe(CASES.length / 2);
  expect(new Set(CASES.map((c) => c.intent))).toEqual(new Set(['query', 'trend', 'comparison', 'attribution']));
});

test('every question of the accuracy suite passes', async () => {
  const started = Date.now();
  const rows = await runEval(
    harness.client,
    harness.config.taskQueue,
    db(),
    todayIn(harness.config.timeZone),
    (await manifest()).last_month,
  );
  console.log(formatSuite('Demo shop accuracy suite', rows, Date.now() - started));
  const failed = rows.filter((r) => !r.pass).map(formatRow);
  expect(failed).toEqual([]);
  // Every answer and summary reads as written by a person (space after a full stop, subjects, consistent trends).
  expect(rows.filter((r) => r.prose.length > 0).map((r) => `#${r.n} ${r.question}: ${r.prose.join('; ')}`)).toEqual([]);
}, 600_000);
