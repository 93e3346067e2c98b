/**
 * Report agent: the last runner of the relay. It writes the report from the
 * analysis output, the data scope, the data-quality and statistics results and
 * the re-verified calculations, in the question's language:
 *
 *   title, executive summary, key metrics (with confidence intervals where a test
 *   gives one), a section per finding, statistics, data quality, data scope,
 *   assumptions, excluded paths and limitations, and charts.
 *
 * Every number it writes is a verified calculation followed by its citation
 * marker [n]; a number that did not verify is never written. Asked to revise
 * after an audit, it rewrites only the flagged sections and keeps the rest, with
 * the same markers.
 */
import { z } from 'zod';
import { ApplicationFailure } from '@temporalio/common';
import { defineAgent } from '../agents/contract';
import type { Catalog } from '../catalog/catalog';
import { dimensionLabel, valueLabel } from '../analysis/findings';
import { trendSentence, wordsFor } from '../analysis/wording';
import { ReportDraft, ReportInput, type ReportOutput, type Calculation, type Chart, type ChartCellSource, type Citation, type DataScope, type Language, type ReportSection, type Row } from '../contracts';
import { chartFor, presentChart, type FieldFormat } from '../report/charts';
import { formatCalculation, readNumbers } from '../report/numbers';
import { markUnverified } from '../report/answer';
import { modelFor } from '../model/model';
import { catalogFor } from '../settings/sources';
import { lastDayOf } from '../model/time-window';
import { loadArtifact, loadCalculations, storeArtifact } from '../storage/artifacts';

type Input = z.output<typeof ReportInput>;

/** Citation markers in order of first use; only verified calculations can be cited. */
class Citations {
  readonly list: Citation[] = [];
  private readonly markers = new Map<string, number>();
  constructor(private readonly citable: Map<string, Calculation>, private readonly language: Language, previous: Citation[] = []) {
    for (const c of previous) {
      if (!citable.has(c.calculation_id)) continue;
      this.markers.set(c.calculation_id, c.marker);
      this.list.push(c);
    }
  }

  has(id: string | null | undefined): id is string {
    return Boolean(id && this.citable.has(id));
  }

  /** "19.30%[2]"; null when the calculation is not verified (the caller leaves the number out). */
  cite(id: string | null | undefined): string | null {
    const calc = id ? this.citable.get(id) : undefined;
    if (!calc) return null;
    let marker = this.markers.get(calc.id);
    if (marker === undefined) {
      marker = this.list.length === 0 ? 1 : Math.max(...this.list.map((c) => c.marker)) + 1;
      this.markers.set(calc.id, marker);
      this.list.push({ marker, calculation_id: calc.id, value: calc.value, description: calc.description, formula: calc.formula, sources: calc.sources });
    }
    return `${formatCalculation(calc, this.language)}[${marker}]`;
  }
}

/**
 * Where each numeric value of a chart's data comes from: the verified calculation of the chart's step that holds
 * exactly that value (when several do, the one whose row key the chart row names), cited with its marker; null when
 * no verified calculation holds it (the tables mark it unverified).
 */
function chartSources(chart: Chart, calcs: Calculation[], c: Citations, language: Language): Record<string, ChartCellSource | null>[] {
  const rows = (chart.spec.data as { values?: Row[] } | undefined)?.values ?? [];
  return rows.map((row) => {
    const text = Object.values(row).filter((v) => typeof v === 'string').join(' ');
    const sources: Record<string, ChartCellSource | null> = {};
    for (const [field, value] of Object.entries(row)) {
      if (typeof value !== 'number') continue;
      const holding = calcs.filter((x) => x.value === value);
      const named = holding.find((x) => Object.values(x.pick.match ?? {}).every((v) => text.includes(String(v)))) ?? holding[0];
      const cited = named ? c.cite(named.id) : null;
      const marker = cited ? Number(/\[(\d+)\]$/.exec(cited)?.[1]) : NaN;
      sources[field] = named && Number.isInteger(marker) ? { calculation_id: named.id, marker, text: formatCalculation(named, language) } : null;
    }
    return sources;
  });
}

/** The id of the chart drawn from a step's result (src/report/charts.ts names them so). */
const chartId = (stepId: string) => `chart-${stepId}`;

/**
 * The key metrics: `first` (the compared values), then the important levels of the steps, at most 8. A number is
 * listed once: two calculations of the same metric written the same way ("复购率 · 华东 · 2026-09" and "复购率 ·
 * 变化前", both 26.88%) are the same number under two names, and only the first is kept.
 */
function keyMetrics(first: Calculation[], citable: Calculation[], language: Language): Calculation[] {
  const levels = citable.filter((x) => x.importance === 'high' && x.step_id !== 'dq' && x.step_id !== 'stats' && !x.delta);
  const seen = new Set<string>();
  const kept: Calculation[] = [];
  for (const calc of [...first, ...levels]) {
    const metric = calc.description.split(' · ')[0] ?? calc.description;
    const key = `${metric}\u0000${formatCalculation(calc, language)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(calc);
  }
  return kept.slice(0, 8);
}

const bullets = (lines: (string | null | undefined)[]) => lines.filter((l): l is string => Boolean(l)).map((l) => `- ${l}`).join('\n');

/** The definition the numbers follow (for the plain answer): the metric's filters and time field. */
function basis(scope: DataScope, catalog: Catalog, zh: boolean): string[] {
  const query = scope.primary_query;
  if (!zh || !query) return scope.filters;
  const metric = catalog.metrics[query.metric];
  if (!metric) return scope.filters;
  const timeField = catalog.time_fields[metric.time_field];
  const lastDay = lastDayOf(query.window.end);
  return [
    ...metric.filters.map((f) => f.description_zh ?? f.description),
    `按${timeField?.meaning_zh ?? metric.time_field}统计，${query.window.start} 至 ${lastDay}`,
    ...query.filters.map((f) => `${f.dimension} ${f.values.length === 1 ? '=' : 'in'} ${f.values.join('、')}`),
  ];
}

/**
 * A filter of the data scope as the report's reader reads it, in the report's language. The SQL compiler writes each
 * filter it applies as one line (src/catalog/sql.ts): a metric filter's description, the time field's window
 * (`pay_time in [2026-09-01, 2026-11-01) (September 2026 and October 2026)`), the named periods, and a dimension's
 * values (`region = 华东`, `channel in app, web`). Each is written here with the catalog's words: the metric
 * filter's Chinese description, the time field's meaning and the window's last day, the dimension's and its
 * values' labels. A line of another form is kept as it is.
 */
function scopeFilterText(filter: string, catalog: Catalog, language: Language): string {
  const zh = language === 'zh';
  const metricFilter = Object.values(catalog.metrics).flatMap((m) => m.filters).find((f) => f.description === filter);
  // A threshold in a definition (剔除金额≤0 的订单) is not a claim to cite: in a code span, as the auditor reads it.
  if (metricFilter) return (zh ? (metricFilter.description_zh ?? filter) : filter).replace(/[≤≥<>=]?\s*\d[\d.,]*/g, (n) => `\`${n}\``);
  const window = /^(\w+) in \[(\d{4}-\d{2}-\d{2}), (\d{4}-\d{2}-\d{2})\)/.exec(filter);
  const timeField = window ? catalog.time_fields[window[1] ?? ''] : undefined;
  if (window && timeField) {
    // The meaning's first words: 支付时间（收入在支付时入账） → 支付时间; "When the order was paid. Revenue …" → "When the order was paid".
    const meaning = zh ? (timeField.meaning_zh ?? timeField.meaning).replace(/（.*$/, '') : timeField.meaning.replace(/\..*$/, '');
    return zh ? `${meaning}在 ${window[2] ?? ''} 至 ${lastDayOf(window[3] ?? '')} 之间` : `${meaning}: ${window[2] ?? ''} to ${lastDayOf(window[3] ?? '')}`;
  }
  const periods = /^periods: (.*)$/.exec(filter);
  if (periods) {
    const named = [...(periods[1] ?? '').matchAll(/(\S+) \[(\S+), (\S+)\)/g)].map((m) => (zh ? `${m[1] ?? ''}（${m[2] ?? ''} 至 ${lastDayOf(m[3] ?? '')}）` : `${m[1] ?? ''} (${m[2] ?? ''} to ${lastDayOf(m[3] ?? '')})`));
    return zh ? `比较的期间：${named.join('，')}` : `compared periods: ${named.join(', ')}`;
  }
  const values = /^(\w+) (=|in) (.+)$/.exec(filter);
  if (values && catalog.dimensions[values[1] ?? '']) {
    const dimension = values[1] ?? '';
    const shown = (values[2] === '=' ? [values[3] ?? ''] : (values[3] ?? '').split(', ')).map((v) => valueLabel(catalog, language, dimension, v));
    return `${dimensionLabel(catalog, language, dimension)}${zh ? '：' : ': '}${shown.join(zh ? '、' : ', ')}`;
  }
  return filter;
}

/** How rows are placed in the analysed period (the data-quality agent's words, src/activities/quality.ts), in the report's language. */
function placementText(how: string, language: Language): string {
  if (language !== 'zh') return how;
  return how
    .replace(/^(\S+) \((\S+) where \1 is empty\)$/, '$1（为空时按 $2）')
    .replace(/^(\S+) through (\S+)$/, '$1（经由 $2）');
}

/** The test's name in the report's language. */
function testName(test: string, language: Language): string {
  return language === 'zh' ? test.replace(/^Welch two-sample t-test$/, 'Welch 双样本 t 检验') : test;
}

/** Placeholders a model writes for numbers: {{calculation id}}. */
const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** What is wrong with a model-written summary: unknown or unverified ids, or numbers written as digits. */
function summaryProblems(text: string, citable: Set<string>): string[] {
  const ids = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  const unknown = ids.filter((id) => !citable.has(id));
  const digits = readNumbers(text.replace(PLACEHOLDER, ' ')).numbers.map((n) => n.text);
  return [
    ...(unknown.length > 0 ? [`these placeholders are not verified calculations: ${unknown.map((id) => `{{${id}}}`).join(', ')}; use only the ids listed in "calculations"`] : []),
    ...(digits.length > 0 ? [`write every number as a {{calculation id}} placeholder, not as digits: ${digits.join(', ')}`] : []),
    ...(ids.length === 0 ? ['state the key numbers, each as a {{calculation id}} placeholder'] : []),
  ];
}

/**
 * The executive summary written by a language model (the writing-the-report skill), numbers as
 * placeholders; null for the offline rules model, whose summary is written by the rules below.
 */
async function modelSummary(input: Input, citable: Calculation[], language: Language): Promise<{ text: string | null; note: string | null }> {
  const model = modelFor('writeReport');
  if (model.provider === 'rules') return { text: null, note: null };
  const ids = new Set(citable.map((x) => x.id));
  const answer = await model.ask({
    agent: 'writeReport',
    schema: z.object({ summary: z.string().min(1) }),
    schemaName: 'executive_summary',
    instructions: 'Write the executive summary of an analysis report in two to five sentences, in the question\'s language. Write every number as a {{calculation id}} placeholder taken from "calculations"; Baton replaces each with the verified value and its citation. The writing-the-report skill has the rules.',
    context: {
      question: input.user_intent.question,
      language,
      findings: input.analysis.findings.map((f) => f.summary),
      statistics: input.statistics?.summary ?? null,
      data_quality: input.data_quality?.summary ?? null,
      calculations: citable.map((x) => ({ id: x.id, description: x.description, value: formatCalculation(x, language) })),
    },
    check: (reply) => summaryProblems(reply.summary, ids),
    offline: () => ({ summary: '' }),
  }).catch((err: unknown) => {
    // Retryable failures go to Temporal's retry policy; a model that cannot write it leaves the summary to the rules.
    if (err instanceof ApplicationFailure && !err.nonRetryable) throw err;
    return { value: null, note: `the model's summary was not usable (${(err as Error).message}); the summary is written by rule` };
  });
  return 'note' in answer ? { text: null, note: answer.note } : { text: answer.value.summary, note: null };
}

function writeSections(input: Input, catalog: Catalog, c: Citations, citable: Calculation[], mismatched: Calculation[], charted: Set<string>, written: string | null = null, writerNote: string | null = null): Map<string, () => ReportSection | null> {
  const { analysis, data_quality: dq, statistics, chart_data, data_scope, user_intent } = input;
  const language: Language = user_intent.intent.language;
  const w = wordsFor(language);
  const { t, list } = w;
  /**
   * A data-quality count, cited: in the analysed period (`dq.<id>`, present when the table's rows could be placed in
   * it) and in the whole table (`dq.<id>.all`). Runs recorded before the counts were scoped hold the whole table's
   * count alone, under `dq.<id>`.
   */
  const dqCounts = (tb: NonNullable<typeof dq>['tables'][number], id: string): { period: string | null; all: string | null } =>
    tb.whole_table_rows_estimate !== undefined ? { period: c.cite(`dq.${id}`), all: null }
      : tb.rows_all === undefined ? { period: null, all: c.cite(`dq.${id}`) } : { period: tb.period ? c.cite(`dq.${id}`) : null, all: c.cite(`dq.${id}.all`) };
  const dirtyTables = dq ? dq.tables.filter((tb) => dq.checks.some((k) => k.table === tb.table && (k.count_all ?? k.count) > 0)) : [];
  const stepCalcs = (stepId: string) => citable.filter((x) => x.step_id === stepId);
  const line = (calc: Calculation) => {
    const value = c.cite(calc.id);
    return value ? `${calc.description}${t('：', ': ')}${value}` : null;
  };
  const sections = new Map<string, () => ReportSection | null>();
  const rank = chart_data.find((d) => d.kind === 'rank_contributors');
  const gap = chart_data.find((d) => d.kind === 'gap_contribution');
  const trendStep = chart_data.find((d) => d.kind === 'trend');
  const test = statistics?.tests[0];

  sections.set('summary', () => {
    if (written !== null) {
      return { id: 'summary', heading: t('执行摘要', 'Executive summary'), body: written.replace(PLACEHOLDER, (_, id: string) => c.cite(id) ?? w.unverified) };
    }
    const sentences: string[] = [];
    if (rank && c.has(`${rank.step_id}.change`)) {
      const top = rank.rows[0];
      const metricLabel = user_intent.question;
      const scope = data_scope.primary_query?.filters.map((f) => f.values.map((v) => valueLabel(catalog, language, f.dimension, v)).join(t('、', '/'))).join(' ') ?? '';
      const metric = data_scope.primary_query ? catalog.metrics[data_scope.primary_query.metric] : undefined;
      const name = metric ? t(metric.label_zh, metric.label) : metricLabel;
      sentences.push(t(
        `${scope}${name}从 ${c.cite(`${rank.step_id}.value_before`) ?? w.unverified} 变为 ${c.cite(`${rank.step_id}.value_after`) ?? w.unverified}（${c.cite(`${rank.step_id}.change`)}）。`,
        `${name}${scope ? ` in ${scope}` : ''} moved from ${c.cite(`${rank.step_id}.value_before`) ?? w.unverified} to ${c.cite(`${rank.step_id}.value_after`) ?? w.unverified} (${c.cite(`${rank.step_id}.change`)}).`,
      ));
      if (top) {
        const who = `${String(top.dimension)}=${String(top.segment)}.${String(top.effect_type)}`;
        const shown = `${dimensionLabel(catalog, language, String(top.dimension))}=${valueLabel(catalog, language, String(top.dimension), String(top.segment))}`;
        const kind = top.effect_type === 'mix' ? t('占比变化（结构效应）', 'share shift (mix effect)') : top.effect_type === 'rate' ? t('自身比率变化（比率效应）', 'own rate change (rate effect)') : t('自身变化', 'own change');
        const effect = c.cite(`${rank.step_id}.${who}.effect`);
        const share = c.cite(`${rank.step_id}.${who}.share`);
        if (effect) sentences.push(t(`主要原因是 ${shown} 的${kind}：${effect}${share ? `，占变化的 ${share}` : ''}。`, `The main contributor is the ${kind} of ${shown}: ${effect}${share ? `, ${share} of the change` : ''}.`));
      }
      // Related metrics (drivers the plan looked at): their move over the same two months.
      for (const related of chart_data.filter((d) => d.kind === 'metric' && d.rows.length === 2 && d.step_id !== chart_data[0]?.step_id)) {
        const [from, to] = related.rows.map((r) => c.cite(`${related.step_id}.${String(r.month)}.value`));
        if (from && to) sentences.push(t(`同期${related.description.replace(/：.*$/, '')}从 ${from} 变为 ${to}。`, `Over the same months, ${related.description.replace(/:.*$/, '')} went from ${from} to ${to}.`));
      }
    } else if (gap && c.has(`${gap.step_id}.gap`)) {
      // A comparison: the two segments and the gap between them.
      const parts = ['value_a', 'value_b', 'gap'].map((f) => citable.find((x) => x.id === `${gap.step_id}.${f}`)).filter((x): x is Calculation => x !== undefined).map(line).filter(Boolean);
      sentences.push(`${parts.join(t('；', '; '))}${t('。', '.')}`);
    } else if (trendStep) {
      // A trend: each series that verified in full, with its subject, the change over the period and the latest
      // direction, worded so the two never contradict each other.
      const metric = data_scope.primary_query ? catalog.metrics[data_scope.primary_query.metric] : undefined;
      const name = metric ? t(metric.label_zh, metric.label) : trendStep.description;
      for (const row of trendStep.rows.slice(0, 3)) {
        const id = (field: string) => `${trendStep.step_id}.${String(row.series)}.${field}`;
        if (![id('first_value'), id('last_value'), id('run_length')].every((x) => c.has(x))) continue;
        const series = row.series === 'all' || row.series === undefined ? '' : String(row.series);
        const change = typeof row.total_change_pct === 'number' ? row.total_change_pct : Number(row.last_value) - Number(row.first_value);
        const run = Number(row.run_length);
        sentences.push(trendSentence(language, {
          subject: series ? t(`${series} ${name}`, `${name} of ${series}`) : name,
          first: c.cite(id('first_value')) ?? w.unverified, firstMonth: String(row.first_month),
          last: c.cite(id('last_value')) ?? w.unverified, lastMonth: String(row.last_month),
          overall: Math.sign(change), overallText: c.has(id('total_change_pct')) ? (c.cite(id('total_change_pct')) ?? '').replace(/^[+−-]/, '') : null,
          // A single month is said in words ("the latest month fell") and cites nothing; a longer run cites its length.
          direction: String(row.direction), runText: run === 1 ? '' : (c.cite(id('run_length')) ?? ''), single: run === 1,
        }));
      }
    }
    if (sentences.length === 0) {
      const weight = { high: 0, medium: 1, low: 2 };
      const headline = citable.filter((x) => x.step_id !== 'dq' && x.step_id !== 'stats').sort((p, q) => weight[p.importance] - weight[q.importance]).slice(0, 4).map(line).filter(Boolean);
      if (headline.length > 0) sentences.push(`${headline.join(t('；', '; '))}${t('。', '.')}`);
    }
    if (test && c.has('stats.p_value')) {
      const p = c.cite('stats.p_value');
      const what = user_intent.intent.intent === 'comparison' ? { zh: '差距', en: 'gap' } : { zh: '变化', en: 'change' };
      if (test.significant) {
        const d = c.cite('stats.cohens_d');
        sentences.push(t(`${what.zh}在统计上显著（Welch t 检验 p ${p}${d ? `，Cohen's d ${d}` : ''}）。`, `The ${what.en} is statistically significant (Welch's t-test p ${p}${d ? `, Cohen's d ${d}` : ''}).`));
      } else {
        sentences.push(t(`${what.zh}在统计上不显著（Welch t 检验 p ${p}），不能排除随机波动。`, `The ${what.en} is not statistically significant (Welch's t-test p ${p}); chance is not ruled out.`));
      }
    }
    if (dq) {
      const dirty = dirtyTables.map((tb) => dqCounts(tb, `${tb.table}.dirty_rows`));
      const inPeriod = dirty.map((d) => d.period).filter(Boolean);
      const whole = dirty.map((d) => d.all).filter(Boolean);
      if (inPeriod.length > 0) sentences.push(t(`数据质量检查在分析期间发现 ${inPeriod.join(' + ')} 行问题数据${whole.length > 0 ? `（全表 ${whole.join(' + ')} 行）` : ''}，处理方式见“数据质量”。`, `The data-quality check found ${inPeriod.join(' + ')} problem rows in the analysed period${whole.length > 0 ? ` (${whole.join(' + ')} in the whole table${whole.length > 1 ? 's' : ''})` : ''}; see "Data quality" for how they were handled.`));
      else if (whole.length > 0) sentences.push(t(`数据质量检查发现 ${whole.join(' + ')} 行问题数据，处理方式见“数据质量”。`, `The data-quality check found ${whole.join(' + ')} problem rows; see "Data quality" for how they were handled.`));
      if (dq.partial_periods.length > 0) sentences.push(t(`${list(dq.partial_periods.map((p) => p.period))} 数据不完整，未作为下降解读。`, `${list(dq.partial_periods.map((p) => p.period))} is only partly loaded and is not read as a drop.`));
    }
    if (sentences.length === 0) sentences.push(t('没有通过复核、可以报告的数值。', 'No verified numbers to report.'));
    return { id: 'summary', heading: t('执行摘要', 'Executive summary'), body: w.sentences(sentences) };
  });

  sections.set('key-metrics', () => {
    const compared = statistics?.compared_calculations;
    const interval = (id: string) => (compared?.after === id && c.has('stats.after_ci_low') ? t(`（置信区间 ${c.cite('stats.after_ci_low')} 至 ${c.cite('stats.after_ci_high')}）`, ` (confidence interval ${c.cite('stats.after_ci_low')} to ${c.cite('stats.after_ci_high')})`) : '');
    // The compared values (their intervals are shown with them), then the other important levels; a number that two
    // steps both computed (the month before as a monthly value and as a decomposition's "before") is listed once.
    const keys = keyMetrics([compared?.before, compared?.after].filter((id): id is string => c.has(id)).map((id) => citable.find((x) => x.id === id) as Calculation), citable, language);
    const body = bullets(keys.map((k) => {
      const l = line(k);
      return l ? `${l}${interval(k.id)}` : null;
    }));
    return body ? { id: 'key-metrics', heading: t('关键指标', 'Key metrics'), body } : null;
  });

  chart_data.forEach((step, i) => {
    sections.set(`finding-${i + 1}`, () => {
      const calcs = stepCalcs(step.step_id).slice(0, 10);
      const body = bullets(calcs.map(line));
      // The chart of the step (when one is drawn) stands beside its finding: the renderers place it by this id.
      return body ? { id: `finding-${i + 1}`, heading: step.description, body, ...(charted.has(step.step_id) ? { chart_id: chartId(step.step_id) } : {}) } : null;
    });
  });

  sections.set('statistics', () => {
    if (!statistics) return null;
    if (!test) return { id: 'statistics', heading: t('统计检验', 'Statistics'), body: bullets(statistics.paths_excluded) };
    return {
      id: 'statistics',
      heading: t('统计检验', 'Statistics'),
      body: bullets([
        t(`比较：${test.compared}`, `Compared: ${test.compared}`),
        c.has('stats.p_value') ? `${testName(test.test, language)}${t('：', ': ')}${[c.has('stats.statistic') ? `t ${c.cite('stats.statistic')}` : null, `p ${c.cite('stats.p_value')}`].filter(Boolean).join(t('，', ', '))}` : null,
        c.has('stats.ci_low') ? t(`差值的置信区间：${c.cite('stats.ci_low')} 至 ${c.cite('stats.ci_high')}`, `Confidence interval of the difference: ${c.cite('stats.ci_low')} to ${c.cite('stats.ci_high')}`) : null,
        c.has('stats.cohens_d') ? t(`效应量 Cohen's d：${c.cite('stats.cohens_d')}`, `Effect size (Cohen's d): ${c.cite('stats.cohens_d')}`) : null,
        c.has('stats.after_ci_low') && statistics.intervals[1] ? t(`${statistics.intervals[1].label} 的置信区间：${c.cite('stats.after_ci_low')} 至 ${c.cite('stats.after_ci_high')}`, `Confidence interval of ${statistics.intervals[1].label}: ${c.cite('stats.after_ci_low')} to ${c.cite('stats.after_ci_high')}`) : null,
        c.has('stats.n_before') ? t(`样本量：${c.cite('stats.n_before')} 与 ${c.cite('stats.n_after')}`, `Sample sizes: ${c.cite('stats.n_before')} and ${c.cite('stats.n_after')}`) : null,
        test.significant ? t('结论：在常用的百分之五显著性水平下显著', 'Conclusion: significant at the conventional five percent level') : t('结论：在常用的百分之五显著性水平下不显著', 'Conclusion: not significant at the conventional five percent level'),
      ]),
    };
  });

  sections.set('data-quality', () => {
    if (!dq) return null;
    const found = dq.checks.filter((k) => (k.count_all ?? k.count) > 0);
    const clean = dq.checks.filter((k) => (k.count_all ?? k.count) === 0);
    return {
      id: 'data-quality',
      heading: t('数据质量', 'Data quality'),
      body: bullets([
        ...dq.tables.map((tb) => {
          const rows = dqCounts(tb, `${tb.table}.rows`);
          if (rows.period) return t(`${tb.table} 表：分析期间 ${rows.period} 行（按 ${placementText(tb.period ?? '', language)} 归入期间）`, `${tb.table}: ${rows.period} rows in the analysed period (placed in it by ${tb.period ?? ''})`);
          if (!rows.all) return null;
          return tb.rows_all === undefined ? t(`${tb.table} 表共 ${rows.all} 行`, `${tb.table}: ${rows.all} rows`) : t(`${tb.table} 表共 ${rows.all} 行（无法按期间划分，按全表计）`, `${tb.table}: ${rows.all} rows (its rows cannot be placed in the period: counted over the whole table)`);
        }),
        ...found.map((k) => {
          const tb = dq.tables.find((x) => x.table === k.table);
          const n = tb ? dqCounts(tb, k.id) : { period: null, all: null };
          const rows = tb ? dqCounts(tb, `${tb.table}.rows`).period : null;
          const handling = t(k.excluded_by_metrics ? '，已被指标口径排除' : '，仍计入指标（按该维度分组时归入“缺失”）', k.excluded_by_metrics ? ', kept out by the metric filters' : ', still counted (a "missing" group when grouped by it)');
          // "3 of 1,204 rows in the period; 17 in the whole table"
          if (n.period && n.all) return `${k.description}${t(`：分析期间 ${n.period} 行（共 ${rows ?? '?'} 行）；全表 ${n.all} 行`, `: ${n.period} of ${rows ?? '?'} rows in the period; ${n.all} in the whole table`)}${handling}`;
          // A table too large to count whole: the period's count alone, and why.
          if (n.period && tb?.whole_table_rows_estimate !== undefined) return `${k.description}${t(`：分析期间 ${n.period} 行（共 ${rows ?? '?'} 行；全表过大，未统计）`, `: ${n.period} of ${rows ?? '?'} rows in the period (the whole table is too large to count)`)}${handling}`;
          return n.all ? `${k.description}${t('：', ': ')}${n.all}${handling}` : null;
        }),
        clean.length > 0 ? t(`未发现：${list(clean.map((k) => k.description))}`, `None found: ${list(clean.map((k) => k.description))}`) : null,
        ...dq.partial_periods.map((p) => {
          // Coverage is counted on the metric's time field, whose table may be another than the metric's.
          const table = Object.keys(catalog.tables).find((tb) => c.has(`dq.${tb}.coverage.${p.period}`));
          const days = table ? c.cite(`dq.${table}.coverage.${p.period}`) : null;
          return t(`${p.period} 不完整：仅 ${days ?? '部分'} 天有数据${p.last_day_with_data ? `，最后一天为 ${p.last_day_with_data}` : ''}`, `${p.period} is partial: data for ${days ?? 'some'} days${p.last_day_with_data ? `, the last on ${p.last_day_with_data}` : ''}`);
        }),
      ]),
    };
  });

  sections.set('data-scope', () => {
    const q = data_scope.primary_query;
    const lastDay = q ? lastDayOf(q.window.end) : null;
    return {
      id: 'data-scope',
      heading: t('数据范围', 'Data scope'),
      body: bullets([
        q ? t(`期间：${q.window.start} 至 ${lastDay ?? ''}`, `Period: ${q.window.start} to ${lastDay ?? ''}`) : null,
        ...data_scope.filters.map((f) => t(`筛选：${scopeFilterText(f, catalog, language)}`, `Filter: ${scopeFilterText(f, catalog, language)}`)),
        t(`结果：${data_scope.result_shapes.map((r) => `\`${r.task_id} ${r.shape[0]}×${r.shape[1]}\``).join(t('，', ', '))}`, `Results (rows × columns): ${data_scope.result_shapes.map((r) => `\`${r.task_id} ${r.shape[0]}×${r.shape[1]}\``).join(', ')}`),
        ...dirtyTables.map((tb) => {
          const dirty = dqCounts(tb, `${tb.table}.dirty_rows`);
          if (dirty.period && dirty.all) return t(`${tb.table} 中的问题数据：分析期间 ${dirty.period} 行，全表 ${dirty.all} 行（见“数据质量”）`, `Problem rows in ${tb.table}: ${dirty.period} in the analysed period, ${dirty.all} in the whole table (see "Data quality")`);
          return dirty.all ? t(`${tb.table} 中的问题数据：${dirty.all} 行（见“数据质量”）`, `Problem rows in ${tb.table}: ${dirty.all} (see "Data quality")`) : null;
        }),
      ]),
    };
  });

  const assumptions = [...new Set([...analysis.assumptions_made, ...(dq?.assumptions_made ?? []), ...(statistics?.assumptions_made ?? [])])];
  sections.set('assumptions', () => (assumptions.length > 0 ? { id: 'assumptions', heading: t('假设', 'Assumptions'), body: bullets(assumptions) } : null));
  const excluded = [...new Set([...analysis.paths_excluded, ...(dq?.paths_excluded ?? []), ...(statistics?.paths_excluded ?? [])])];
  sections.set('paths-excluded', () => (excluded.length > 0 ? { id: 'paths-excluded', heading: t('排除的路径', 'Paths excluded'), body: bullets(excluded) } : null));
  sections.set('limitations', () => {
    const items = [
      ...(analysis.complete ? [] : [t('部分步骤未能计算，结论不完整', 'some steps could not be computed; the conclusions are partial')]),
      ...(!test ? [t('未做显著性检验', 'no significance test was run')] : []),
      ...mismatched.map((m) => t(`复核不一致，未引用：${m.description}`, `did not match its recomputation and is not cited: ${m.description}`)),
      ...(analysis.context_note ? [`\`${analysis.context_note}\``] : []),
      ...(writerNote ? [`\`${writerNote}\``] : []),
      ...data_scope.anomalies.map((a) => `\`${a}\``),
    ];
    return items.length > 0 ? { id: 'limitations', heading: t('局限', 'Limitations'), body: bullets(items) } : null;
  });
  return sections;
}

export const writeReport = defineAgent({
  name: 'report',
  input: ReportInput,
  output: ReportDraft,
  run: async (input) => {
    const { task_id, workflow_id, analysis, data_scope, user_intent, catalogPath, revision, attempt } = input;
    const catalog = catalogFor(catalogPath);
    const calculations = await loadCalculations(input.calculation_refs);
    const verified = new Set(input.verified);
    const citable = calculations.filter((x) => verified.has(x.id));
    const mismatched = calculations.filter((x) => input.mismatched.includes(x.id));
    const previous = revision ? await loadArtifact<ReportOutput>(revision.previous_ref) : null;
    const language: Language = user_intent.intent.language;
    const zh = language === 'zh';
    const { t } = wordsFor(language);
    const citations = new Citations(new Map(citable.map((x) => [x.id, x])), language, previous?.citations ?? []);
    // A model writes the summary only when the summary is (re)written.
    const summaryDue = !revision || revision.audit.sections_to_fix.includes('summary');
    const summary = summaryDue ? await modelSummary(input, citable, language) : { text: null, note: null };
    // The charts (at most three), drawn first so that each finding can name the chart that shows it.
    const drawn = input.chart_data
      .map((d) => ({ step_id: d.step_id, chart: chartFor(d, (dim, value) => `${dimensionLabel(catalog, language, dim)}=${valueLabel(catalog, language, dim, value)}`.replace(/^month=/, ''), language) }))
      .filter((x): x is { step_id: string; chart: NonNullable<typeof x.chart> } => x.chart !== null)
      .slice(0, 3);
    const writers = writeSections(input, catalog, citations, citable, mismatched, new Set(drawn.map((d) => d.step_id)), summary.text, summary.note);
    const toFix = new Set(revision?.audit.sections_to_fix ?? []);
    const sections: ReportSection[] = [];
    for (const [id, write] of writers) {
      const kept = previous?.sections.find((s) => s.id === id);
      if (previous && !toFix.has(id)) {
        if (kept) sections.push(kept);
        continue;
      }
      const section = write();
      if (section) sections.push(section);
    }
    // Every value in a chart's data table cites its calculation, or is marked unverified when it is none.
    // Its axes and tooltips are written in the format of the calculations its values are.
    const charts = drawn.map(({ step_id, chart }) => {
      const sources = chartSources(chart, citable.filter((x) => x.step_id === step_id), citations, language);
      // A field none of whose values verified takes the format of the step's calculations that hold its values.
      const formats: Record<string, FieldFormat> = {};
      const rows = (chart.spec.data as { values?: Row[] } | undefined)?.values ?? [];
      rows.forEach((row, i) => {
        for (const [field, value] of Object.entries(row)) {
          if (typeof value !== 'number' || formats[field]) continue;
          const cited = sources[i]?.[field];
          const calc = cited ? citable.find((x) => x.id === cited.calculation_id) : calculations.find((x) => x.step_id === step_id && x.value === value);
          if (calc) formats[field] = { display: calc.display, delta: calc.delta, unit: calc.unit ?? null };
        }
      });
      return { ...presentChart(chart, formats, language), sources };
    });
    const used = new Set([
      ...sections.flatMap((s) => [...s.body.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))),
      ...charts.flatMap((ch) => ch.sources.flatMap((row) => Object.values(row).map((cell) => cell?.marker ?? 0))),
    ]);
    const stats = input.statistics;
    const compared = stats?.compared_calculations.after;
    const scopeLines = basis(data_scope, catalog, zh);
    // The answer's findings: a number that states a verified calculation of the steps it rests on stays as written;
    // every other number is marked unverified, so a degraded run's numbers are never shown silently.
    const names = calculations.flatMap((x) => Object.values(x.pick.match ?? {}).filter((v): v is string => typeof v === 'string'));
    const answer = [
      ...analysis.findings.map((f) => markUnverified(f.summary, citable.filter((x) => f.evidence_refs.includes(x.step_id)), language, names)),
      ...(scopeLines.length > 0 ? [t(`口径：${scopeLines.join('；')}。`, `Basis: ${scopeLines.join('; ')}.`)] : []),
      ...(analysis.assumptions_made.length > 0 ? [t(`假设：${analysis.assumptions_made.join('；')}。`, `Assumptions: ${analysis.assumptions_made.join('; ')}.`)] : []),
    ].join('\n');
    const limitations = sections.find((s) => s.id === 'limitations')?.body.split('\n').map((l) => l.replace(/^- /, '')) ?? [];
    const report: ReportOutput = {
      task_id,
      input_task_id: analysis.task_id,
      title: t(`分析报告：${user_intent.question}`, `Analysis: ${user_intent.question}`),
      language,
      sections,
      key_metrics: keyMetrics([], citable, language)
        .map((x) => ({
          name: x.description,
          value: x.value,
          ...(x.id === compared && stats?.intervals[1] ? { ci_low: stats.intervals[1].ci_low, ci_high: stats.intervals[1].ci_high } : {}),
        })),
      charts,
      citations: citations.list.filter((x) => used.has(x.marker)).sort((a, b) => a.marker - b.marker),
      limitations,
      status: analysis.complete ? ('completed' as const) : ('degraded' as const),
      answer: answer || t('没有可报告的结论。', 'Nothing to report.'),
      attempt,
      audit: null,
    };
    // The report is an artifact; the history carries its reference and the executive summary.
    const keyIds = new Set(input.analysis.key_metrics.flatMap((m) => (m.calculation_id ? [m.calculation_id] : [])));
    return {
      task_id,
      report_ref: await storeArtifact(workflow_id, 'report', 'report', report),
      title: report.title,
      status: report.status,
      answer: report.answer,
      attempt,
      section_ids: sections.map((s) => s.id),
      citation_count: report.citations.length,
      chart_count: charts.length,
      summary: sections.find((s) => s.id === 'summary')?.body ?? '',
      // The key metrics' citations (the run's metrics show their markers); every citation is in the report artifact.
      citations: report.citations.filter((x) => keyIds.has(x.calculation_id)).map((x) => ({ marker: x.marker, calculation_id: x.calculation_id })),
    };
  },
});
