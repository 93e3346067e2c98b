/**
 * One schedule run's verdict, pure: what the run found (read from its record: the verified before and after of the
 * metric, the statistics agent's test, the ranked main contributor, the report's summary with its citations), and
 * whether it is worth an alert against the schedule's level and thresholds. A run that did not answer soundly
 * (degraded, needs clarification, cannot answer, failed) alerts as such: a broken schedule is never silent.
 */
import type { AnalysisResult } from '../contracts';
import { render, type MessageKey } from '../messages';
import { formatMoney, percent, significant } from '../format/numbers';
import type { Decision, ScheduleConfig, ScheduledRunSummary, WhenRule } from './contract';

/** What the run found, from its full record (null record: the run failed or stored none). */
export function summarise(record: AnalysisResult | null, status: ScheduledRunSummary['status'], answer: string): ScheduledRunSummary {
  const periodMetrics = (record?.metrics ?? []).filter((m) => m.verified && m.value !== null);
  const [first, second] = periodMetrics;
  const test = (record?.statistics?.tests ?? []).find((t) => t.p_value !== null) ?? null;
  // The verified values the report cites (the test's means are per unit: a day's GMV, not the week's).
  const before = first?.value ?? test?.mean_a ?? null;
  const after = second?.value ?? test?.mean_b ?? null;
  const change = before !== null && after !== null ? after - before : null;
  const top = record?.steps
    .filter((s) => s.step.operation.kind === 'rank_contributors')
    .flatMap((s) => s.result?.rows ?? [])
    .find((r) => r.rank === 1);
  return {
    status,
    answer,
    metric: first?.name ?? null,
    metricLabel: first ? (first.label.split(' · ')[0] ?? first.name) : null,
    before,
    after,
    change,
    changeRatio: change !== null && before ? change / Math.abs(before) : null,
    unit: first?.unit ?? null,
    citations: { before: first?.citation ?? null, after: second?.citation ?? null },
    pValue: test?.p_value ?? null,
    mainContributor: top
      ? {
          dimension: String(top.dimension),
          segment: String(top.segment),
          effect: Number(top.effect),
          share: top.share_of_change === null || top.share_of_change === undefined ? null : Number(top.share_of_change),
        }
      : null,
    reportSummary: record?.report?.summary ?? null,
    reportRef: record?.report?.report_ref ?? null,
  };
}

const holds = (op: WhenRule['op'], x: number, y: number) => (op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y);

/** The first threshold the run crosses, if any. */
export function crossedRule(run: ScheduledRunSummary, rules: WhenRule[]): WhenRule | null {
  for (const rule of rules) {
    if (rule.kind === 'metric' && run.metric === rule.metric && run.after !== null && holds(rule.op, run.after, rule.value)) return rule;
    if (rule.kind === 'change' && run.changeRatio !== null && holds(rule.op, Math.abs(run.changeRatio) * 100, rule.percent)) return rule;
  }
  return null;
}

/** Alert or not: broken runs always, a significant change at the schedule's level, a crossed threshold; else quiet. */
export function decide(run: ScheduledRunSummary, config: Pick<ScheduleConfig, 'level' | 'when'>): Decision {
  if (run.status !== 'completed') return 'broken';
  if (run.pValue !== null && run.pValue < config.level) return 'significant_change';
  if (crossedRule(run, config.when)) return 'threshold';
  return 'no_material_change';
}

/** A value as the alert shows it: money with its symbol, a rate as a percentage, else four significant digits. */
export function shown(value: number | null, unit: string | null): string {
  if (value === null) return '-';
  if (unit === 'ratio' || unit === 'percent') return percent(value, 2);
  if (unit && /^[A-Z]{3}$/.test(unit)) return formatMoney(value, unit);
  return significant(value, 4);
}

/** The alert's headline and text, in the question's language, from the run's verified numbers and citations. */
export function alertText(
  run: ScheduledRunSummary,
  decision: Decision,
  config: Pick<ScheduleConfig, 'level' | 'when'>,
  language: 'zh' | 'en',
  refs: { reportCommand: string; link: string; previous: string | null; previousDecision: string | null },
): { headline: string; text: string } {
  const cite = (n: number | null) => (n === null ? '' : `[${n}]`);
  const base = {
    metric: run.metricLabel ?? run.metric ?? '-',
    before: `${shown(run.before, run.unit)}${cite(run.citations.before)}`,
    after: `${shown(run.after, run.unit)}${cite(run.citations.after)}`,
    change: run.change === null ? '-' : `${run.change >= 0 ? '+' : ''}${shown(run.change, run.unit)}`,
    percent: run.changeRatio === null ? '-' : `${run.changeRatio >= 0 ? '+' : ''}${percent(run.changeRatio, 1)}`,
  };
  const p = run.pValue === null ? '-' : significant(run.pValue, 2);
  const key: MessageKey =
    decision === 'significant_change'
      ? 'schedules.headline.change'
      : decision === 'threshold'
        ? 'schedules.headline.threshold'
        : decision === 'broken'
          ? 'schedules.headline.broken'
          : 'schedules.headline.quiet';
  const headline =
    key === 'schedules.headline.change'
      ? render(key, { ...base, p }, language)
      : key === 'schedules.headline.threshold'
        ? render(key, { ...base, rule: crossedRule(run, config.when)?.text ?? '' }, language)
        : key === 'schedules.headline.broken'
          ? render(key, { status: run.status, answer: run.answer }, language)
          : decision === 'no_material_change'
            ? render('schedules.quiet.summary', { ...base, p, level: config.level }, language)
            : render('schedules.headline.quiet', {}, language);
  const c = run.mainContributor;
  const lines = [
    headline,
    ...(c && decision !== 'broken'
      ? [
          render(
            'schedules.contributor',
            {
              dimension: c.dimension,
              segment: c.segment,
              effect: `${c.effect >= 0 ? '+' : ''}${shown(c.effect, run.unit)}`,
              share: c.share === null ? '-' : percent(c.share, 1),
            },
            language,
          ),
        ]
      : []),
    ...(run.reportSummary && decision !== 'broken' ? [run.reportSummary] : []),
    render('schedules.report', { command: refs.reportCommand, link: refs.link }, language),
    refs.previous
      ? render('schedules.previous', { run: refs.previous, decision: refs.previousDecision ?? '-' }, language)
      : render('schedules.previous.none', {}, language),
  ];
  return { headline, text: lines.join('\n') };
}
