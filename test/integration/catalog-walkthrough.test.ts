/**
 * docs/catalog.md's walkthrough, as a test: `catalog init` on Chinook, the three edits the walkthrough makes,
 * `catalog check` without a warning, then questions answered from the edited draft with the numbers the
 * walkthrough shows (and that hand-written SQL gives).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { checkCatalog } from '../../src/catalog/check';
import { draftCatalog } from '../../src/catalog/draft';
import { runAnalysis, withWorker } from '../helpers';

const harness = withWorker('walkthrough');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const file = path.resolve(__dirname, '../..', '.data', 'test', 'walkthrough-chinook.yaml');

/** The edits of the walkthrough (15 lines of diff): the zone, no hire date, and revenue named (also as primary metric). */
function edit(draft: string): string {
  const edited = draft
    .replace('primary_metric: invoice_total', 'primary_metric: revenue')
    .replace('timezone: Etc/UTC', 'timezone: UTC')
    .replace('    time_column: hire_date\n', '')
    .replace('  hire_date:\n    column: employee.hire_date\n    meaning: The hire date of each employee.\n    type: timestamp\n', '')
    .replace(
      '  invoice_total:\n    label: invoice total\n    label_zh: 发票金额\n    aliases: [ invoice total, 发票金额,',
      '  revenue:\n    label: revenue\n    label_zh: 销售额\n    aliases: [ revenue, 销售额, 收入,',
    );
  return edited;
}

test('init → edit → check → ask on Chinook, as docs/catalog.md shows', async () => {
  const draft = await draftCatalog(databaseUrl, 'chinook', 'public', { currency: 'USD' });
  const edited = edit(draft);
  expect(edited).toContain('  revenue:\n');
  expect(edited).toContain('primary_metric: revenue\n');
  // The draft gave revenue the verbs people ask with.
  expect(edited).toMatch(/aliases: \[ revenue, 销售额, 收入, sell, sold, selling, sales, earn, earned, 卖/);
  expect(edited).not.toContain('hire_date');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, edited);
  const report = await checkCatalog(edited, file, databaseUrl);
  expect(report.problems).toEqual([]);
  // Chinook's data ends 2025-12-22: from 2026-12-23 on, check rightly calls it a historical database.
  expect(report.warnings.filter((w) => !w.message.includes('has no data in the last year'))).toEqual([]);

  const genres = await runAnalysis(harness.client, harness.config.taskQueue, 'Top 3 genres by revenue in 2024', {
    catalogPath: file,
    databaseUrl,
  });
  expect(genres.result.status).toBe('completed');
  expect(genres.result.answer).toContain('Rock $162.36; Metal $65.34; Latin $63.36.');
  const quarters = await runAnalysis(harness.client, harness.config.taskQueue, '2024年每个季度的销售额', {
    catalogPath: file,
    databaseUrl,
  });
  expect(quarters.result.status).toBe('completed');
  expect(quarters.result.answer).toContain('2024-Q1 $112.86；2024-Q2 $112.86；2024-Q3 $133.95；2024-Q4 $117.86。');
}, 120_000);
