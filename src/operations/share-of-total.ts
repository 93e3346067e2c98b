/**
 * `share_of_total`: the share of the metric that each value of `dimension` takes,
 * over the metric's total for the window ("what share of revenue came from Rock",
 * "各品类销售额占比").
 * Plan schema: ShareOfTotalOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Run by the SQL agent: one statement returns the groups and, without the
 * dimension, the metric's own total (is_total rows; see compileMetricQuery), and
 * the shares are derived here from those rows.
 *
 * The total is the metric itself, not the sum of the groups: where a unit sits in
 * several groups (a dimension reached through a fan-out join, a distinct count),
 * the groups add up to more than the total and so do the shares; the finding says so.
 */
import { z } from 'zod';
import { MetricQuery } from '../contracts/query';
import type { MetricDefinition } from '../catalog/catalog';
import type { Calculation, ColumnInfo, Row } from '../contracts';
import type { Derived } from '../analysis/derive';
import { dimensionLabel, formatValue, valueLabel } from '../analysis/wording';
import { catalogText } from '../format/labels';
import { defineMessages, textOf } from '../messages/message';
import type { Operation } from './operation';
import { chartBase, make, matchOf, num, ranked } from './parts';

/** Its sentences: the finding (the shares, the overlap), its assumption, the calculations' descriptions, the chart's axis. */
const MESSAGES = defineMessages({
  'operation.share_of_total.finding': {
    zh: '{period}各{dimension}占{label}{total}的比例：{shares}{more}。',
    en: 'Share of {label}{total} by {dimension} for {period}: {shares}{more}.',
  },
  'operation.share_of_total.total': { zh: '（合计 {total}）', en: ' (of {total} in all)' },
  'operation.share_of_total.more-groups': { zh: '（其余各组见存储结果）', en: ' (the other groups are in the stored result)' },
  'operation.share_of_total.overlap': {
    zh: '同一单位可属于多个{dimension}，各组占比之和为 {sum}，超过 100%。',
    en: 'A unit can sit in several {dimension} groups, so the shares add up to {sum}, more than 100%.',
  },
  'operation.share_of_total.assumption.overlap': {
    zh: '占比的分母是{label}本身（不按{dimension}分组），不是各组之和',
    en: "the shares are of {label} itself (not grouped by {dimension}), not of the groups' sum",
  },
  'operation.share_of_total.assumption.exact': {
    zh: '占比的分母是{label}本身（不按{dimension}分组），等于各组之和',
    en: "the shares are of {label} itself (not grouped by {dimension}), which equals the groups' sum",
  },
  'operation.share_of_total.calc.total': { zh: '合计', en: 'total' },
  'operation.share_of_total.calc.total.formula': { zh: '不按 {column} 分组的指标值', en: 'the metric without {column}' },
  'operation.share_of_total.calc.share': { zh: '{group}占{label}的比例', en: 'share of {label} from {group}' },
  'operation.share_of_total.calc.value.formula': { zh: '{step} 的 SQL，{group}', en: 'SQL of {step}, {group}' },
  'operation.share_of_total.chart.axis': { zh: '占比', en: 'share' },
});

/** The share of the metric each value of `dimension` (one of the query's group_by) takes of the metric's total. */
export const ShareOfTotalOperation = z.object({ kind: z.literal('share_of_total'), query: MetricQuery, dimension: z.string() });

const keyOf = (v: Row[string] | undefined) => (v === null || v === undefined ? '(missing)' : String(v));
const col = (name: string, type: string, meaning: string): ColumnInfo => ({ name, type, meaning });
/** Shares are written as percentages (the ratio format: 35.20%). */
const AS_SHARE = { format: 'ratio' } as MetricDefinition;

/**
 * Each group's value over its total: the total row of the same other groups (the metric queried without the
 * dimension), or, in results without total rows, the groups' sum. Rows sorted by share, largest first.
 */
export function shareOfTotal(rows: Row[], groupBy: string[], dimension: string): Derived {
  const others = groupBy.filter((g) => g !== dimension);
  const partition = (r: Row) => others.map((g) => keyOf(r[g])).join('\u0000');
  const groups = rows.filter((r) => r.is_total !== true);
  const totals = new Map(rows.filter((r) => r.is_total === true).map((r) => [partition(r), num(r.value)]));
  const sums = new Map<string, number>();
  for (const r of groups) sums.set(partition(r), (sums.get(partition(r)) ?? 0) + num(r.value));
  const totalOf = (r: Row) => totals.get(partition(r)) ?? sums.get(partition(r)) ?? 0;
  const out: Row[] = groups.map((r) => {
    const total = totalOf(r);
    return {
      ...Object.fromEntries(groupBy.map((g) => [g, r[g] ?? null])),
      value: num(r.value),
      total,
      share: total !== 0 ? num(r.value) / total : null,
    };
  });
  out.sort((p, q) => num(q.share) - num(p.share) || keyOf(p[dimension]).localeCompare(keyOf(q[dimension])));
  const overlap = [...sums].some(([k, sum]) => {
    const total = totals.get(k) ?? sum;
    return sum - total > 1e-9 * Math.max(1, Math.abs(total));
  });
  // With one partition (no other groups) the total and the groups' sum over it (1 for a partition, more where
  // groups overlap; not the rounded shares added up) are the summary's.
  const single = sums.size === 1 ? [...sums.keys()][0] : undefined;
  const total = single !== undefined ? (totals.get(single) ?? sums.get(single) ?? null) : null;
  const top = out[0];
  return {
    columns: [
      ...groupBy.map((g) => col(g, 'text', `value of ${g}`)),
      col('value', 'numeric', 'metric value of the group'),
      col('total', 'numeric', `the metric without ${dimension} (its total for the window)`),
      col('share', 'numeric', 'value / total'),
    ],
    rows: out,
    summary: {
      dimension,
      kind: rows.some((r) => r.denominator !== undefined) ? 'ratio' : 'additive',
      total,
      share_sum: single !== undefined && total ? (sums.get(single) ?? 0) / total : null,
      groups: out.length,
      groups_overlap: overlap ? 'yes' : 'no',
      top: top ? keyOf(top[dimension]) : null,
      top_share: top && typeof top.share === 'number' ? top.share : null,
    },
  };
}

export const share_of_total: Operation<'share_of_total'> = {
  kind: 'share_of_total',
  messages: MESSAGES,
  agent: 'sql',
  prompt: {
    planner:
      "the share of the metric's total for the window that each value of `dimension` takes (a query grouped by `dimension`; shares of overlapping groups may add up to more than 100%)",
  },
  dimensions: (op) => [op.dimension],

  deriveFromRows: (op, rows) => shareOfTotal(rows, op.query.group_by, op.dimension),
  totalsWithout: (op) => op.dimension,

  validation: {
    columns: (op) => [op.dimension, 'value', 'share'],
    logic(op, result) {
      if (!op.query.group_by.includes(op.dimension)) return `the query is not grouped by ${op.dimension}`;
      if (result.data_summary.kind === 'ratio')
        return "a ratio metric has no share of a total: ask for the share of its numerator's metric";
      if (result.rows.some((r) => r.share === null)) return "the metric's total is zero: no share can be computed";
      return null;
    },
  },

  findings(op, { catalog, language, metric, label, rows, summary: s, w, finding }) {
    const dim = dimensionLabel(catalog, language, op.dimension);
    const shown = rows.slice(0, 10);
    const parts = shown.map(
      (r) => `${valueLabel(catalog, language, op.dimension, keyOf(r[op.dimension]))} ${formatValue(num(r.share), AS_SHARE, language)}`,
    );
    const text = textOf(MESSAGES, language);
    const more = rows.length > shown.length ? text('operation.share_of_total.more-groups') : '';
    const period = catalogText(language, op.query.window.label_en, op.query.window.label_zh);
    const overlap =
      s.groups_overlap === 'yes'
        ? text('operation.share_of_total.overlap', { dimension: dim, sum: formatValue(num(s.share_sum), AS_SHARE, language) })
        : '';
    const total = s.total === null ? '' : text('operation.share_of_total.total', { total: formatValue(num(s.total), metric, language) });
    return {
      findings: finding(
        w.sentences([
          text('operation.share_of_total.finding', { period, dimension: dim, label, total, shares: w.list(parts), more }),
          overlap,
        ]),
        `${rows.length} group(s)`,
      ),
      assumptions: [
        text(s.groups_overlap === 'yes' ? 'operation.share_of_total.assumption.overlap' : 'operation.share_of_total.assumption.exact', {
          label,
          dimension: dim,
        }),
      ],
      memory: [],
    };
  },

  calculations(op, ctx, rows, summary) {
    const { catalog, language, display, named } = ctx;
    const text = textOf(MESSAGES, language);
    const calcs: Calculation[] = [];
    const others = op.query.group_by.filter((g) => g !== op.dimension);
    calcs.push(
      ...make(ctx, 'total', summary.total, {
        display,
        delta: false,
        description: named(ctx.label, text('operation.share_of_total.calc.total')),
        formula: text('operation.share_of_total.calc.total.formula', { column: op.dimension }),
        importance: 'high',
        pick: { field: 'total', match: null },
      }),
    );
    rows.slice(0, 10).forEach((row, i) => {
      const key = [...others, op.dimension].map((g) => keyOf(row[g])).join('/');
      const match = matchOf(row, [...others, op.dimension]);
      const group = valueLabel(catalog, language, op.dimension, keyOf(row[op.dimension]));
      calcs.push(
        ...make(ctx, `${key}.share`, row.share, {
          display: 'percent',
          delta: false,
          description: named(text('operation.share_of_total.calc.share', { group, label: ctx.label })),
          formula: 'value / total',
          importance: ranked(i, 3),
          pick: { field: 'share', match },
        }),
        ...make(ctx, `${key}.value`, row.value, {
          display,
          delta: false,
          description: named(ctx.label, group),
          formula: text('operation.share_of_total.calc.value.formula', { step: ctx.step.step_id, group }),
          importance: ranked(i, 1),
          pick: { field: 'value', match },
        }),
      );
    });
    return calcs;
  },

  chart({ id, title, rows, label, language }) {
    const key = Object.keys(rows[0] ?? {}).find((k) => typeof rows[0]?.[k] === 'string');
    if (!key || !rows.some((r) => typeof r.share === 'number')) return null;
    const values = rows.map((r) => ({ group: label(key, keyOf(r[key])), share: num(r.share) }));
    return {
      id,
      title,
      spec: {
        ...chartBase(title, values),
        mark: 'bar',
        encoding: {
          x: { field: 'group', type: 'nominal', sort: null, title: null },
          y: {
            field: 'share',
            type: 'quantitative',
            title: textOf(MESSAGES, language)('operation.share_of_total.chart.axis'),
            axis: { format: '%' },
          },
        },
      },
    };
  },
};
