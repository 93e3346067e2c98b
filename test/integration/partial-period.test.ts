/**
 * A half-loaded month is flagged, not read as a drop: in a copy of the shop whose
 * data stops on the 15th of last month (as when a nightly load is behind), the
 * data-quality agent reports the partial period and the trend and statistics
 * agents leave it out.
 */
import { Pool } from 'pg';
import { seedDatabase } from '../../src/seed/load';
import { todayIn } from '../../src/settings/config';
import { publishedReport, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('partial');
const partialUrl = (() => {
  const url = new URL(harness.config.databaseUrl);
  url.pathname = '/baton_test_partial';
  return url.toString();
})();
let lastMonth = '';

beforeAll(async () => {
  const { manifest } = await seedDatabase(partialUrl, todayIn(harness.config.timeZone));
  lastMonth = manifest.last_month;
  const pool = new Pool({ connectionString: partialUrl, max: 1 });
  try {
    // The load stopped after the 15th: nothing placed or paid from the 16th on.
    await pool.query(
      `DELETE FROM order_items WHERE order_id IN (SELECT order_id FROM orders WHERE order_time >= $1::date OR pay_time >= $1::date)`,
      [`${lastMonth}-16`],
    );
    await pool.query(`DELETE FROM orders WHERE order_time >= $1::date OR pay_time >= $1::date`, [`${lastMonth}-16`]);
  } finally {
    await pool.end();
  }
});

test('the partial month is flagged by data quality and left out of the trend and the test', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '最近六个月销售额的趋势', { databaseUrl: partialUrl });
  expect(result.status).toBe('completed');
  const [y, m] = lastMonth.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  expect(result.dataQuality!.partial_periods).toEqual([
    { period: lastMonth, days_covered: 15, days_expected: days, last_day_with_data: `${lastMonth}-15` },
  ]);

  const [series, trend] = result.steps;
  // The series still shows the month (as loaded), flagged as not comparable.
  expect(series!.result!.rows.at(-1)!.month).toBe(lastMonth);
  expect(series!.result!.anomalies_found).toContain(
    `${lastMonth}: only partly covered by data (see the data-quality check); not comparable with full months`,
  );
  // The trend ends with the last full month.
  expect(trend!.result!.rows[0]!.last_month).not.toBe(lastMonth);
  expect(trend!.result!.rows[0]!.last_month).toBe(series!.result!.rows.at(-2)!.month);
  expect(trend!.result!.paths_excluded).toContain(`${lastMonth} 数据不完整（部分期间），未计入趋势，不视为下降`);
  // The significance test compares the two full months before it.
  expect(result.statistics!.tests[0]!.compared).toBe(
    `销售额：${String(series!.result!.rows.at(-2)!.month)} 对比 ${String(series!.result!.rows.at(-3)!.month)}`,
  );

  const summary = (await publishedReport(result)).sections.find((s) => s.id === 'summary')!.body;
  expect(summary).toContain(`${lastMonth} 数据不完整，未作为下降解读。`);
  expect(result.report!.audit.clean).toBe(true);
});

test('a drop into the partial month is not explained by business causes: the run says where the data stops', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '为什么上个月销售额下降了？', { databaseUrl: partialUrl });
  expect(result.status).toBe('needs_clarification');
  expect(result.steps).toEqual([]);
  expect(result.answer).toContain(`数据截至 ${lastMonth}-15；`);
  expect(result.answer).toContain('其中的下降或上升不作为业务变化解读');
  expect(result.answer).not.toContain('主要原因');
});

test('a metric on the line table sees the partial month through its join: a why about item revenue asks back too', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'why did item revenue drop last month?', {
    databaseUrl: partialUrl,
  });
  expect(result.status).toBe('needs_clarification');
  expect(result.steps).toEqual([]);
  expect(result.answer).toContain(`${lastMonth}-15`);
});
