/**
 * Numbers nobody re-checked never reach the reader: a forced wrong number is
 * caught by the validator (recomputed from the source, flagged, never cited) and a
 * wrong number in the report text is caught by the auditor (targeted rewrites of
 * the flagged section only, at most 2, then published with an audit note).
 */
import { auditReport } from '../../src/activities/auditor';
import { selectForVerification, sameNumber } from '../../src/analysis/calculations';
import type { Calculation, ReportDraft, ReportInput, ReportOutput, AuditOutput, VerificationOutput } from '../../src/contracts';
import { loadArtifact, storeArtifact, storeCalculations } from '../../src/storage/artifacts';
import { plantFaults, type PlantedFaults } from '../../scripts/planted-faults';
import { activityInputs, activityResults, manifest, publishedReport, runAnalysis, scheduledActivities, withWorker } from '../helpers';

/** The faults the next run meets: planted by this test worker's agents, never by anything in the request. */
let planted: PlantedFaults = {};
const harness = withWorker('verification', { activityOverrides: plantFaults(() => planted) });
const QUESTION = '为什么华东区上个月复购率下降了？';

test('a skewed calculation is recomputed from the source, flagged and never cited', async () => {
  const m = await manifest();
  const id = `s1.${m.last_month}.value`;
  planted = { skewedCalculations: [id] };
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  const [verification] = await activityResults<VerificationOutput>(harness.client, workflowId, 'recomputeNumbers');
  expect(verification!.mismatches).toEqual([id]);
  const checked = verification!.checked.find((c) => c.id === id)!;
  expect(checked.status).toBe('mismatch');
  expect(checked.recomputed).toBeCloseTo(m.signals.east_repurchase_drop.repurchase_rate.last, 5);
  expect(checked.reported).toBeCloseTo(checked.recomputed! * 1.1, 10);
  expect(verification!.verified).not.toContain(id);

  const [reportInput] = await activityInputs<ReportInput>(harness.client, workflowId, 'writeReport');
  expect(reportInput!.verified).not.toContain(id);
  expect(reportInput!.mismatched).toEqual([id]);
  const report = await publishedReport(result);
  expect(report.citations.map((c) => c.calculation_id)).not.toContain(id);
  expect(report.sections.find((s) => s.id === 'limitations')!.body).toContain(`- 复核不一致，未引用：复购率 · 华东 · ${m.last_month}`);
  expect(report.audit!.clean).toBe(true);
  // A run with a number that failed re-verification is not "completed".
  expect(result.status).toBe('degraded');
});

test('a wrong number in the report is caught by the auditor and only its section is rewritten', async () => {
  planted = { reportTypoAttempts: 1 };
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  const types = await scheduledActivities(harness.client, workflowId);
  expect(types.filter((t) => t === 'writeReport' || t === 'auditReport')).toEqual([
    'writeReport',
    'auditReport',
    'writeReport',
    'auditReport',
  ]);
  const audits = await activityResults<AuditOutput>(harness.client, workflowId, 'auditReport');
  expect(audits[0]!.findings).toEqual([
    { kind: 'wrong_value', section_id: 'summary', detail: expect.stringMatching(/^"[^"]+" \[1\] does not state s4\.value_before = 0\.26/) },
  ]);
  expect(audits[0]!.sections_to_fix).toEqual(['summary']);
  expect(audits[1]).toMatchObject({ clean: true, findings: [] });

  const drafts = await activityResults<ReportDraft>(harness.client, workflowId, 'writeReport');
  const [first, second] = (await Promise.all(drafts.map((d) => loadArtifact<ReportOutput>(d.report_ref)))) as [ReportOutput, ReportOutput];
  expect(second.attempt).toBe(2);
  expect(second.sections.find((s) => s.id === 'summary')!.body).not.toEqual(first.sections.find((s) => s.id === 'summary')!.body);
  // Every other section is the first attempt's, unchanged, with the same markers.
  expect(second.sections.filter((s) => s.id !== 'summary')).toEqual(first.sections.filter((s) => s.id !== 'summary'));
  expect(second.citations).toEqual(first.citations);
  expect(result.status).toBe('completed');
  expect(result.report!.audit.clean).toBe(true);
});

test('a report that stays wrong after 2 rewrites is published marked as such', async () => {
  planted = { reportTypoAttempts: 3 };
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  const types = await scheduledActivities(harness.client, workflowId);
  expect(types.filter((t) => t === 'writeReport').length).toBe(3);
  expect(types.filter((t) => t === 'auditReport').length).toBe(3);
  const audit = result.report!.audit;
  expect(audit.clean).toBe(false);
  expect(audit.note).toMatch(/^published with 1 audit finding\(s\) left after 2 targeted rewrites: "[^"]+" \[\d+\] does not state /);
  expect(result.status).toBe('degraded');
  expect(result.checklist).toMatch(/- \[ \] audit — failed: 1 finding\(s\): wrong_value/);
});

describe('the auditor on its own', () => {
  const calc = (id: string, value: number, importance: Calculation['importance'] = 'high'): Calculation => ({
    id,
    value,
    importance,
    description: id,
    step_id: 's1',
    display: 'number',
    delta: false,
    formula: 'f',
    sources: [],
    pick: { field: 'value', match: null },
  });
  const report = (body: string, citations: ReportOutput['citations']): ReportOutput => ({
    task_id: 'report',
    input_task_id: 'analysis',
    title: 't',
    language: 'en',
    sections: [{ id: 'summary', heading: 'Summary', body }],
    key_metrics: [],
    charts: [],
    citations,
    limitations: [],
    status: 'completed',
    answer: 'a',
    attempt: 1,
    audit: null,
  });
  const cite = (marker: number, id: string, value: number) => ({
    marker,
    calculation_id: id,
    value,
    description: id,
    formula: 'f',
    sources: [],
  });

  test('finds uncited numbers, wrong values, dangling markers, unverified citations and unused important numbers', async () => {
    const written = report(
      'GMV was ¥1,200.00[1], up 12.5%[2] on 3 days, rate 19.30%[3], see [7]. Orders: 40[4]. Since 2026-10 (`amount > 0`). Growth < 50%[2].',
      [cite(1, 'gmv', 1200), cite(2, 'growth', 0.125), cite(3, 'rate', 0.2), cite(4, 'skewed', 40)],
    );
    const calculations = [calc('gmv', 1200), calc('growth', 0.125), calc('rate', 0.2), calc('skewed', 44), calc('unused', 5)];
    const out = await auditReport({
      task_id: 'audit',
      workflow_id: 'audit-test',
      final_attempt: true,
      report_ref: await storeArtifact('audit-test', 'report', 'report', written),
      calculation_refs: [(await storeCalculations('audit-test', 's1', calculations))!],
      verified: ['gmv', 'growth', 'rate', 'unused'],
    });
    expect(out.findings).toEqual([
      { kind: 'uncited_number', section_id: 'summary', detail: '"3" has no citation' },
      { kind: 'wrong_value', section_id: 'summary', detail: '"19.30%" [3] does not state rate = 0.2' },
      { kind: 'unverified_citation', section_id: 'summary', detail: '[4] cites skewed, which the validator did not verify' },
      { kind: 'wrong_value', section_id: 'summary', detail: '"< 50%" [2] does not state growth = 0.125' },
      { kind: 'dangling_marker', section_id: 'summary', detail: '[7] stands on no number' },
      { kind: 'unused_high_importance', section_id: null, detail: 'unused (unused) is verified and important but never cited' },
    ]);
    expect(out.sections_to_fix).toEqual(['summary']);
    expect(out.numbers_checked).toBe(6);
    expect(out.clean).toBe(false);
    expect(out.note).toMatch(/^published with 6 audit finding\(s\) left after 2 targeted rewrites: /);
    // The published version carries the audit with it.
    expect((await loadArtifact<ReportOutput>(out.published_ref!)).audit).toMatchObject({ clean: false, findings: out.findings });
  });
});

describe('choosing what to recompute', () => {
  const make = (n: number, importance: Calculation['importance']): Calculation[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `${importance}${i}`,
      step_id: 's1',
      value: i,
      display: 'number',
      delta: false,
      description: 'd',
      formula: 'f',
      sources: [],
      importance,
      pick: { field: 'value', match: null },
    }));
  test.each([[[5, 30, 20]], [[5, 12, 10]], [[3, 10, 7]], [[2, 3, 4]]])(
    '%j calculations: every one is recomputed, whatever its importance (the answer prints low ones too)',
    (counts) => {
      const [h, m, l] = counts as [number, number, number];
      const calcs = [...make(h, 'high'), ...make(m, 'medium'), ...make(l, 'low')];
      const { selected, rule } = selectForVerification(calcs);
      expect(selected.map((c) => c.id)).toEqual(calcs.map((c) => c.id));
      expect(rule).toBe(`${h + m + l} calculations: all recomputed (${h} high, ${m} medium, ${l} low)`);
    },
  );
  test('numbers compare safely across types, within 0.01 relative', () => {
    expect(sameNumber('0.1931', 0.19310344)).toBe(true);
    expect(sameNumber(0.2124, 0.1931)).toBe(false);
    expect(sameNumber('1234567.89', 1234567.8899)).toBe(true);
    expect(sameNumber(null, 0)).toBe(false);
    expect(sameNumber(Number.NaN, Number.NaN)).toBe(false);
  });
});
