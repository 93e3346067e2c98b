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
import type { Operation } from './operation';
import { chartBase, make, matchOf, num, ranked } from './parts';

/** The share of the metric each value of `dimension` (one of the query's group_by) takes of the metric's total. */
export const ShareOfTotalOperation = z.object({ kind: z.literal('share_of_total'), query: MetricQuery, dimension: z.string() });

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
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
    return { ...Object.fromEntries(groupBy.map((g) => [g, r[g] ?? null])), value: num(r.value), total, share: total !== 0 ? round(num(r.value) / total, 6) : null };
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
      share_sum: single !== undefined && total ? round((sums.get(single) ?? 0) / total, 6) : null,
      groups: out.length,
      groups_overlap: overlap ? 'yes' : 'no',
      top: top ? keyOf(top[dimension]) : null,
      top_share: top && typeof top.share === 'number' ? top.share : null,
    },
  };
}

export const share_of_total: Operation<'share_of_total'> = {
  kind: 'share_of_total',
  agent: 'sql',
  prompt: { planner: 'the share of the metric\'s total for the window that each value of `dimension` takes (a query grouped by `dimension`; shares of overlapping groups may add up to more than 100%)' },
  dimensions: (op) => [op.dimension],

  deriveFromRows: (op, rows) => shareOfTotal(rows, op.query.group_by, op.dimension),
  totalsWithout: (op) => op.dimension,

  validation: {
    columns: (op) => [op.dimension, 'value', 'share'],
    logic(op, result) {
      if (!op.query.group_by.includes(op.dimension)) return `the query is not grouped by ${op.dimension}`;
      if (result.data_summary.kind === 'ratio') return 'a ratio metric has no share of a total: ask for the share of its numerator\'s metric';
      if (result.rows.some((r) => r.share === null)) return 'the metric\'s total is zero: no share can be computed';
      return null;
    },
  },

  findings(op, { catalog, language, metric, label, rows, summary: s, w, finding }) {
    const dim = dimensionLabel(catalog, language, op.dimension);
    const shown = rows.slice(0, 10);
    const parts = shown.map((r) => `${valueLabel(catalog, language, op.dimension, keyOf(r[op.dimension]))} ${formatValue(num(r.share), AS_SHARE, language)}`);
    const more = rows.length > shown.length ? w.t('（其余各组见存储结果）', ' (the other groups are in the stored result)') : '';
    const period = w.t(op.query.window.label_zh, op.query.window.label_en);
    const overlap = s.groups_overlap === 'yes'
      ? w.t(`同一单位可属于多个${dim}，各组占比之和为 ${formatValue(num(s.share_sum), AS_SHARE, language)}，超过 100%。`, `A unit can sit in several ${dim} groups, so the shares add up to ${formatValue(num(s.share_sum), AS_SHARE, language)}, more than 100%.`)
      : '';
    const total = s.total === null ? '' : w.t(`（合计 ${formatValue(num(s.total), metric, language)}）`, ` (of ${formatValue(num(s.total), metric, language)} in all)`);
    return {
      findings: finding(w.sentences([
        w.t(`${period}各${dim}占${label}${total}的比例：${parts.join('、')}${more}。`, `Share of ${label}${total} by ${dim} for ${period}: ${parts.join(', ')}${more}.`),
        overlap,
      ]), `${rows.length} group(s)`),
      assumptions: [s.groups_overlap === 'yes'
        ? w.t(`占比的分母是${label}本身（不按${dim}分组），不是各组之和`, `the shares are of ${label} itself (not grouped by ${dim}), not of the groups' sum`)
        : w.t(`占比的分母是${label}本身（不按${dim}分组），等于各组之和`, `the shares are of ${label} itself (not grouped by ${dim}), which equals the groups' sum`)],
      memory: [],
    };
  },

  calculations(op, ctx, rows, summary) {
    const { catalog, language, t, display, named } = ctx;
    const calcs: Calculation[] = [];
    const others = op.query.group_by.filter((g) => g !== op.dimension);
    calcs.push(...make(ctx, 'total', summary.total, { display, delta: false, description: named(ctx.label, t('合计', 'total')), formula: t(`不按 ${op.dimension} 分组的指标值`, `the metric without ${op.dimension}`), importance: 'high', pick: { field: 'total', match: null } }));
    rows.slice(0, 10).forEach((row, i) => {
      const key = [...others, op.dimension].map((g) => keyOf(row[g])).join('/');
      const match = matchOf(row, [...others, op.dimension]);
      const group = valueLabel(catalog, language, op.dimension, keyOf(row[op.dimension]));
      calcs.push(
        ...make(ctx, `${key}.share`, row.share, { display: 'percent', delta: false, description: named(t(`${group}占${ctx.label}的比例`, `share of ${ctx.label} from ${group}`)), formula: 'value / total', importance: ranked(i, 3), pick: { field: 'share', match } }),
        ...make(ctx, `${key}.value`, row.value, { display, delta: false, description: named(ctx.label, group), formula: t(`${ctx.step.step_id} 的 SQL，${group}`, `SQL of ${ctx.step.step_id}, ${group}`), importance: ranked(i, 1), pick: { field: 'value', match } }),
      );
    });
    return calcs;
  },

  chart({ id, title, rows, label, language }) {
    const key = Object.keys(rows[0] ?? {}).find((k) => typeof rows[0]?.[k] === 'string');
    if (!key || !rows.some((r) => typeof r.share === 'number')) return null;
    const values = rows.map((r) => ({ group: label(key, keyOf(r[key])), share: num(r.share) }));
    return { id, title, spec: { ...chartBase(title, values), mark: 'bar', encoding: { x: { field: 'group', type: 'nominal', sort: null, title: null }, y: { field: 'share', type: 'quantitative', title: language === 'zh' ? '占比' : 'share', axis: { format: '%' } } } } };
  },
};
