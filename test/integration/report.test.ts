/**
 * The planted-signal question end to end: data quality counts the planted dirty
 * rows exactly, the statistics agent tests the drop, every number is recomputed,
 * the report cites only verified numbers and the audit is clean; the HTML and the
 * DOCX carry the same numbers and citations.
 */
import JSZip from 'jszip';
import fs from 'node:fs';
import os from 'node:os';
import { readNumbers } from '../../src/format/read';
import { toDocx, toHtml, toMarkdown } from '../../src/report/render';
import type { AnalysisResult } from '../../src/contracts';
import type { ReportOutput } from '../../src/contracts';
import { db, manifest, publishedReport, runAnalysis, runCli, withWorker } from '../helpers';

const harness = withWorker('report');
const QUESTION = '为什么华东区上个月复购率下降了？';
let run: { workflowId: string; result: AnalysisResult; elapsedMs: number };
let published: ReportOutput;

beforeAll(async () => {
  run = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  published = await publishedReport(run.result);
});

test('data quality finds and counts the planted dirty rows exactly, in the analysed period and in the whole table', async () => {
  const m = await manifest();
  const dq = run.result.dataQuality!;
  const count = (id: string) => dq.checks.find((c) => c.id === id);
  // The analysed period: the plan's windows (one contiguous stretch for this question). An order is in it by its pay
  // time, or by its order time when it has no pay time; counted here by hand-written SQL.
  const plan = run.result.plan;
  const windows = plan.kind === 'plan' ? plan.steps.flatMap((s) => ('query' in s.operation ? [s.operation.query.window] : [])) : [];
  const start = windows.map((w) => w.start).sort()[0]!;
  const end = windows
    .map((w) => w.end)
    .sort()
    .at(-1)!;
  const inPeriod = async (where: string) =>
    Number(
      (
        await db().query<{ n: string }>(
          `SELECT count(*) AS n FROM orders WHERE (${where}) AND COALESCE(pay_time, order_time) >= $1::timestamp AND COALESCE(pay_time, order_time) < $2::timestamp`,
          [start, end],
        )
      ).rows[0]!.n,
    );
  const expected = {
    negative: await inPeriod('amount < 0'),
    noPayTime: await inPeriod(`status = 'paid' AND pay_time IS NULL`),
    noCategory: await inPeriod('category_id IS NULL'),
    dirty: await inPeriod(`amount < 0 OR (status = 'paid' AND pay_time IS NULL) OR category_id IS NULL`),
    rows: await inPeriod('true'),
  };
  // The planted rows are spread over the 13 months: the period holds some of them, never all.
  expect(expected.dirty).toBeGreaterThan(0);
  expect(expected.dirty).toBeLessThan(37 + 41 + 29);
  expect(count('orders.amount.non_negative')).toMatchObject({
    kind: 'negative_value',
    count: expected.negative,
    count_all: m.dirty.negative_amount.count,
    excluded_by_metrics: true,
  });
  expect(count('orders.pay_time.not_null')).toMatchObject({
    kind: 'missing_value',
    count: expected.noPayTime,
    count_all: m.dirty.null_pay_time.count,
    excluded_by_metrics: true,
  });
  expect(count('orders.category_id.not_null')).toMatchObject({
    kind: 'missing_reference',
    count: expected.noCategory,
    count_all: m.dirty.missing_category.count,
    excluded_by_metrics: false,
  });
  expect(count('orders.pay_time.not_before')).toMatchObject({ count: 0, count_all: 0 });
  expect(count('orders.order_time.not_in_future')).toMatchObject({ count: 0, count_all: 0 });
  // No failing rows: nothing is said to be kept out.
  expect(count('users.region.not_null')).toMatchObject({ count: 0, count_all: 0, excluded_by_metrics: false });
  expect([m.dirty.negative_amount.count, m.dirty.null_pay_time.count, m.dirty.missing_category.count]).toEqual([37, 41, 29]);
  expect(dq.dirty_rows).toBe(expected.dirty);
  expect(dq.dirty_rows_all).toBe(37 + 41 + 29);
  expect(dq.tables).toEqual(
    expect.arrayContaining([
      {
        table: 'orders',
        rows: expected.rows,
        rows_all: m.counts.orders,
        period: 'orders.pay_time (orders.order_time where orders.pay_time is empty)',
      },
      expect.objectContaining({ table: 'users', rows_all: m.counts.users }),
    ]),
  );
  // The report says both: the period's count of the period's rows, and the whole table's.
  const section = published.sections.find((s) => s.id === 'data-quality')!.body;
  expect(section).toContain(`orders 表：分析期间 `);
  expect(section).toMatch(
    new RegExp(
      `金额为负的订单：分析期间 ${expected.negative}\\[\\d+\\] 行（共 [\\d,]+\\[\\d+\\] 行）；全表 37\\[\\d+\\] 行，已被指标口径排除`,
    ),
  );
  // Both months are complete: nothing is partial.
  expect(dq.partial_periods).toEqual([]);
});

test("the statistics agent tests the drop with Welch's t-test, a CI and Cohen's d", async () => {
  const [t] = run.result.statistics!.tests;
  const plan = run.result.plan;
  const s1 = plan.kind === 'plan' ? plan.steps[0]?.operation : undefined;
  if (s1?.kind !== 'metric') throw new Error('s1 is the monthly repurchase rate');
  // Buyers and repeat buyers per month, by hand-written SQL.
  const { rows } = await db().query<{ month: string; buyers: string; repeaters: string }>(
    `
    SELECT month, count(*) AS buyers, count(*) FILTER (WHERE n >= 2) AS repeaters
    FROM (SELECT o.user_id, to_char(o.pay_time, 'YYYY-MM') AS month, count(*) AS n
          FROM orders o JOIN users u USING (user_id)
          WHERE o.status = 'paid' AND o.amount > 0 AND u.region = '华东' AND o.pay_time >= $1 AND o.pay_time < $2
          GROUP BY 1, 2) per_buyer
    GROUP BY 1 ORDER BY 1`,
    [s1.query.window.start, s1.query.window.end],
  );
  const [before, after] = rows;
  expect(t).toMatchObject({ n_a: Number(before!.buyers), n_b: Number(after!.buyers), effect_size_kind: "Cohen's d", significant: true });
  expect(t!.mean_a).toBeCloseTo(Number(before!.repeaters) / Number(before!.buyers), 10);
  expect(t!.mean_b).toBeCloseTo(Number(after!.repeaters) / Number(after!.buyers), 10);
  expect(t!.p_value).toBeLessThan(0.001);
  expect(t!.effect_size).toBeLessThan(0);
  // The interval of the difference holds the observed difference and excludes zero.
  expect(t!.ci_low!).toBeLessThan(t!.mean_b! - t!.mean_a!);
  expect(t!.ci_high!).toBeGreaterThan(t!.mean_b! - t!.mean_a!);
  expect(t!.ci_high!).toBeLessThan(0);
});

test('every selected number is recomputed from the source and matches; the audit is clean', () => {
  const { verification, status } = run.result;
  const report = published;
  expect(status).toBe('completed');
  expect(verification!.mismatches).toEqual([]);
  expect(verification!.verified.length).toBeGreaterThanOrEqual(30);
  expect(verification!.rule).toMatch(/^\d+ calculations: all recomputed \(\d+ high, \d+ medium, \d+ low\)$/);
  expect(verification!.checked_count).toBe(verification!.total);
  expect(report.audit).toMatchObject({ clean: true, findings: [], sections_to_fix: [] });
  expect(report.audit!.numbers_checked).toBeGreaterThanOrEqual(40);
  // The key finding is the planted cause: new customers, and their conversion fell.
  const summary = report.sections.find((s) => s.id === 'summary')!.body;
  expect(summary).toMatch(
    /^华东复购率从 26\.88%\[1\] 变为 19\.31%\[2\]（−7\.57 个百分点\[3\]）。主要原因是新客（客户类型）：对变化的总贡献 −9\.66 个百分点\[4\]，其中结构效应 −8\.95 个百分点\[5\]/,
  );
  expect(summary).toContain('同期相关指标新客转化率从 45.45%[');
  expect(summary).toMatch(/变化在统计上显著（Welch t 检验 p < 0\.0001\[\d+\]，Cohen's d −0\.\d+\[\d+\]）/);
  expect(summary).toMatch(/数据质量检查在分析期间发现 \d+\[\d+\] 行问题数据（全表 107\[\d+\] 行），处理方式见“数据质量”。/);
  // Every marker in the text resolves to a citation of a verified calculation.
  const verified = new Set(verification!.verified);
  const markers = new Set(report.sections.flatMap((s) => readNumbers(s.body).numbers.map((n) => n.marker)));
  expect(markers.has(null)).toBe(false);
  for (const c of report.citations) expect(verified.has(c.calculation_id)).toBe(true);
  expect([...markers].sort((a, b) => a! - b!)).toEqual(report.citations.map((c) => c.marker));
  expect(report.sections.map((s) => s.id)).toEqual([
    'summary',
    'key-metrics',
    'finding-1',
    'finding-2',
    'finding-3',
    'finding-4',
    'finding-5',
    'statistics',
    'data-quality',
    'data-scope',
    'assumptions',
    'paths-excluded',
  ]);
  expect(report.key_metrics.find((k) => k.ci_low !== undefined)).toMatchObject({
    name: '复购率 · 华东 · ' + run.result.steps[0]!.result!.rows[1]!.month,
  });
});

test('the checklist tracks every stage and step with a line of result', () => {
  const lines = run.result.checklist.split('\n').filter((l) => l.startsWith('- '));
  expect(lines.map((l) => l.slice(2, 5))).toEqual(Array(lines.length).fill('[x]'));
  expect(lines.map((l) => l.replace(/^- \[x\] (\S+).*$/, '$1'))).toEqual([
    'data',
    's1',
    's2',
    's3',
    's4',
    's5',
    'statistics',
    'analysis',
    'verify',
    'report',
    'audit',
  ]);
  expect(lines[4]).toMatch(
    /s4 .* passed: wrote \d+ lines of JavaScript for rank contributors; ran OK in \d+ ms, 5 row\(s\), 4 criteria met$/,
  );
  expect(lines.at(-1)).toMatch(/audit — done: clean: \d+ numbers checked$/);
});

test('HTML embeds the charts as SVG and links every marker; DOCX carries the same numbers and citations', async () => {
  const report = published;
  const html = await toHtml(report);
  expect(html.match(/<svg/g)?.length).toBe(report.charts.length);
  expect(report.charts.length).toBe(3);
  for (const c of report.citations) {
    expect(html).toContain(`<tr id="cite-${c.marker}">`);
    expect(html).toContain(`<a href="#cite-${c.marker}">[${c.marker}]</a>`);
  }
  expect(html).toContain('26.88%<sup><a href="#cite-1">[1]</a></sup>');

  const zip = await JSZip.loadAsync(await toDocx(report));
  const xml = await zip.file('word/document.xml')!.async('string');
  const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&apos;': "'", '&quot;': '"' };
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => (m[1] ?? '').replace(/&(lt|gt|amp|apos|quot);/g, (e) => entities[e] ?? e))
    .join('');
  expect(text).toContain('华东复购率从 26.88%[1] 变为 19.31%[2]');
  expect(text).toContain('审计：通过');
  for (const c of report.citations) expect(text).toContain(`[${c.marker}]${c.description}${c.value}`);
  // The DOCX text carries every number the report states, each with its marker.
  for (const s of report.sections) for (const n of readNumbers(s.body).numbers) expect(text).toContain(`${n.text}[${n.marker}]`);

  const md = toMarkdown(report);
  expect(md).toContain('> 审计：通过');
});

test('baton report writes all three formats', async () => {
  const dir = os.tmpdir();
  for (const format of ['md', 'html', 'docx']) {
    const file = `${dir}/${run.workflowId}.${format}`;
    const out = await runCli(['report', run.workflowId, '--format', format, '-o', file], {
      TEMPORAL_ADDRESS: harness.config.temporalAddress,
      BATON_TASK_QUEUE: harness.config.taskQueue,
    });
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain(`${format.toUpperCase()} report written to ${file}`);
    expect(out.stdout).toMatch(/audit: clean \(\d+ numbers checked, \d+ citations\)/);
    expect(fs.statSync(file).size).toBeGreaterThan(5000);
  }
});
