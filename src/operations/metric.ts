/**
 * `metric`: the metric, grouped and filtered as asked, in one compiled query.
 * Plan schema: MetricOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Run by the SQL agent; its rows are the result (no derivation).
 */
import { z } from 'zod';
import { filterApplied, MetricQuery } from '../contracts/query';
import type { MetricDefinition } from '../catalog/catalog';
import type { AnswerMetric, Calculation, MemoryDraft, PlanStep, Row } from '../contracts';
import { INLINE_ROWS, MAX_CALCULATIONS_PER_STEP } from '../settings/limits';
import { periodTag } from '../memory/pool';
import { lastDayOf, previousMonth, windowOfMonth } from '../model/time-window';
import { dimensionLabel, formatValue } from '../analysis/wording';
import { PERIOD_COLUMNS } from '../catalog/time-grain';
import { catalogText, definitionText, filterLabels } from '../format/labels';
import { defineMessages, textOf } from '../messages/message';
import type { Operation, StepFacts, Written } from './operation';
import { chartBase, joinedBy, make, matchOf, num, ranked, rowKey, rowLabel, scopeOf, textColumn } from './parts';

/** Its sentences: the step's summary (one value, two periods, or grouped rows), its assumptions, the calculations' formula. */
const MESSAGES = defineMessages({
  'operation.metric.single': { zh: '{period}{scope}的{label}为 {value}。', en: '{label}{scope} for {period} was {value}.' },
  'operation.metric.two-periods': {
    zh: '{scope}{label}：{before} {value_before} → {after} {value_after}。',
    en: '{label}{scope}: {before} {value_before} → {after} {value_after}.',
  },
  'operation.metric.grouped': {
    zh: '{period}{scope}按{by}的{label}：{rows}{more}。',
    en: '{label}{scope} for {period} by {by}: {rows}{more}.',
  },
  /** The step's filters as they follow the metric's label (nothing when it has none). */
  'operation.metric.scope': { zh: '{scope}', en: ' in {scope}' },
  /** One more filter after the others: 华东电子产品 / East, Electronics. */
  'operation.metric.scope.and': { zh: '{scope}{filter}', en: '{scope}, {filter}' },
  'operation.metric.missing': { zh: '(缺失)', en: '(missing)' },
  /** A ranking's cut falls inside a tie: the first of the tied rows, the others, their one value. */
  'operation.metric.tie': { zh: '{first}（与{others}并列，均为 {value}）', en: '{first}, tied with {others} at {value}' },
  'operation.metric.tie.and': { zh: '{items}和{last}', en: '{items} and {last}' },
  'operation.metric.more-rows': { zh: '（其余各行见存储结果）', en: ' (the other rows are in the stored result)' },
  'operation.metric.assumption.per': {
    zh: '{label}先按 {per} 汇总，每个对象在一个期间内只计一次',
    en: '{label} is computed per {per} first, so each counts once per period',
  },
  'operation.metric.formula': {
    zh: '{step} 的 SQL（目录口径编译），所在行 {key}，列 {column}',
    en: 'SQL of {step} (compiled from the catalog), row {key}, column {column}',
  },
  'operation.metric.chart.all': { zh: '全部', en: 'all' },
  'operation.metric.grain.year': { zh: '年', en: 'year' },
  'operation.metric.grain.quarter': { zh: '季度', en: 'quarter' },
  'operation.metric.grain.month': { zh: '月', en: 'month' },
  'operation.metric.grain.week': { zh: '周', en: 'week' },
  'operation.metric.grain.day': { zh: '日', en: 'day' },
  'operation.metric.grain.period': { zh: '期间', en: 'period' },
});

/** A period column's name in a summary's "by …" (a catalog dimension goes by its label). */
const GRAIN_WORDS: Record<string, Extract<keyof typeof MESSAGES, `operation.metric.grain.${string}`>> = {
  year: 'operation.metric.grain.year',
  quarter: 'operation.metric.grain.quarter',
  month: 'operation.metric.grain.month',
  week: 'operation.metric.grain.week',
  day: 'operation.metric.grain.day',
  period: 'operation.metric.grain.period',
};

/** The step's single-value and multi-value filters, as its summary names them: 华东电子产品 / East, Electronics. */
function filtersNamed(w: Written, q: MetricQuery): string {
  const text = textOf(MESSAGES, w.language);
  const filters = q.filters.map((f) => filterLabels(w.catalog, w.language, f));
  return joinedBy(filters, (scope, filter) => text('operation.metric.scope.and', { scope, filter }));
}

/** The grouped rows as the summary lists them ("Canada $303.96"), a tie at a ranking's cut named as one ("Hungary, tied with Ireland at $45.62"). */
function rowParts(w: Written, q: MetricQuery, shown: Row[], value: (v: unknown) => string): string[] {
  const text = textOf(MESSAGES, w.language);
  const name = (r: Row) => q.group_by.map((g) => String(r[g] ?? text('operation.metric.missing'))).join(' / ');
  const tie = tieAtCut(q, shown);
  const parts = (tie ? tie.above : shown).map((r) => `${name(r)} ${value(r.value)}`);
  if (!tie) return parts;
  const [first, ...others] = tie.tied.map(name);
  const [items, last] = [w.list(others.slice(0, -1)), others.at(-1) ?? ''];
  const named = others.length > 1 ? text('operation.metric.tie.and', { items, last }) : last;
  return [...parts, text('operation.metric.tie', { first: first ?? '', others: named, value: value(tie.tied[0]?.value) })];
}

function metricStep(
  w: Written,
  step: PlanStep,
  q: MetricQuery,
  rows: Row[],
  total: number,
  metric: MetricDefinition | undefined,
  label: string,
): StepFacts {
  const text = textOf(MESSAGES, w.language);
  const period = catalogText(w.language, q.window.label_en, q.window.label_zh);
  const filters = filtersNamed(w, q);
  const scope = filters ? text('operation.metric.scope', { scope: filters }) : '';
  const value = (v: unknown) => formatValue(num(v), metric, w.language);
  let summary: string;
  if (q.group_by.length === 0) {
    summary = text('operation.metric.single', { period, scope, label, value: value(rows[0]?.value) });
  } else if (q.group_by.length === 1 && PERIOD_COLUMNS.includes(q.group_by[0] ?? '') && rows.length === 2) {
    const [before, after] = rows;
    const key = q.group_by[0] as string;
    summary = text('operation.metric.two-periods', {
      scope,
      label,
      before: String(before?.[key]),
      value_before: value(before?.value),
      after: String(after?.[key]),
      value_after: value(after?.value),
    });
  } else {
    const shown = shownRows(rows);
    const parts = rowParts(w, q, shown, value);
    const more = total > shown.length ? text('operation.metric.more-rows') : '';
    const grain = (g: string) => {
      const key = Object.hasOwn(GRAIN_WORDS, g) ? GRAIN_WORDS[g] : undefined;
      return key ? text(key) : g;
    };
    const by = q.group_by.map((g) => (g in w.catalog.dimensions ? dimensionLabel(w.catalog, w.language, g) : grain(g)));
    summary = text('operation.metric.grouped', {
      period,
      scope,
      by: w.list(by),
      label,
      rows: parts.join(w.text('common.semicolon')),
      more,
    });
  }
  const assumptions: string[] = [];
  if (metric?.per) assumptions.push(text('operation.metric.assumption.per', { label, per: metric.per }));
  for (const d of [...q.group_by, ...q.filters.map((f) => f.dimension)]) {
    const dim = w.catalog.dimensions[d];
    if (dim?.expression) assumptions.push(definitionText(catalogText(w.language, dim.description ?? d, dim.description_zh)));
  }
  // Facts for the rows that travel inline; the rest stay in the stored result.
  const memory: MemoryDraft[] = rows.slice(0, INLINE_ROWS).map((r) => {
    const { scope: s, dimensions } = scopeOf(step, r);
    const periodColumn = q.group_by.find((g) => PERIOD_COLUMNS.includes(g));
    const period = periodColumn ? String(r[periodColumn]) : periodTag(q.window.start, q.window.end);
    return {
      type: 'fact',
      content: `${q.metric}${s ? ` [${s}]` : ''} ${period} = ${String(r.value)}`,
      confidence: 0.95,
      references: [step.step_id],
      tags: { metric: q.metric, dimensions, scope: s, period },
      value: typeof r.value === 'number' ? r.value : null,
      direction: null,
    };
  });
  return {
    findings: [{ summary, detail: `${total} row(s)`, evidence_refs: [step.step_id] }],
    assumptions: [...new Set(assumptions)],
    memory,
  };
}

/**
 * A ranking whose cut falls inside a tie: the SQL keeps every row tied with the last one (FETCH FIRST n ROWS WITH
 * TIES), so more rows than the limit mean a tie at the cut. `above`: the rows ranked before the tie, best first;
 * `tied`: the rows of the tie, by name (the database returns them in no set order). Null without such a tie.
 */
export function tieAtCut(q: MetricQuery, rows: Row[]): { above: Row[]; tied: Row[] } | null {
  if (!q.order || q.limit === null || rows.length <= q.limit) return null;
  const cut = num(rows[q.limit - 1]?.value);
  const key = (r: Row) => q.group_by.map((g) => String(r[g])).join('/');
  const sign = q.order === 'desc' ? -1 : 1;
  const above = rows
    .filter((r) => num(r.value) !== cut)
    .sort((a, b) => sign * (num(a.value) - num(b.value)) || key(a).localeCompare(key(b)));
  const tied = rows.filter((r) => num(r.value) === cut).sort((a, b) => key(a).localeCompare(key(b)));
  return { above, tied };
}

/** The rows the step's summary and key metrics print (the rest stay in the stored result). */
const shownRows = (rows: Row[]) => rows.slice(0, INLINE_ROWS);

/**
 * The rows a metric step records as calculations: every row the answer prints (whatever the cap), and of a long
 * monthly series its latest months too (the ones a test compares). The cap bounds only rows the appendix alone shows.
 */
function calculatedRows(query: MetricQuery, rows: Row[]): Row[] {
  const shown = shownRows(rows);
  const more = query.group_by.includes('month') ? rows.slice(-MAX_CALCULATIONS_PER_STEP) : rows.slice(0, MAX_CALCULATIONS_PER_STEP);
  return rows.filter((r) => shown.includes(r) || more.includes(r));
}

/** A metric row's calculation id: the step, the row's key ("total" without grouping), the field. */
const valueId = (stepId: string, row: Row, keys: string[]) => `${stepId}.${keys.length > 0 ? rowKey(row, keys) : 'total'}.value`;

/** One key metric per row of a metric step, with the calculation that records its value (null for a row none records). */
function metricValues(stepId: string, query: MetricQuery, rows: Row[], metric: MetricDefinition | undefined): AnswerMetric[] {
  const recorded = new Set(calculatedRows(query, rows));
  return shownRows(rows).map((row) => {
    const key = query.group_by.map((g) => String(row[g])).join(' / ');
    return {
      name: query.metric,
      label: `${metric?.label ?? query.metric}${key ? ` · ${key}` : ''}`,
      value: typeof row.value === 'number' ? row.value : null,
      unit: metric?.unit ?? null,
      period: query.group_by.includes('month') ? String(row.month) : query.window.label_en,
      calculation_id: recorded.has(row) && typeof row.value === 'number' ? valueId(stepId, row, query.group_by) : null,
    };
  });
}

/** The metric, grouped and filtered as asked. */
export const MetricOperation = z.object({ kind: z.literal('metric'), query: MetricQuery });

export const metric: Operation<'metric'> = {
  kind: 'metric',
  messages: MESSAGES,
  agent: 'sql',
  prompt: { planner: 'the metric, grouped and filtered as asked (one query)' },

  validation: {
    columns: (op) => [...op.query.group_by, 'value'],
    logic(op, result) {
      const q = op.query;
      const total = result.result_shape[0];
      if (q.group_by.length === 0 && total !== 1) return `expected exactly one row, got ${total}`;
      // Past the limit only rows tied with the last one (a ranking keeps its tie at the cut).
      const cut = q.limit === null ? undefined : result.rows[q.limit - 1]?.value;
      const tiedPast = q.order !== null && result.rows.slice(q.limit ?? 0).every((r) => num(r.value) === num(cut));
      if (q.limit !== null && total > q.limit && !tiedPast) return `expected at most ${q.limit} rows, got ${total}`;
      if (!result.filters_applied.some((f) => f.includes(`[${q.window.start}, ${q.window.end})`)))
        return `the period ${q.window.start}..${q.window.end} was not applied`;
      const missing = q.filters.find((f) => !result.filters_applied.includes(filterApplied(f)));
      if (missing) return `the filter on ${missing.dimension} was not applied`;
      return null;
    },
  },

  findings: (op, { w, step, rows, metric: definition, label }) => metricStep(w, step, op.query, rows, rows.length, definition, label),

  calculations(op, ctx, rows) {
    const { step, display, scope, named } = ctx;
    const text = textOf(MESSAGES, ctx.language);
    const calcs: Calculation[] = [];
    const keys = op.query.group_by;
    const shown = calculatedRows(op.query, rows);
    shown.forEach((row, i) => {
      const key = keys.length > 0 ? rowKey(row, keys) : 'total';
      // The period as dates: a label such as "the last 3 months" would put an uncited number in the text.
      const period = keys.includes('month') ? '' : `${op.query.window.start} – ${lastDayOf(op.query.window.end)}`;
      calcs.push(
        ...make(ctx, `${key}.value`, row.value, {
          display,
          delta: false,
          description: named(ctx.label, scope, period, keys.length > 0 ? rowLabel(ctx, row, keys) : ''),
          formula: text('operation.metric.formula', { step: step.step_id, key, column: 'value' }),
          importance: rows.length <= 2 ? 'high' : ranked(i, 0),
          pick: { field: 'value', match: matchOf(row, keys) },
        }),
      );
    });
    return calcs;
  },

  chart({ id, title, rows, label, language }) {
    if (!rows.some((r) => r.value !== undefined)) return null;
    const key = textColumn(rows);
    const values = rows.map((r) => ({
      month: r.month ?? null,
      group: key ? label(key, String(r[key])) : textOf(MESSAGES, language)('operation.metric.chart.all'),
      value: Number(r.value),
    }));
    const monthly = rows.some((r) => r.month !== undefined);
    if (monthly && rows.length > 2) {
      return {
        id,
        title,
        spec: {
          ...chartBase(title, values),
          mark: { type: 'line', point: true },
          encoding: {
            x: { field: 'month', type: 'ordinal', title: null },
            y: { field: 'value', type: 'quantitative', title: null },
            color: { field: 'group', type: 'nominal', title: null },
          },
        },
      };
    }
    return {
      id,
      title,
      spec: {
        ...chartBase(title, values),
        mark: 'bar',
        encoding: {
          x: { field: monthly ? 'month' : 'group', type: 'nominal', sort: null, title: null },
          y: { field: 'value', type: 'quantitative', title: null },
          ...(monthly && key ? { xOffset: { field: 'group' }, color: { field: 'group', type: 'nominal', title: null } } : {}),
        },
      },
    };
  },

  keyMetrics: (op, rows, catalog, step) => metricValues(step.step_id, op.query, rows, catalog.metrics[op.query.metric]),

  // Attribution and trend: the last two full months of the first monthly series.
  samples(op, { step: monthly, intent, partial }) {
    if (intent !== 'attribution' && intent !== 'trend') return undefined;
    // Two named periods (a week against the week before): the earlier one against the later one.
    const [p0, p1] = op.query.periods;
    if (op.query.group_by.length === 1 && op.query.group_by[0] === 'period' && p0 && p1 && op.query.periods.length === 2) {
      const at = (p: { key: string; start: string; end: string }) => ({
        ...op.query,
        group_by: [],
        periods: [],
        window: { ...op.query.window, start: p.start, end: p.end, label_en: p.key, label_zh: p.key },
      });
      const [before, after] = p0.start < p1.start ? [p0, p1] : [p1, p0];
      return {
        metric: op.query.metric,
        step: monthly,
        ids: { before: `${monthly.step_id}.${before.key}.value`, after: `${monthly.step_id}.${after.key}.value` },
        before: { label: before.key, query: at(before) },
        after: { label: after.key, query: at(after) },
      };
    }
    if (op.query.group_by.length !== 1 || op.query.group_by[0] !== 'month') return undefined;
    const q = op.query;
    let last = lastDayOf(q.window.end).slice(0, 7);
    while (partial.includes(last) && last > q.window.start.slice(0, 7)) last = previousMonth(windowOfMonth(last)).start.slice(0, 7);
    const prior = previousMonth(windowOfMonth(last)).start.slice(0, 7);
    // Neither month may be partial: a half-loaded month is not comparable.
    if (prior < q.window.start.slice(0, 7) || partial.includes(prior) || partial.includes(last)) return null;
    const at = (period: string) => ({ ...q, group_by: [], window: windowOfMonth(period) });
    return {
      metric: q.metric,
      step: monthly,
      ids: { before: `${monthly.step_id}.${prior}.value`, after: `${monthly.step_id}.${last}.value` },
      before: { label: prior, query: at(prior) },
      after: { label: last, query: at(last) },
    };
  },
};
