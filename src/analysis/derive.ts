/**
 * Deterministic computations on step results: gap contributions between two
 * segments, change decompositions (mix and rate effects), rankings, comparisons
 * and trends. Pure functions over rows, shared by the SQL agent (which derives
 * from its own rows) and the compute agent (which derives from dependencies).
 */
import type { ColumnInfo, Row } from '../contracts';

export interface Derived {
  columns: ColumnInfo[];
  rows: Row[];
  summary: Record<string, string | number | null>;
}

const num = (v: Row[string] | undefined): number => (typeof v === 'number' ? v : v === null || v === undefined ? 0 : Number(v));
const str = (v: Row[string] | undefined): string => (v === null || v === undefined ? '(missing)' : String(v));
const col = (name: string, type: string, meaning: string): ColumnInfo => ({ name, type, meaning });

/**
 * Rows of a decomposition query: the groups, and the totals the same statement computed without the decomposed
 * dimension (is_total = true; see compileMetricQuery). Older results carry no totals.
 */
function splitTotals(rows: Row[]): { groups: Row[]; totals: Row[] } {
  return { groups: rows.filter((r) => r.is_total !== true), totals: rows.filter((r) => r.is_total === true) };
}

/**
 * The metric's own value for one period or segment, and whether its groups overlap: a unit (an order, a buyer) in
 * several groups makes the groups' denominators (ratios) or values (additive) add up to more than the total.
 * Without a total row the groups are taken as a partition.
 */
function directValue(groups: Map<string, Share>, total: Row | undefined, ratio: boolean): { value: number; overlap: boolean } {
  const fromGroups = overall(groups, ratio);
  if (!total) return { value: fromGroups, overlap: false };
  const sum = (pick: (s: Share) => number) => [...groups.values()].reduce((a, s) => a + pick(s), 0);
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const overlap = ratio
    ? !near(
        sum((s) => s.denominator),
        num(total.denominator),
      ) ||
      !near(
        sum((s) => s.numerator),
        num(total.numerator),
      )
    : !near(
        sum((s) => s.value),
        num(total.value),
      );
  return { value: num(total.value), overlap };
}

interface Share {
  weight: number;
  value: number;
  numerator: number;
  denominator: number;
}

/** Weight (share of the denominator) and value of each group within one segment; additive metrics use value only. */
function segmentShares(rows: Row[], key: string): Map<string, Share> {
  const ratio = rows.some((r) => r.denominator !== undefined);
  const total = rows.reduce((s, r) => s + (ratio ? num(r.denominator) : 0), 0);
  const out = new Map<string, Share>();
  for (const r of rows) {
    const den = ratio ? num(r.denominator) : 0;
    out.set(str(r[key]), { weight: total > 0 ? den / total : 0, value: num(r.value), numerator: num(r.numerator), denominator: den });
  }
  return out;
}

/** For a ratio: a segment's overall value as the weighted mean of its groups. */
function overall(shares: Map<string, { weight: number; value: number }>, ratio: boolean): number {
  let total = 0;
  for (const s of shares.values()) total += ratio ? s.weight * s.value : s.value;
  return total;
}

/**
 * How much each value of `across` contributes to the gap between two segments, oriented so the gap is
 * positive (a is the higher segment).
 * Ratio metrics: contribution = w_a·v_a − w_b·v_b, split into mix (w_a−w_b)·mean(v) and rate (v_a−v_b)·mean(w);
 * contributions sum exactly to the gap. Additive metrics: contribution = value_a − value_b.
 */
export function gapContribution(rows: Row[], segmentColumn: string, first: string, second: string, across: string): Derived {
  const { groups, totals } = splitTotals(rows);
  const ratio = groups.some((r) => r.denominator !== undefined);
  const sharesOf = (segment: string) =>
    segmentShares(
      groups.filter((r) => str(r[segmentColumn]) === segment),
      across,
    );
  const totalOf = (segment: string) => totals.find((r) => str(r[segmentColumn]) === segment);
  const valueOf = (segment: string) => directValue(sharesOf(segment), totalOf(segment), ratio);
  // Oriented so the gap is positive: a is the segment with the higher value.
  const [a, b] = valueOf(first).value >= valueOf(second).value ? [first, second] : [second, first];
  const sa = sharesOf(a);
  const sb = sharesOf(b);
  const keys = [...new Set([...sa.keys(), ...sb.keys()])];
  const empty = { weight: 0, value: 0, numerator: 0, denominator: 0 };
  const out: Row[] = keys.map((k) => {
    const x = sa.get(k) ?? empty;
    const y = sb.get(k) ?? empty;
    if (!ratio) return { [across]: k, value_a: x.value, value_b: y.value, contribution: x.value - y.value };
    return {
      [across]: k,
      share_a: x.weight,
      value_a: x.value,
      share_b: y.weight,
      value_b: y.value,
      mix_effect: ((x.weight - y.weight) * (x.value + y.value)) / 2,
      rate_effect: ((x.value - y.value) * (x.weight + y.weight)) / 2,
      contribution: x.weight * x.value - y.weight * y.value,
    };
  });
  out.sort((p, q) => num(q.contribution) - num(p.contribution) || str(p[across]).localeCompare(str(q[across])));
  const [va, vb] = [valueOf(a), valueOf(b)];
  const gap = va.value - vb.value;
  // With overlapping groups the contributions explain the gap between the groups' pooled values; the rest is the overlap's.
  const explained = overall(sa, ratio) - overall(sb, ratio);
  return {
    columns: [
      col(across, 'text', `value of ${across}`),
      ...(ratio ? [col('share_a', 'numeric', `share of ${a}'s denominator`)] : []),
      col('value_a', 'numeric', `metric for ${a}`),
      ...(ratio ? [col('share_b', 'numeric', `share of ${b}'s denominator`)] : []),
      col('value_b', 'numeric', `metric for ${b}`),
      ...(ratio
        ? [
            col('mix_effect', 'numeric', 'part of the contribution from different shares'),
            col('rate_effect', 'numeric', 'part of the contribution from different values'),
          ]
        : []),
      col('contribution', 'numeric', `contribution to the gap ${a} − ${b}`),
    ],
    rows: out,
    summary: {
      segment_a: a,
      segment_b: b,
      value_a: va.value,
      value_b: vb.value,
      gap: gap,
      top: out[0] ? str(out[0][across]) : null,
      groups_overlap: va.overlap || vb.overlap ? 'yes' : 'no',
      residual: gap - explained,
    },
  };
}

type Shares = ReturnType<typeof segmentShares>;

/** A decomposition's row per segment: its own change (additive), or its mix and rate effects and their sum (ratio). */
function decompositionRows(dimension: string, keys: string[], s0: Shares, s1: Shares, ratio: boolean, change: number): Row[] {
  const empty = { weight: 0, value: 0, numerator: 0, denominator: 0 };
  return keys.map((k) => {
    const x = s0.get(k) ?? empty;
    const y = s1.get(k) ?? empty;
    if (!ratio) {
      const total = y.value - x.value;
      return {
        [dimension]: k,
        value_before: x.value,
        value_after: y.value,
        total_effect: total,
        share_of_change: change !== 0 ? total / change : null,
      };
    }
    const mix = ((y.weight - x.weight) * (x.value + y.value)) / 2;
    const rate = ((y.value - x.value) * (x.weight + y.weight)) / 2;
    return {
      [dimension]: k,
      weight_before: x.weight,
      weight_after: y.weight,
      value_before: x.value,
      value_after: y.value,
      mix_effect: mix,
      rate_effect: rate,
      total_effect: mix + rate,
    };
  });
}

/** A decomposition's columns: the segment, shares (ratio), values before and after, effects. */
function decompositionColumns(dimension: string, before: string, after: string, ratio: boolean): ColumnInfo[] {
  return [
    col(dimension, 'text', `value of ${dimension}`),
    ...(ratio
      ? [
          col('weight_before', 'numeric', `share of the denominator in ${before}`),
          col('weight_after', 'numeric', `share of the denominator in ${after}`),
        ]
      : []),
    col('value_before', 'numeric', `metric in ${before}`),
    col('value_after', 'numeric', `metric in ${after}`),
    ...(ratio
      ? [
          col('mix_effect', 'numeric', "change from the segment's share moving"),
          col('rate_effect', 'numeric', "change from the segment's own value moving"),
        ]
      : []),
    col('total_effect', 'numeric', "the segment's part of the change"),
    ...(ratio ? [] : [col('share_of_change', 'numeric', 'total_effect / overall change')]),
  ];
}

/**
 * The change of a metric from period `before` to period `after` (keys of `periodColumn`: month, quarter,
 * year or named period), split over the values of `dimension`.
 * Ratio metrics: mix effect (w1−w0)·mean(v) and rate effect (v1−v0)·mean(w) per segment, summing exactly to the change.
 * Additive metrics: each segment's own change.
 */
export function changeDecomposition(rows: Row[], dimension: string, before: string, after: string, periodColumn = 'month'): Derived {
  const { groups, totals } = splitTotals(rows);
  const ratio = groups.some((r) => r.denominator !== undefined);
  const inPeriod = (key: string) => groups.filter((r) => str(r[periodColumn]) === key);
  const totalOf = (key: string) => totals.find((r) => str(r[periodColumn]) === key);
  const [s0, s1] = [segmentShares(inPeriod(before), dimension), segmentShares(inPeriod(after), dimension)];
  const keys = [...new Set([...s0.keys(), ...s1.keys()])].sort();
  // Before and after are the metric itself (queried without the dimension); the effects split the change of the
  // groups' pooled value, which is the same number unless a unit sits in several groups (then the rest is residual).
  const [d0, d1] = [directValue(s0, totalOf(before), ratio), directValue(s1, totalOf(after), ratio)];
  const change = d1.value - d0.value;
  const explained = overall(s1, ratio) - overall(s0, ratio);
  const out = decompositionRows(dimension, keys, s0, s1, ratio, change);
  return {
    columns: decompositionColumns(dimension, before, after, ratio),
    rows: out,
    summary: {
      dimension,
      before,
      after,
      value_before: d0.value,
      value_after: d1.value,
      change: change,
      kind: ratio ? 'ratio' : 'additive',
      groups_overlap: d0.overlap || d1.overlap ? 'yes' : 'no',
      residual: change - explained,
    },
  };
}

/** Effects from several decompositions, ranked by size in the direction of the overall change. */
export function rankContributors(decompositions: { dimension: string; rows: Row[]; summary: Derived['summary'] }[], n: number): Derived {
  const change = num(decompositions[0]?.summary.change);
  const candidates: Row[] = [];
  for (const d of decompositions) {
    for (const r of d.rows) {
      const segment = str(r[d.dimension]);
      if (r.mix_effect !== undefined) {
        candidates.push({ dimension: d.dimension, segment, effect_type: 'mix', effect: num(r.mix_effect) });
        candidates.push({ dimension: d.dimension, segment, effect_type: 'rate', effect: num(r.rate_effect) });
      } else {
        candidates.push({ dimension: d.dimension, segment, effect_type: 'change', effect: num(r.total_effect) });
      }
    }
  }
  const direction = change < 0 ? -1 : 1;
  candidates.sort(
    (p, q) =>
      direction * (num(q.effect) - num(p.effect)) ||
      str(p.dimension).localeCompare(str(q.dimension)) ||
      str(p.segment).localeCompare(str(q.segment)),
  );
  const rows: Row[] = candidates
    .slice(0, n)
    .map((c, i) => ({ rank: i + 1, ...c, share_of_change: change !== 0 ? num(c.effect) / change : null }));
  const top = rows[0];
  return {
    columns: [
      col('rank', 'integer', 'rank by effect in the direction of the change'),
      col('dimension', 'text', 'the dimension the effect was found along'),
      col('segment', 'text', 'the segment'),
      col('effect_type', 'text', 'mix (share moved), rate (own value moved) or change (additive)'),
      col('effect', 'numeric', 'contribution to the change'),
      col('share_of_change', 'numeric', 'effect / overall change'),
    ],
    rows,
    summary: {
      change: change,
      value_before: decompositions[0]?.summary.value_before ?? null,
      value_after: decompositions[0]?.summary.value_after ?? null,
      top_dimension: top ? str(top.dimension) : null,
      top_segment: top ? str(top.segment) : null,
      top_effect_type: top ? str(top.effect_type) : null,
      top_effect: top ? num(top.effect) : null,
    },
  };
}

export function topN(rows: Row[], columns: ColumnInfo[], column: string, n: number, order: 'asc' | 'desc'): Derived {
  const sorted = [...rows].sort((p, q) => (order === 'desc' ? num(q[column]) - num(p[column]) : num(p[column]) - num(q[column])));
  const picked = sorted.slice(0, n);
  const key = columns.find((c) => c.type === 'text')?.name;
  return { columns, rows: picked, summary: { n: picked.length, by: column, order, first: picked[0] && key ? str(picked[0][key]) : null } };
}

/** Each row against the first row (the earlier period, or the first value asked about). */
export function compare(rows: Row[], keyColumns: string[]): Derived {
  const first = num(rows[0]?.value);
  const label = (r: Row) => keyColumns.map((k) => str(r[k])).join(' / ');
  const out = rows.map((r) => ({
    ...Object.fromEntries(keyColumns.map((k) => [k, r[k] ?? null])),
    value: num(r.value),
    diff_vs_first: num(r.value) - first,
    pct_vs_first: first !== 0 ? (num(r.value) - first) / Math.abs(first) : null,
  }));
  const byValue = [...out].sort((p, q) => num(q.value) - num(p.value));
  const last = out[out.length - 1];
  return {
    columns: [
      ...keyColumns.map((k) => col(k, 'text', k)),
      col('value', 'numeric', 'metric value'),
      col('diff_vs_first', 'numeric', 'difference from the first row'),
      col('pct_vs_first', 'numeric', 'relative difference from the first row'),
    ],
    rows: out,
    summary: {
      first: rows[0] ? label(rows[0]) : null,
      last: last ? label(last) : null,
      highest: byValue[0] ? label(byValue[0]) : null,
      lowest: byValue[byValue.length - 1] ? label(byValue[byValue.length - 1] as Row) : null,
      diff_last_vs_first: last ? num(last.diff_vs_first) : null,
      pct_last_vs_first: last ? (last.pct_vs_first ?? null) : null,
    },
  };
}

/** Direction of the latest change, how many consecutive changes share it, and where the direction flipped. */
export function trend(rows: Row[], keyColumns: string[]): Derived {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = keyColumns.map((k) => str(r[k])).join(' / ');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out: Row[] = [];
  // The series' period column: month, or the grain the series was asked in (its keys sort in time order). The kit
  // imports nothing, so this is SERIES_PERIOD_COLUMNS of src/catalog/time-grain.ts written out.
  const period = ['month', 'quarter', 'year', 'week', 'day', 'period'].find((c) => rows.some((r) => r[c] !== undefined)) ?? 'month';
  for (const [key, series] of groups) {
    const sorted = [...series].sort((p, q) => str(p[period]).localeCompare(str(q[period])));
    const values = sorted.map((r) => num(r.value));
    const signs = values.slice(1).map((v, i) => Math.sign(v - (values[i] as number)));
    const lastSign = signs[signs.length - 1] ?? 0;
    let run = 0;
    for (let i = signs.length - 1; i >= 0 && signs[i] === lastSign && lastSign !== 0; i--) run++;
    const changePoints = signs.flatMap((s, i) => (i > 0 && s !== signs[i - 1] ? [str(sorted[i]?.[period])] : []));
    const firstValue = values[0] ?? 0;
    const lastValue = values[values.length - 1] ?? 0;
    out.push({
      ...Object.fromEntries(keyColumns.map((k) => [k, sorted[0]?.[k] ?? null])),
      series: key || 'all',
      first_month: str(sorted[0]?.[period]),
      last_month: str(sorted[sorted.length - 1]?.[period]),
      first_value: firstValue,
      last_value: lastValue,
      direction: lastSign > 0 ? 'up' : lastSign < 0 ? 'down' : 'flat',
      run_length: run,
      change_points: changePoints.join(','),
      total_change_pct: firstValue !== 0 ? (lastValue - firstValue) / Math.abs(firstValue) : null,
    });
  }
  const only = out.length === 1 ? out[0] : undefined;
  return {
    columns: [
      ...keyColumns.map((k) => col(k, 'text', k)),
      col('series', 'text', 'which series'),
      col('first_month', 'text', 'first month'),
      col('last_month', 'text', 'last month'),
      col('first_value', 'numeric', 'value in the first month'),
      col('last_value', 'numeric', 'value in the last month'),
      col('direction', 'text', 'up, down or flat: the latest month-over-month change'),
      col('run_length', 'integer', 'consecutive month-over-month changes in that direction'),
      col('change_points', 'text', 'months where the direction flipped'),
      col('total_change_pct', 'numeric', 'last vs first, relative'),
    ],
    rows: out,
    summary: only
      ? {
          direction: str(only.direction),
          run_length: num(only.run_length),
          total_change_pct: typeof only.total_change_pct === 'number' ? only.total_change_pct : null,
          change_points: str(only.change_points),
        }
      : {
          series: out.length,
          rising: out.filter((r) => r.direction === 'up').length,
          falling: out.filter((r) => r.direction === 'down').length,
        },
  };
}
