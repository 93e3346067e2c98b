/**
 * Every number the user sees outside the report's sections is a verified calculation's value or is marked: the
 * answer the CLI prints, the --json metrics, and the chart data tables of the Markdown and DOCX reports. A run whose
 * number failed re-verification (a planted 10 % skew) shows it marked "(unverified)" / "（未核实）", never silently.
 */
import JSZip from 'jszip';
import { formatMoney, proseProblems } from '../../src/analysis/wording';
import { renderReport } from '../../src/report/render';
import { plantFaults, type PlantedFaults } from '../../scripts/planted-faults';
import { evalContext, scalar } from '../../eval/cases';
import { db, manifest, publishedReport, runAnalysis, withWorker } from '../helpers';

let planted: PlantedFaults = {};
const harness = withWorker('verified-numbers', { activityOverrides: plantFaults(() => planted) });

/** GMV of last month by hand-written SQL (the accuracy suite's definition). */
async function gmvLastMonth(): Promise<number> {
  return scalar(
    evalContext(db(), (await manifest()).last_month),
    `SELECT sum(amount) AS v FROM orders o WHERE o.status = 'paid' AND o.amount > 0 AND to_char(o.pay_time, 'YYYY-MM') = $1`,
    [(await manifest()).last_month],
  );
}

test('a clean run: the metric is verified, with its calculation and the citation the report gives it', async () => {
  planted = {};
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?');
  expect(result.status).toBe('completed');
  const [metric] = result.metrics;
  expect(metric).toMatchObject({ name: 'gmv', verified: true, calculation_id: 's1.total.value' });
  expect(metric!.value).toBeCloseTo(await gmvLastMonth(), 2);
  const report = await publishedReport(result);
  const citation = report.citations.find((c) => c.marker === metric!.citation);
  expect(citation?.calculation_id).toBe('s1.total.value');
  expect(citation?.value).toBe(metric!.value);
  // The answer states the verified value as written, unmarked.
  expect(result.answer).toContain(formatMoney(metric!.value!, 'CNY'));
  expect(result.answer).not.toMatch(/unverified|未核实/);
  expect(proseProblems(result.answer)).toEqual([]);
});

test('a degraded run: the number that failed verification is verified: false and marked in the answer', async () => {
  planted = { skewedCalculations: ['s1.total.value'] };
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '上个月 GMV 是多少？');
  expect(result.status).toBe('degraded');
  expect(result.verification?.mismatches).toEqual(['s1.total.value']);
  const [metric] = result.metrics;
  expect(metric).toMatchObject({ name: 'gmv', verified: false, citation: null });
  expect(metric!.value).toBeCloseTo(await gmvLastMonth(), 2);
  expect(result.answer).toContain(`${formatMoney(metric!.value!, 'CNY')}（未核实）`);
  const report = await publishedReport(result);
  expect(report.citations.map((c) => c.calculation_id)).not.toContain('s1.total.value');
});

test('the same in English', async () => {
  planted = { skewedCalculations: ['s1.total.value'] };
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?');
  expect(result.status).toBe('degraded');
  expect(result.metrics[0]).toMatchObject({ verified: false, citation: null });
  expect(result.answer).toMatch(
    new RegExp(`GMV for \\w+ \\d{4} was ${formatMoney(result.metrics[0]!.value!, 'CNY').replace(/[$.]/g, '\\$&')} \\(unverified\\)\\.`),
  );
});

test('a trend: chart data tables cite each value or mark it, and the sentences read as written by a person', async () => {
  planted = {};
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'GMV trend over the last 6 months');
  const report = await publishedReport(result);
  expect(report.charts.length).toBeGreaterThan(0);
  const md = String(await renderReport(report, 'md'));
  const tableRows = md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---'));
  const cells = tableRows.flatMap((l) => l.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '')));
  const numeric = cells.filter((c) => /^[−-]?[¥$]?\d/.test(c) && !/^\d{4}-\d{2}$/.test(c));
  expect(numeric.length).toBeGreaterThan(0);
  for (const c of numeric) expect(c).toMatch(/\[\d+\]$|\(unverified\)$/);
  // Every cited cell resolves to a citation of the same value.
  const cited = numeric.filter((c) => /\[\d+\]$/.test(c));
  expect(cited.length).toBeGreaterThan(0);
  for (const c of cited) expect(report.citations.some((x) => x.marker === Number(/\[(\d+)\]$/.exec(c)![1]))).toBe(true);
  // The DOCX carries the same cells.
  const docx = await JSZip.loadAsync(await renderReport(report, 'docx'));
  const xml = await docx.file('word/document.xml')!.async('string');
  expect(xml).toContain(cited[0]!);

  const summary = report.sections.find((s) => s.id === 'summary')!.body;
  expect(proseProblems(summary)).toEqual([]);
  expect(proseProblems(result.answer)).toEqual([]);
  // The trend sentence has its subject and agrees with the sign of the change over the period.
  expect(summary).toMatch(/^GMV (rose|fell|ended the period where it began)/);
});
