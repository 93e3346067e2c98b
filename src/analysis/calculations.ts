/**
 * Calculation metadata: every number a step reports, with what it means, how it
 * was computed, which tables and columns it reads, how important it is and where
 * it sits in the step's result, so the validator can recompute it from the source
 * data and the reporter can cite it.
 *
 * Descriptions never contain numbers other than dates: every number in a report
 * must carry a citation, and a description is printed next to its own value.
 */
import type { Catalog } from '../catalog/catalog';
import type { Calculation, Display, Language, PlanStep, Row, StepOutput } from '../contracts';
import { lastDayOf } from '../model/time-window';
import { dimensionLabel, valueLabel } from './findings';

type Summary = StepOutput['data_summary'];
type Importance = Calculation['importance'];

/** Calculations one step may report; beyond this, rows stay in the stored result. */
export const MAX_CALCULATIONS_PER_STEP = 16;

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The tables and columns a set of metrics and dimensions read, from their catalog definitions. */
export function sourcesFor(catalog: Catalog, metrics: string[], dimensions: string[]): Calculation['sources'] {
  const text: string[] = [];
  for (const m of metrics) {
    const def = catalog.metrics[m];
    if (!def) continue;
    text.push(def.expression ?? '', def.numerator ?? '', def.denominator ?? '', def.per ?? '', ...Object.values(def.per_entity), ...def.filters.map((f) => f.sql));
    text.push(catalog.time_fields[def.time_field]?.column ?? '');
    if (!/\b[a-z_]+\.[a-z_]+/i.test([def.expression, def.numerator].join(' '))) text.push(`${def.table}.*`);
  }
  for (const d of dimensions) {
    const def = catalog.dimensions[d];
    if (def) text.push(def.column ?? def.expression ?? '');
  }
  const byTable = new Map<string, Set<string>>();
  for (const match of text.join(' ').matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*|\*)/gi)) {
    const [, table, column] = match;
    if (!table || !column || !(table in catalog.tables)) continue;
    byTable.set(table, (byTable.get(table) ?? new Set()).add(column));
  }
  return [...byTable].map(([table, columns]) => ({ table, columns: [...columns].sort() }));
}

/** How a metric's values are shown. */
export function displayOf(catalog: Catalog, metric: string | undefined): Display {
  return (metric ? catalog.metrics[metric]?.format : undefined) ?? 'number';
}

interface Context {
  step: PlanStep;
  catalog: Catalog;
  language: Language;
  metric: string | undefined;
  label: string;
  sources: Calculation['sources'];
  t: (zh: string, en: string) => string;
}

function make(ctx: Context, id: string, value: unknown, parts: Omit<Calculation, 'id' | 'step_id' | 'value' | 'sources'>): Calculation[] {
  if (!isNumber(value)) return [];
  return [{ id: `${ctx.step.step_id}.${id}`, step_id: ctx.step.step_id, value, sources: ctx.sources, ...parts }];
}

/** Rows the step reads by key: group values joined, for ids and descriptions. */
function rowKey(row: Row, keys: string[]): string {
  return keys.map((k) => String(row[k] ?? '(missing)')).join('/');
}

function rowLabel(ctx: Context, row: Row, keys: string[]): string {
  return keys.map((k) => (k === 'month' ? String(row[k]) : valueLabel(ctx.catalog, ctx.language, k, String(row[k] ?? '')))).join(' · ');
}

/** The key columns of a row as the validator finds it again (pickValue compares with String(), so null is "null" on both sides). */
function matchOf(row: Row, keys: string[]): Record<string, string | number> {
  return Object.fromEntries(keys.map((k) => [k, typeof row[k] === 'number' ? row[k] : String(row[k])]));
}

function scopeText(ctx: Context): string {
  const op = ctx.step.operation;
  if (!('query' in op)) return '';
  return op.query.filters.map((f) => f.values.map((v) => valueLabel(ctx.catalog, ctx.language, f.dimension, v)).join(ctx.t('、', '/'))).join(' ');
}

/** Importance by position: the first `high` rows high, then medium up to 10, low after. */
function ranked(i: number, high: number): Importance {
  return i < high ? 'high' : i < 10 ? 'medium' : 'low';
}

/**
 * The calculations of one step's result. `rows` are all the step's rows (the validator
 * recomputes them all, so any row can be picked), `summary` its data summary.
 */
export function stepCalculations(step: PlanStep, rows: Row[], summary: Summary, catalog: Catalog, language: Language, skewed: string[] = []): Calculation[] {
  const metric = 'query' in step.operation ? step.operation.query.metric : step.metrics[0];
  const def = metric ? catalog.metrics[metric] : undefined;
  const t = (zh: string, en: string) => (language === 'zh' ? zh : en);
  const ctx: Context = { step, catalog, language, metric, label: def ? t(def.label_zh, def.label) : (metric ?? ''), sources: sourcesFor(catalog, step.metrics, step.dimensions), t };
  const display = displayOf(catalog, metric);
  const scope = scopeText(ctx);
  const named = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  const op = step.operation;
  const calcs: Calculation[] = [];
  switch (op.kind) {
    case 'metric': {
      const keys = op.query.group_by;
      // A long monthly series keeps its latest months (the ones a test compares).
      const shown = keys.includes('month') && rows.length > MAX_CALCULATIONS_PER_STEP ? rows.slice(-MAX_CALCULATIONS_PER_STEP) : rows.slice(0, MAX_CALCULATIONS_PER_STEP);
      shown.forEach((row, i) => {
        const key = keys.length > 0 ? rowKey(row, keys) : 'total';
        // The period as dates: a label such as "the last 3 months" would put an uncited number in the text.
        const period = keys.includes('month') ? '' : `${op.query.window.start} – ${lastDayOf(op.query.window.end)}`;
        calcs.push(...make(ctx, `${key}.value`, row.value, {
          display, delta: false,
          description: named(ctx.label, scope, period, keys.length > 0 ? rowLabel(ctx, row, keys) : ''),
          formula: t(`${step.step_id} 的 SQL（目录口径编译），所在行 ${key}，列 value`, `SQL of ${step.step_id} (compiled from the catalog), row ${key}, column value`),
          importance: rows.length <= 2 ? 'high' : ranked(i, 0),
          pick: { field: 'value', match: matchOf(row, keys) },
        }));
      });
      break;
    }
    case 'gap_contribution': {
      const a = valueLabel(catalog, language, op.segment.dimension, String(summary.segment_a));
      const b = valueLabel(catalog, language, op.segment.dimension, String(summary.segment_b));
      calcs.push(
        ...make(ctx, 'value_a', summary.value_a, { display, delta: false, description: named(ctx.label, a), formula: t('分群 a 的加权值', 'weighted value of segment a'), importance: 'high', pick: { field: 'value_a', match: null } }),
        ...make(ctx, 'value_b', summary.value_b, { display, delta: false, description: named(ctx.label, b), formula: t('分群 b 的加权值', 'weighted value of segment b'), importance: 'high', pick: { field: 'value_b', match: null } }),
        ...make(ctx, 'gap', summary.gap, { display, delta: true, description: t(`${ctx.label}差距（${a} − ${b}）`, `${ctx.label} gap (${a} − ${b})`), formula: 'value_a − value_b', importance: 'high', pick: { field: 'gap', match: null } }),
      );
      [...rows].sort((p, q) => Math.abs(num(q.contribution)) - Math.abs(num(p.contribution))).slice(0, 8).forEach((row, i) => {
        calcs.push(...make(ctx, `${String(row[op.across])}.contribution`, row.contribution, {
          display, delta: true, description: t(`${valueLabel(catalog, language, op.across, String(row[op.across]))}对差距的贡献`, `contribution of ${valueLabel(catalog, language, op.across, String(row[op.across]))} to the gap`),
          formula: 'share_a·value_a − share_b·value_b', importance: i < 3 ? 'medium' : 'low', pick: { field: 'contribution', match: { [op.across]: String(row[op.across]) } },
        }));
      });
      break;
    }
    case 'change_decomposition': {
      const dim = dimensionLabel(catalog, language, op.dimension);
      calcs.push(...make(ctx, 'change', summary.change, { display, delta: true, description: t(`${ctx.label}变化（${op.before} → ${op.after}，按${dim}分解）`, `${ctx.label} change (${op.before} → ${op.after}, by ${dim})`), formula: 'value_after − value_before', importance: 'medium', pick: { field: 'change', match: null } }));
      [...rows].sort((p, q) => Math.abs(num(q.total_effect)) - Math.abs(num(p.total_effect))).slice(0, 8).forEach((row, i) => {
        const segment = String(row[op.dimension]);
        calcs.push(...make(ctx, `${segment}.total_effect`, row.total_effect, {
          display, delta: true, description: t(`${dim}=${valueLabel(catalog, language, op.dimension, segment)} 对变化的贡献`, `effect of ${dim}=${valueLabel(catalog, language, op.dimension, segment)} on the change`),
          formula: row.mix_effect !== undefined ? 'mix_effect + rate_effect = (w1−w0)·(v0+v1)/2 + (v1−v0)·(w0+w1)/2' : 'value_after − value_before',
          importance: i < 3 ? 'medium' : 'low', pick: { field: 'total_effect', match: { [op.dimension]: segment } },
        }));
      });
      break;
    }
    case 'rank_contributors': {
      calcs.push(
        ...make(ctx, 'value_before', summary.value_before, { display, delta: false, description: named(ctx.label, t('变化前', 'before')), formula: t('分解所用前一个月的值', 'value in the month before'), importance: 'high', pick: { field: 'value_before', match: null } }),
        ...make(ctx, 'value_after', summary.value_after, { display, delta: false, description: named(ctx.label, t('变化后', 'after')), formula: t('分解所用后一个月的值', 'value in the month after'), importance: 'high', pick: { field: 'value_after', match: null } }),
        ...make(ctx, 'change', summary.change, { display, delta: true, description: t(`${ctx.label}变化`, `${ctx.label} change`), formula: 'value_after − value_before', importance: 'high', pick: { field: 'change', match: null } }),
      );
      rows.forEach((row, i) => {
        const who = `${String(row.dimension)}=${String(row.segment)}`;
        const shown = `${dimensionLabel(catalog, language, String(row.dimension))}=${valueLabel(catalog, language, String(row.dimension), String(row.segment))}`;
        const kind = row.effect_type === 'mix' ? t('结构效应', 'mix effect') : row.effect_type === 'rate' ? t('比率效应', 'rate effect') : t('变化', 'change');
        const match = { dimension: String(row.dimension), segment: String(row.segment), effect_type: String(row.effect_type) };
        calcs.push(
          ...make(ctx, `${who}.${String(row.effect_type)}.effect`, row.effect, { display, delta: true, description: `${shown} ${kind}`, formula: t('按贡献排序的分解效应', 'decomposition effect, ranked'), importance: i === 0 ? 'high' : 'medium', pick: { field: 'effect', match } }),
          ...make(ctx, `${who}.${String(row.effect_type)}.share`, row.share_of_change, { display: 'percent', delta: false, description: t(`${shown} ${kind}占变化的比例`, `${shown} ${kind} as a share of the change`), formula: 'effect / change', importance: i === 0 ? 'high' : 'medium', pick: { field: 'share_of_change', match } }),
        );
      });
      break;
    }
    case 'compare': {
      rows.slice(0, 8).forEach((row, i) => {
        const key = op.key_columns.length > 0 ? rowKey(row, op.key_columns) : `row${i + 1}`;
        const label = rowLabel(ctx, row, op.key_columns);
        const match = matchOf(row, op.key_columns);
        calcs.push(...make(ctx, `${key}.value`, row.value, { display, delta: false, description: named(ctx.label, label), formula: t(`来自 ${op.source}`, `from ${op.source}`), importance: i < 3 ? 'high' : 'medium', pick: { field: 'value', match } }));
        if (i > 0) {
          calcs.push(
            ...make(ctx, `${key}.diff`, row.diff_vs_first, { display, delta: true, description: t(`${label} 与第一行之差`, `${label} minus the first row`), formula: 'value − value(first row)', importance: 'medium', pick: { field: 'diff_vs_first', match } }),
            ...make(ctx, `${key}.pct`, row.pct_vs_first, { display: 'percent', delta: true, description: t(`${label} 相对第一行的变化`, `${label} relative to the first row`), formula: '(value − first) / |first|', importance: 'medium', pick: { field: 'pct_vs_first', match } }),
          );
        }
      });
      break;
    }
    case 'trend': {
      const single = rows.length === 1;
      rows.slice(0, 6).forEach((row) => {
        const series = String(row.series);
        const who = series === 'all' ? '' : series;
        const match = { series };
        calcs.push(
          ...make(ctx, `${series}.first_value`, row.first_value, { display, delta: false, description: named(ctx.label, who, String(row.first_month)), formula: t('序列第一个月的值', 'value of the first month'), importance: single ? 'high' : 'medium', pick: { field: 'first_value', match } }),
          ...make(ctx, `${series}.last_value`, row.last_value, { display, delta: false, description: named(ctx.label, who, String(row.last_month)), formula: t('序列最后一个月的值', 'value of the last month'), importance: single ? 'high' : 'medium', pick: { field: 'last_value', match } }),
          ...make(ctx, `${series}.run_length`, row.run_length, { display: 'integer', delta: false, description: named(ctx.label, who, t('同方向连续变化的月数', 'consecutive month-over-month changes in the latest direction')), formula: t('最近一次环比方向相同的连续次数', 'count of consecutive changes with the latest sign'), importance: single ? 'high' : 'medium', pick: { field: 'run_length', match } }),
          ...make(ctx, `${series}.total_change_pct`, row.total_change_pct, { display: 'percent', delta: true, description: named(ctx.label, who, t('累计变化', 'change over the period')), formula: '(last − first) / |first|', importance: 'medium', pick: { field: 'total_change_pct', match } }),
        );
      });
      break;
    }
    case 'top_n': {
      // Rows are found again by all their text columns (month × region rows repeat either alone).
      const keys = Object.keys(rows[0] ?? {}).filter((k) => typeof rows[0]?.[k] === 'string');
      rows.slice(0, 10).forEach((row, i) => {
        const key = keys.length > 0 ? rowKey(row, keys) : `row${i + 1}`;
        calcs.push(...make(ctx, `${key}.${op.column}`, row[op.column], {
          display, delta: /effect|diff|contribution|change/.test(op.column), description: named(ctx.label, keys.length > 0 ? rowLabel(ctx, row, keys) : '', op.column),
          formula: t(`${op.source} 中按 ${op.column} 排序`, `${op.source} sorted by ${op.column}`), importance: i === 0 ? 'high' : 'medium',
          pick: { field: op.column, match: keys.length > 0 ? matchOf(row, keys) : { [op.column]: Number(row[op.column]) } },
        }));
      });
      break;
    }
  }
  // A planted fault (tests only): the agent reports these values 10% off; the validator must catch it.
  return calcs.map((c) => (skewed.includes(c.id) ? { ...c, value: c.value * 1.1 + (c.value === 0 ? 1 : 0) } : c));
}

/**
 * Which calculations the validator recomputes, by importance:
 *   more than 50: every high and 10 medium; more than 20: every high and 15 medium;
 *   20 or fewer: every high, every medium and 5 low.
 */
export function selectForVerification(calcs: Calculation[]): { selected: Calculation[]; rule: string } {
  const by = (i: Importance) => calcs.filter((c) => c.importance === i);
  const [high, medium, low] = [by('high'), by('medium'), by('low')];
  if (calcs.length > 50) return { selected: [...high, ...medium.slice(0, 10)], rule: `${calcs.length} calculations (> 50): all ${high.length} high + 10 medium` };
  if (calcs.length > 20) return { selected: [...high, ...medium.slice(0, 15)], rule: `${calcs.length} calculations (> 20): all ${high.length} high + 15 medium` };
  return { selected: [...high, ...medium, ...low.slice(0, 5)], rule: `${calcs.length} calculations (≤ 20): all high, all medium + 5 low` };
}

/**
 * Tolerance for a recomputed value: 0.01 relative (1% of the recomputed value, so a rate of 0.05
 * is held to 0.0005 and a sum of millions is not held to a cent); counts must match exactly.
 */
export const TOLERANCE = 0.01;

export function sameNumber(reported: unknown, recomputed: unknown, display?: Calculation['display']): boolean {
  // Numbers arrive as numbers, numeric strings (pg numeric / bigint) or null: compare as finite doubles only.
  const a = typeof reported === 'string' ? Number(reported) : reported;
  const b = typeof recomputed === 'string' ? Number(recomputed) : recomputed;
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return false;
  if (display === 'integer') return Math.round(a) === Math.round(b);
  return Math.abs(a - b) <= TOLERANCE * Math.abs(b) + 1e-12;
}
