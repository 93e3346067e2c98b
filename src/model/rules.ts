/**
 * The offline rules model: a deterministic reading of a question in terms of
 * the metric catalog. It has no canned answers; everything it knows comes from
 * the catalog it is given, so the same question always gets the same plan.
 */
import type { Catalog } from '../catalog/catalog';
import type {
  DataExtent, DimensionFilter, Intent, IntentOutput, Language, MetricQuery, Plan, PlanStep, QuestionReading, StepOperation, TimeFieldExtent, TimeGrain, TimeWindow,
} from '../contracts';
import { dimensionLabel, valueLabel } from '../analysis/findings';
import { say } from '../analysis/wording';
import { catalogFragment, compileMetricQuery, fanOutHandling, FanOutError } from '../catalog/sql';
import { MAX_PLAN_STEPS } from '../settings/limits';
import { detectLanguage } from './language';
import { blockingWords, findGrain, findPeriodComparison, rankingWords, statementOf, wordsNotUsed, type Span } from './reading';
import {
  defaultTimeWindow, lastDayOf, makeWindow, monthsBack, monthsEndingWith, previousMonth, previousPeriod, readPeriods, spanning, wholeMonths, windowOfMonth, yearEarlier,
  type NamedPeriod,
} from './time-window';

export const OFFLINE_MODEL_NAME = 'offline-rules';

// ------------------------------------------------------------------ intent

/** Keyword rules, first match wins, in this order (attribution before comparison before trend). */
const INTENT_RULES: { intent: Exclude<Intent, 'query'>; pattern: RegExp }[] = [
  { intent: 'attribution', pattern: /为什么|原因|导致|下降|上涨|\bwhy\b|\bcaus(?:e|es|ed|ing)\b|\bdrop(?:s|ped)?\b|\bris(?:e|es|en)\b|\brose\b/i },
  { intent: 'comparison', pattern: /对比|相比|差异|区别|同比|环比|\bcompar(?:e|es|ed|ing|ison)\b|\bversus\b|\bvs\.?(?=\s)|\byear[- ]over[- ]year\b|\byoy\b|\b(?:month|quarter|period)[- ]over[- ](?:month|quarter|period)\b/i },
  { intent: 'trend', pattern: /趋势|走势|变化|增长|\btrends?\b|\btrending\b|\bgrowth\b|\bgr[eo]w(?:s|ing|n)?\b|\bover time\b|\bchang(?:e|ed|es|ing)\b/i },
];

export function classifyByKeywords(question: string): { intent: Intent; matched: string } | null {
  for (const rule of INTENT_RULES) {
    const m = rule.pattern.exec(question);
    if (m) return { intent: rule.intent, matched: m[0] };
  }
  return null;
}

/** What the offline model answers when no keyword rule matched: a general query. */
export function classifyIntent(question: string): IntentOutput {
  const language = detectLanguage(question);
  const byRule = classifyByKeywords(question);
  if (byRule) return { intent: byRule.intent, decided_by: 'rules', matched: byRule.matched, model: null, language };
  return { intent: 'query', decided_by: 'model', matched: null, model: OFFLINE_MODEL_NAME, language };
}

// ------------------------------------------------------------------ catalog matching

interface Term {
  text: string;
  kind: 'metric' | 'dimension' | 'value';
  id: string;
  value?: string;
  /** The term is the metric's or dimension's id, not one of its labels or aliases. */
  byId?: boolean;
}

function catalogTerms(catalog: Catalog): Term[] {
  const terms: Term[] = [];
  for (const [id, metric] of Object.entries(catalog.metrics)) {
    const named = [metric.label, metric.label_zh, ...metric.aliases].map((t) => t.toLowerCase());
    for (const text of new Set([id, metric.label, metric.label_zh, ...metric.aliases])) terms.push({ text, kind: 'metric', id, byId: !named.includes(text.toLowerCase()) });
  }
  for (const [id, dim] of Object.entries(catalog.dimensions)) {
    const named = [dim.label, dim.label_zh, ...dim.aliases].map((t) => t.toLowerCase());
    for (const text of new Set([id, dim.label, dim.label_zh, ...dim.aliases])) terms.push({ text, kind: 'dimension', id, byId: !named.includes(text.toLowerCase()) });
    for (const [value, aliases] of Object.entries(dim.values)) {
      for (const text of new Set([value, ...aliases])) terms.push({ text, kind: 'value', id, value });
    }
  }
  return terms;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9_]/i.test(c);

interface Hit extends Term {
  start: number;
  end: number;
}

/** Every catalog term in the question, longest first where they overlap. ASCII terms match whole words only. */
function findTerms(question: string, catalog: Catalog): Hit[] {
  const q = question.toLowerCase();
  const hits: Hit[] = [];
  for (const term of catalogTerms(catalog)) {
    const needle = term.text.toLowerCase();
    for (let at = q.indexOf(needle); at >= 0; at = q.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (/^[\x20-\x7e]+$/.test(needle) && (isWordChar(q[at - 1]) || isWordChar(q[end]))) continue;
      hits.push({ ...term, start: at, end });
    }
  }
  hits.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: Hit[] = [];
  // Longest first; of two as long, a label or alias before a bare id ("customers" the dimension's alias, not the metric's id).
  for (const hit of hits.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || Number(a.byId ?? false) - Number(b.byId ?? false))) {
    if (!kept.some((k) => hit.start < k.end && k.start < hit.end)) kept.push(hit);
  }
  return kept.sort((a, b) => a.start - b.start);
}

const GROUP_WORDS = /(?:按|按照|各|分|每个|每|by|per|across|each)\s*$/i;
const TIME_UNITS = new Set(['month', 'months', 'week', 'weeks', 'day', 'days', 'year', 'quarter', '月', '月份', '周', '天', '日', '年', '季度']);
const EN_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const CN_NUMBERS: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const N_WORD = '(\\d+|[一两二三四五六七八九十]|one|two|three|four|five|six|seven|eight|nine|ten)';

function countWord(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (CN_NUMBERS[word] ?? EN_NUMBERS[word.toLowerCase()] ?? 1);
}

export interface CatalogReading {
  metrics: string[];
  filters: DimensionFilter[];
  groupBy: string[];
  /** Dimensions mentioned by name (not as a value), in order. */
  mentionedDimensions: string[];
  /** "top 3", "前三", "lowest 2", "which country … most": how many, which end. */
  topN: { n: number; order: 'asc' | 'desc' } | null;
  /** Words used as a breakdown ("by city") that name no catalog dimension. */
  unknownDimensions: string[];
  /** A time grain asked for ("by year", "每月"); ranked when the question asks which period ("which month"). */
  grain: { grain: TimeGrain; ranked: boolean } | null;
  /** Year over year or period over period. */
  periodComparison: 'year_over_year' | 'period_over_period' | null;
  /** Every catalog term found, and the spans of the other words the reading understood (grain, ranking, comparison). */
  hits: Hit[];
  spans: { grain: Span | null; ranking: Span[]; comparison: Span | null };
}

const WHICH_BEFORE = /(?:\bwhich|\bwhat|哪一?个?|哪位|哪家|哪种|哪类|哪些|哪几个|哪|(?:最高|最多|最低|最少|最大|最好|最差|最畅销|最受欢迎)的?|\b(?:top|best|worst|highest|lowest|biggest|largest|best[- ]selling|most popular|leading)(?:[- ]selling|[- ]earning|[- ]grossing)?)\s*$/i;
const RANK_COUNT = new RegExp(`(?:\\btop|前|\\bbottom|倒数|\\bbest|\\bworst)\\s*${N_WORD}\\s*(?:个|名|位)?`, 'i');
const COUNT_BEFORE = new RegExp(`${N_WORD}\\s*(?:个|名|位)?\\s*$`, 'i');

/**
 * "top 3", "前三", "贡献最大的三个品类", "Which 2 regions had the lowest AOV", "which genre sells the most":
 * how many and which end. The count comes right before a dimension name or after top / 前; the direction
 * from words anywhere; "which <dimension>" with a superlative and no count is the first one.
 */
function findTopN(question: string, dimensionHits: Hit[], superlatives: ReturnType<typeof rankingWords>): CatalogReading['topN'] {
  let n: number | null = null;
  for (const hit of dimensionHits) {
    const m = COUNT_BEFORE.exec(question.slice(Math.max(0, hit.start - 12), hit.start));
    if (m?.[1]) {
      n = countWord(m[1]);
      break;
    }
  }
  const ranked = RANK_COUNT.exec(question);
  if (n === null && ranked?.[1]) n = countWord(ranked[1]);
  const which = dimensionHits.some((h) => WHICH_BEFORE.test(question.slice(Math.max(0, h.start - 14), h.start)));
  if (n === null && superlatives.length > 0 && which) n = 1;
  if (n === null) return null;
  const order = superlatives.find((s) => s.value === 'asc') ? 'asc' : superlatives.length > 0 || ranked ? 'desc' : null;
  return order ? { n, order } : null;
}

export function readQuestion(question: string, catalog: Catalog): CatalogReading {
  const hits = findTerms(question, catalog);
  const lower = question.toLowerCase();
  const metrics: string[] = [];
  const filters: DimensionFilter[] = [];
  const groupBy: string[] = [];
  const mentionedDimensions: string[] = [];
  const superlatives = rankingWords(lower);
  const dimensionHits = hits.filter((h) => h.kind === 'dimension');
  const topN = findTopN(question, dimensionHits, superlatives);
  const grain = findGrain(lower);
  const comparison = findPeriodComparison(lower);
  for (const hit of hits) {
    if (hit.kind === 'metric' && !metrics.includes(hit.id)) metrics.push(hit.id);
    if (hit.kind === 'value' && hit.value) {
      const filter = filters.find((f) => f.dimension === hit.id);
      if (!filter) filters.push({ dimension: hit.id, values: [hit.value] });
      else if (!filter.values.includes(hit.value)) filter.values.push(hit.value);
    }
    if (hit.kind === 'dimension') {
      if (!mentionedDimensions.includes(hit.id)) mentionedDimensions.push(hit.id);
      const before = question.slice(0, hit.start);
      const grouped = GROUP_WORDS.test(before) || (topN && (COUNT_BEFORE.test(before.slice(-12)) || WHICH_BEFORE.test(before.slice(-14))));
      if (grouped && !groupBy.includes(hit.id)) groupBy.push(hit.id);
    }
  }
  const unknownDimensions: string[] = [];
  const breakdown = /\b(?:by|per) ([a-z_]+)|按(?:照)?([\u4e00-\u9fff]{2,3})/gi;
  for (let m = breakdown.exec(question); m; m = breakdown.exec(question)) {
    const word = (m[1] ?? m[2] ?? '').toLowerCase();
    const at = m.index + m[0].length - word.length;
    const covered = hits.some((h) => h.start <= at && at < h.end);
    if (!covered && !TIME_UNITS.has(word) && ![...TIME_UNITS].some((u) => word.startsWith(u))) unknownDimensions.push(word);
  }
  // The ranking words and their count ("top 3", "前三名") count as understood when the plan ranks.
  const rankSpans: Span[] = superlatives.map((s) => s.span);
  const counted = RANK_COUNT.exec(lower);
  if (counted) rankSpans.push([counted.index, counted.index + counted[0].length]);
  for (const hit of dimensionHits) {
    const m = COUNT_BEFORE.exec(question.slice(Math.max(0, hit.start - 12), hit.start));
    if (m) rankSpans.push([hit.start - m[0].length, hit.start]);
    const which = WHICH_BEFORE.exec(question.slice(Math.max(0, hit.start - 14), hit.start));
    if (which) rankSpans.push([hit.start - which[0].length, hit.start]);
  }
  return {
    metrics, filters, groupBy, mentionedDimensions, topN, unknownDimensions,
    grain: grain?.value ?? null,
    periodComparison: comparison?.value ?? null,
    hits,
    spans: { grain: grain?.span ?? null, ranking: rankSpans, comparison: comparison?.span ?? null },
  };
}

// ------------------------------------------------------------------ planning

function metricList(catalog: Catalog, language: Language): string[] {
  return Object.entries(catalog.metrics).map(([id, m]) => (language === 'zh' ? `${m.label_zh} (${id})` : `${m.label} (${id})`));
}

interface Context {
  catalog: Catalog;
  language: Language;
  reading: CatalogReading;
  /** The period asked about (the later one when two are compared). */
  window: TimeWindow;
  /** The period it is compared with: the one before, the same one a year earlier, or a second named one. */
  compareWith: TimeWindow | null;
  text: string;
}

const zh = (ctx: { language: Language }, chinese: string, english: string) => say(ctx.language)(chinese, english);
const labelOf = (ctx: Context, metric: string) => {
  const m = ctx.catalog.metrics[metric];
  return zh(ctx, m?.label_zh ?? metric, m?.label ?? metric);
};
const GRAIN_LABELS: Record<string, [string, string]> = { year: ['年', 'year'], quarter: ['季度', 'quarter'], month: ['月份', 'month'], week: ['周', 'week'], day: ['日', 'day'], period: ['期间', 'period'] };
const dimLabel = (ctx: Context, dim: string) => {
  const d = ctx.catalog.dimensions[dim];
  const grain = GRAIN_LABELS[dim];
  return d ? zh(ctx, d.label_zh, d.label) : grain ? zh(ctx, grain[0], grain[1]) : dim;
};
const period = (ctx: Context, w: TimeWindow) => zh(ctx, w.label_zh, w.label_en);
/** A dimension value for step descriptions: as answers show it in Chinese; the value itself in English. */
const valueText = (ctx: Context, dimension: string, value: string) =>
  ctx.language === 'zh' ? valueLabel(ctx.catalog, 'zh', dimension, value) : value;
const scopeText = (ctx: Context, filters: DimensionFilter[]) => filters.map((f) => f.values.map((v) => valueText(ctx, f.dimension, v)).join(zh(ctx, '、', '/'))).join(', ');

function query(metric: string, window: TimeWindow, filters: DimensionFilter[], groupBy: string[], extra: Partial<MetricQuery> = {}): MetricQuery {
  return { metric, window, filters, group_by: groupBy, periods: [], order: null, limit: null, ...extra };
}

function step(id: number, description: string, dependsOn: number[], expected: string, metrics: string[], dimensions: string[], operation: StepOperation): PlanStep {
  return {
    step_id: `s${id}`,
    description,
    depends_on: dependsOn.map((d) => `s${d}`),
    expected_output: expected,
    metrics,
    dimensions: [...new Set(dimensions.filter((d) => !(d in GRAIN_LABELS)))],
    operation,
  };
}

/** How a metric grouped or filtered by these dimensions meets a one-to-many join: handled (and how), or refused. */
function fanOutOf(catalog: Catalog, metric: string, dimensions: string[]): ReturnType<typeof fanOutHandling> | FanOutError {
  try {
    return fanOutHandling(catalog, metric, dimensions);
  } catch (err) {
    if (err instanceof FanOutError) return err;
    return null;
  }
}

/** Whether the metric can be filtered or grouped by these dimensions (its tables reach theirs). */
function reachable(catalog: Catalog, metric: string, dimensions: string[], window: TimeWindow): boolean {
  try {
    compileMetricQuery(catalog, query(metric, window, dimensions.map((d) => ({ dimension: d, values: ['x'] })), []));
    return true;
  } catch {
    return false;
  }
}

/** A period's key in results: 2024, 2024-Q3, 2024-H1, 2024-03, 2024-03-15, or start..last day; keys sort in time order. */
export function periodKey(w: TimeWindow): string {
  const months = wholeMonths(w);
  const [y, m] = w.start.split('-').map(Number) as [number, number];
  if (months === 12 && m === 1) return String(y);
  if (months === 6 && (m === 1 || m === 7)) return `${y}-H${m === 1 ? 1 : 2}`;
  if (months === 3 && (m - 1) % 3 === 0) return `${y}-Q${(m - 1) / 3 + 1}`;
  if (months === 1) return w.start.slice(0, 7);
  const last = lastDayOf(w.end);
  return last === w.start ? w.start : `${w.start}..${last}`;
}

/**
 * How two periods are told apart in one query. Neighbours on one grain (two months, two quarters, two years
 * in a row) group by that grain over both; any other pair (March against March a year earlier, two ranges)
 * groups by "period", the two windows named. Keys sort in time order either way: 2025-10, 2025-Q3, 2024.
 */
function twoPeriods(before: TimeWindow, after: TimeWindow): { column: string; keys: [string, string]; query: (metric: string, filters: DimensionFilter[], extra: string[]) => MetricQuery } {
  const [b, a] = [periodKey(before), periodKey(after)];
  const grain = /^\d{4}$/.test(a) ? 'year' : /^\d{4}-Q\d$/.test(a) ? 'quarter' : /^\d{4}-\d{2}$/.test(a) ? 'month' : null;
  const both = spanning(before, after);
  if (grain && before.end === after.start && periodKey(before) !== periodKey(after) && (grain === 'year' ? /^\d{4}$/ : grain === 'quarter' ? /^\d{4}-Q\d$/ : /^\d{4}-\d{2}$/).test(b)) {
    return { column: grain, keys: [b, a], query: (metric, filters, extra) => query(metric, both, filters, [grain, ...extra]) };
  }
  return {
    column: 'period',
    keys: [b, a],
    query: (metric, filters, extra) => query(metric, both, filters, ['period', ...extra], {
      periods: [{ key: b, start: before.start, end: before.end }, { key: a, start: after.start, end: after.end }],
    }),
  };
}

function planQuery(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  if (ctx.compareWith) return planPeriodComparison(ctx);
  const grain = reading.grain;
  return reading.metrics.map((metric, i) => {
    // "Which month was highest": the periods ranked; "top 3 countries": the dimension ranked.
    const top = grain?.ranked
      ? { n: reading.topN?.n ?? 1, order: reading.topN?.order ?? (rankingWords(ctx.text.toLowerCase()).some((w) => w.value === 'asc') ? 'asc' as const : 'desc' as const) }
      : reading.topN && reading.groupBy.length > 0 ? reading.topN : null;
    const groupBy = [...(grain ? [grain.grain] : []), ...reading.groupBy];
    const by = groupBy.length > 0 ? zh(ctx, `，按${groupBy.map((d) => dimLabel(ctx, d)).join('、')}`, `, by ${groupBy.join(', ')}`) : '';
    const topText = top ? zh(ctx, `，${top.order === 'desc' ? '最高' : '最低'}的 ${top.n} 个`, `, ${top.order === 'desc' ? 'top' : 'bottom'} ${top.n}`) : '';
    const scope = scopeText(ctx, reading.filters);
    return step(
      i + 1,
      `${labelOf(ctx, metric)} · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}${by}${topText}`,
      [],
      groupBy.length > 0 ? `one row per ${groupBy.join(' × ')}${top ? ` (${top.n} rows)` : ''} with the ${metric} value` : `one row with the ${metric} value for ${ctx.window.label_en}`,
      [metric],
      [...reading.filters.map((f) => f.dimension), ...groupBy],
      { kind: 'metric', query: query(metric, ctx.window, reading.filters, groupBy, top ? { order: top.order, limit: top.n } : {}) },
    );
  });
}

/** A period against another (year over year, period over period, or two named ones): both values, then the change. */
function planPeriodComparison(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const before = ctx.compareWith as TimeWindow;
  const after = ctx.window;
  const scope = scopeText(ctx, reading.filters);
  const steps: PlanStep[] = [];
  const pair = twoPeriods(before, after);
  for (const metric of reading.metrics.slice(0, Math.floor(MAX_PLAN_STEPS / 2))) {
    const id = steps.length + 1;
    steps.push(
      step(id, zh(ctx, `${labelOf(ctx, metric)}：${before.label_zh} 与 ${after.label_zh}${scope ? ` · ${scope}` : ''}`, `${labelOf(ctx, metric)}: ${before.label_en} and ${after.label_en}${scope ? ` · ${scope}` : ''}`),
        [], `one row per ${pair.column}${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''}`, [metric], [...reading.filters.map((f) => f.dimension), ...reading.groupBy],
        { kind: 'metric', query: pair.query(metric, reading.filters, reading.groupBy) }),
    );
    if (reading.groupBy.length === 0) {
      steps.push(step(id + 1, zh(ctx, `${labelOf(ctx, metric)}的变化：${after.label_zh} 对比 ${before.label_zh}`, `change in ${labelOf(ctx, metric)}: ${after.label_en} against ${before.label_en}`), [id],
        'the change between the two periods', [metric], [], { kind: 'compare', source: `s${id}`, key_columns: [pair.column] }));
    }
  }
  return steps;
}

function planTrend(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const grain = reading.grain?.grain ?? 'month';
  const steps: PlanStep[] = [];
  reading.metrics.forEach((metric, i) => {
    const groupBy = [grain, ...reading.groupBy];
    const scope = scopeText(ctx, reading.filters);
    const seriesId = 2 * i + 1;
    const unit = zh(ctx, { year: '按年', quarter: '按季度', month: '按月', week: '按周', day: '按天' }[grain], { year: 'yearly', quarter: 'quarterly', month: 'monthly', week: 'weekly', day: 'daily' }[grain]);
    steps.push(
      step(seriesId, zh(ctx, `${labelOf(ctx, metric)}${unit}序列 · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}`, `${unit} ${labelOf(ctx, metric)} · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}`),
        [], `one row per ${grain}${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''} with the ${metric} value`, [metric],
        [...reading.filters.map((f) => f.dimension), ...groupBy], { kind: 'metric', query: query(metric, ctx.window, reading.filters, groupBy) }),
      step(seriesId + 1, zh(ctx, `${labelOf(ctx, metric)}的走势：方向、连续变化期数、拐点`, `${labelOf(ctx, metric)} trend: direction, consecutive ${grain}s, change points`),
        [seriesId], 'direction of the latest change, its consecutive run length and change points', [metric], reading.groupBy,
        { kind: 'trend', source: `s${seriesId}`, key_columns: reading.groupBy }),
    );
  });
  return steps;
}

/** Two segments to compare: two values named in the question, or a mentioned two-valued dimension (new vs returning). */
function segments(ctx: Context): { dimension: string; values: [string, string] } | null {
  const named = ctx.reading.filters.find((f) => f.values.length >= 2);
  if (named) return { dimension: named.dimension, values: [named.values[0] as string, named.values[1] as string] };
  for (const dim of ctx.reading.mentionedDimensions) {
    const values = Object.keys(ctx.catalog.dimensions[dim]?.values ?? {});
    if (values.length === 2 && !ctx.reading.groupBy.includes(dim)) return { dimension: dim, values: [values[0] as string, values[1] as string] };
  }
  return null;
}

function planComparison(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const metric = reading.metrics[0] as string;
  const seg = segments(ctx);
  if (ctx.compareWith && !seg) return planPeriodComparison(ctx);
  const scope = reading.filters.filter((f) => f.dimension !== seg?.dimension);
  const scopeLabel = scopeText(ctx, scope);
  const across = reading.groupBy.find((d) => d !== seg?.dimension);
  const changeOverTime = /变化|走势|趋势|change|over time/i.test(ctx.text);

  if (seg) {
    const [a, b] = seg.values;
    const segDim = seg.dimension;
    const [aText, bText] = [valueText(ctx, segDim, a), valueText(ctx, segDim, b)];
    const dimDef = ctx.catalog.dimensions[segDim];
    const segFilter = [...scope, { dimension: segDim, values: [a, b] }];
    const steps: PlanStep[] = [
      step(1, zh(ctx, `划分${aText}与${bText}（${dimDef?.description_zh ?? dimLabel(ctx, segDim)}）· ${period(ctx, ctx.window)}`, `split into ${a} and ${b} (${dimDef?.description ?? segDim}) · ${period(ctx, ctx.window)}`),
        [], `one row per ${segDim} (${a}, ${b}) with its size and ${metric}`, [metric], [segDim, ...scope.map((f) => f.dimension)],
        { kind: 'metric', query: query(metric, ctx.window, segFilter, [segDim]) }),
    ];
    if (changeOverTime) {
      steps.push(step(2, zh(ctx, `各月${aText}与${bText}的${labelOf(ctx, metric)}`, `monthly ${labelOf(ctx, metric)} by ${segDim}`), [1],
        `one row per month and ${segDim}`, [metric], [segDim, ...scope.map((f) => f.dimension)],
        { kind: 'metric', query: query(metric, ctx.window, segFilter, ['month', segDim]) }));
    }
    if (across) {
      const gapId = steps.length + 1;
      steps.push(step(gapId, zh(ctx, `各${dimLabel(ctx, across)}对${aText}与${bText}${labelOf(ctx, metric)}差异的贡献`, `each ${across}'s contribution to the ${labelOf(ctx, metric)} gap between ${a} and ${b}`), [1],
        `one row per ${across} with its contribution to the gap`, [metric], [segDim, across, ...scope.map((f) => f.dimension)],
        { kind: 'gap_contribution', query: query(metric, ctx.window, segFilter, [segDim, across]), segment: { dimension: segDim, a, b }, across }));
      const n = reading.topN?.n ?? 3;
      steps.push(step(gapId + 1, zh(ctx, `贡献最大的 ${n} 个${dimLabel(ctx, across)}`, `the ${n} ${across} values contributing most`), [gapId],
        `${n} rows, largest contribution first`, [metric], [across], { kind: 'top_n', source: `s${gapId}`, column: 'contribution', n, order: 'desc' }));
    } else if (!changeOverTime) {
      steps.push(step(2, zh(ctx, `比较${aText}与${bText}的${labelOf(ctx, metric)}`, `compare ${labelOf(ctx, metric)}: ${a} vs ${b}`), [1],
        'the difference between the segments', [metric], [segDim], { kind: 'compare', source: 's1', key_columns: [segDim] }));
    }
    return steps;
  }

  // No segments: compare the period with the one before: a month with the month before, any longer period
  // (a quarter, a year, a range) with the period of the same length before it.
  if (wholeMonths(ctx.window) !== 1) return planPeriodComparison({ ...ctx, compareWith: previousPeriod(ctx.window) });
  const before = previousMonth(ctx.window);
  const both: TimeWindow = { ...ctx.window, start: before.start, label_zh: `${before.label_zh}与${ctx.window.label_zh}`, label_en: `${before.label_en} and ${ctx.window.label_en}` };
  return [
    step(1, zh(ctx, `${labelOf(ctx, metric)} · ${before.label_zh}与${ctx.window.label_zh}${scopeLabel ? ` · ${scopeLabel}` : ''}`, `${labelOf(ctx, metric)} · ${before.label_en} and ${ctx.window.label_en}${scopeLabel ? ` · ${scopeLabel}` : ''}`),
      [], 'one row per month', [metric], scope.map((f) => f.dimension), { kind: 'metric', query: query(metric, both, scope, ['month']) }),
    step(2, zh(ctx, `比较两个月的${labelOf(ctx, metric)}`, `compare ${labelOf(ctx, metric)} between the two months`), [1],
      'the change between the months', [metric], [], { kind: 'compare', source: 's1', key_columns: ['month'] }),
  ];
}

/**
 * Why a metric changed: the change, its decomposition along the catalog's dimensions, the largest
 * contributors, and related metrics. Month against the month before groups by month; any other pair
 * of periods (two years, two quarters, a year over year) groups by the two named periods.
 */
function planAttribution(ctx: Context): PlanStep[] {
  const { reading, catalog } = ctx;
  const metric = reading.metrics[0] as string;
  const def = catalog.metrics[metric];
  const before = ctx.compareWith ?? previousMonth(ctx.window);
  const after = ctx.window;
  const pair = twoPeriods(before, after);
  const periodColumn = pair.column;
  const series = pair.query;
  const [beforeKey, afterKey] = pair.keys;
  const scope = reading.filters;
  const scopeLabel = scopeText(ctx, scope);
  const fixed = new Set(scope.map((f) => f.dimension));
  const steps: PlanStep[] = [
    step(1, zh(ctx, `${scopeLabel}${labelOf(ctx, metric)}：${before.label_zh} 与 ${after.label_zh}`, `${labelOf(ctx, metric)}${scopeLabel ? ` in ${scopeLabel}` : ''}: ${before.label_en} vs ${after.label_en}`),
      [], `one row per ${periodColumn}: the change to explain`, [metric], [...fixed], { kind: 'metric', query: series(metric, scope, []) }),
  ];
  const dims = (def?.decompose_by ?? []).filter((d) => !fixed.has(d) && reachable(catalog, metric, [d, ...fixed], after)).slice(0, 3);
  for (const dim of dims) {
    steps.push(step(steps.length + 1, zh(ctx, `按${dimLabel(ctx, dim)}分解变化（结构效应与比率效应）`, `decompose the change by ${dim} (mix and rate effects)`), [1],
      `one row per ${dim} with its effect on the change`, [metric], [dim, ...fixed],
      { kind: 'change_decomposition', query: series(metric, scope, [dim]), dimension: dim, before: beforeKey, after: afterKey, period_column: periodColumn }));
  }
  if (dims.length > 0) {
    const sources = steps.slice(1).map((s) => Number(s.step_id.slice(1)));
    steps.push(step(steps.length + 1, zh(ctx, '排序贡献最大的因素', 'rank the largest contributors'), sources,
      'contributors ranked by effect in the direction of the change', [metric], dims,
      { kind: 'rank_contributors', sources: sources.map((n) => `s${n}`), n: 5 }));
  }
  for (const related of def?.related_metrics ?? []) {
    if (steps.length >= MAX_PLAN_STEPS) break;
    const relatedScope = scope.filter((f) => reachable(catalog, related, [f.dimension], after));
    steps.push(step(steps.length + 1, zh(ctx, `相关指标${labelOf(ctx, related)}：${before.label_zh} 与 ${after.label_zh}`, `related metric ${labelOf(ctx, related)}: ${before.label_en} vs ${after.label_en}`), [],
      `one row per ${periodColumn} for the related metric`, [related], relatedScope.map((f) => f.dimension),
      { kind: 'metric', query: series(related, relatedScope, []) }));
  }
  return steps;
}

// ------------------------------------------------------------------ which period

type PeriodChoice = { window: TimeWindow; compareWith: TimeWindow | null } | { clarify: string; suggestion: string };

/** The metric's time field's extent, when the run read it. */
function extentFor(catalog: Catalog, metric: string, extent: DataExtent | null): TimeFieldExtent | null {
  const field = catalog.metrics[metric]?.time_field;
  return (field && extent?.time_fields[field]) || null;
}

const overlaps = (w: TimeWindow, data: TimeFieldExtent) => data.first !== null && data.last !== null && w.start <= data.last && w.end > data.first;

/**
 * The period to answer for. Named periods are used as named (a relative one read against today); with none,
 * the data decides: all of it for a breakdown by period or "all time", else its latest full month (six for a
 * trend). A period that holds no data is never answered: the run asks back, naming where the data is.
 */
function choosePeriod(intent: Intent, text: string, asOf: string, ctx: Pick<Context, 'catalog' | 'language' | 'reading'>, extent: DataExtent | null, assumptions: string[]): PeriodChoice {
  const { reading, language } = ctx;
  const metric = reading.metrics[0] as string;
  const data = extentFor(ctx.catalog, metric, extent);
  const t = say(language);
  const pairAsTwo = intent === 'attribution' || intent === 'comparison' || reading.periodComparison !== null;
  const found = readPeriods(text, asOf, pairAsTwo);
  const { allTime, problem } = found;
  // "with the month before", "与上月相比": the comparison's own words, not a period read against today.
  const comparisonSpan = findPeriodComparison(text.toLowerCase())?.span;
  const periods = comparisonSpan ? found.periods.filter((p) => !p.spans.some(([s, e]) => s < comparisonSpan[1] && comparisonSpan[0] < e)) : found.periods;
  const metricLabel = t(ctx.catalog.metrics[metric]?.label_zh ?? metric, ctx.catalog.metrics[metric]?.label ?? metric);
  const covers = data && data.first && data.last ? t(`数据覆盖 ${data.first} 至 ${data.last}`, `the data covers ${data.first} – ${data.last}`) : '';
  const latest = data?.latest_full_month ? windowOfMonth(data.latest_full_month, 'default') : null;
  const suggestion = latest
    ? t(`请问一个有数据的期间，例如“${latest.label_zh}的${metricLabel}”或“累计${metricLabel}”。`, `Ask about a period the data covers, for example "${metricLabel} in ${latest.label_en}" or "${metricLabel}, all time".`)
    : '';
  if (problem) return { clarify: t(`时间范围有误：${problem}`, `the period is not valid: ${problem}`), suggestion };
  if (data && data.rows === 0) return { clarify: t(`${metricLabel}没有任何数据（${data.column} 为空）`, `there is no ${metricLabel} data at all (${data.column} is empty)`), suggestion: '' };
  const allOfIt = data?.first && data.last ? makeWindow(data.first, lastDayPlusOne(data.last), 'all_time', { zh: '全部时间', en: 'all time' }) : null;
  const wantsSeries = intent === 'trend' || (intent === 'comparison' && /变化|走势|趋势|change|over time/i.test(text) && !reading.periodComparison);

  let window: TimeWindow;
  let compareWith: TimeWindow | null = null;
  const sorted = [...periods].sort((a, b) => a.window.start.localeCompare(b.window.start));
  const named: NamedPeriod | undefined = sorted[sorted.length - 1];
  if (sorted.length >= 2) {
    window = (sorted[sorted.length - 1] as NamedPeriod).window;
    compareWith = (sorted[0] as NamedPeriod).window;
  } else if (named) {
    window = named.window;
    if (wantsSeries && wholeMonths(window) < 2 && named.unit !== 'year') {
      window = monthsBack(window, 6);
      assumptions.push(t(`按截至${named.window.label_zh}的六个完整月（${window.label_zh}）观察变化`, `looked at the six full months ${window.label_en}`));
    }
  } else if (allTime || (reading.grain && intent !== 'trend')) {
    if (!allOfIt) return { window: defaultTimeWindow(asOf), compareWith: null };
    window = allOfIt;
  } else if (!data || !latest) {
    // Nothing known of the data (a run started before the extent was read): the calendar's last full month.
    const fallback = defaultTimeWindow(asOf);
    window = wantsSeries ? monthsBack(fallback, 6) : fallback;
    assumptions.push(wantsSeries
      ? t(`按最近六个完整月（${window.label_zh}）观察变化`, `looked at the six full months ${window.label_en}`)
      : t(`问题未给出时间范围，按最近一个完整月（${window.label_zh}）计算`, `no period given; used the last full month (${window.label_en})`));
  } else if (wantsSeries) {
    window = monthsEndingWith(data.latest_full_month as string, 6, 'default');
    window = { ...window, source: 'default' };
    assumptions.push(t(`问题未给出时间范围，按有数据的最近六个完整月（${window.label_zh}）观察变化`, `no period given; looked at the six latest full months with data (${window.label_en})`));
  } else {
    window = latest;
    assumptions.push(t(`问题未给出时间范围，按有数据的最近一个完整月（${window.label_zh}）计算`, `no period given; used the latest full month with data (${window.label_en})`));
  }
  if (!compareWith && reading.periodComparison === 'year_over_year') compareWith = yearEarlier(window);
  else if (!compareWith && (reading.periodComparison === 'period_over_period' || (intent === 'attribution' && window.source !== 'all_time'))) compareWith = previousPeriod(window);

  if (data) {
    for (const w of [window, ...(compareWith ? [compareWith] : [])]) {
      if (!overlaps(w, data)) {
        return { clarify: t(`${w.label_zh}没有${metricLabel}数据；${covers}`, `there is no ${metricLabel} data in ${w.label_en}; ${covers}`), suggestion };
      }
      // Partly covered: the window reaches past the data's first or last month, or holds a month cut short.
      const months = data.months.map((m) => m.month);
      const firstMonth = months[0] ?? '';
      const lastMonth = months[months.length - 1] ?? '';
      const touched = data.months.filter((m) => m.month >= w.start.slice(0, 7) && m.month <= lastDayOf(w.end).slice(0, 7)).map((m) => m.month);
      if (w.source !== 'all_time' && (w.start.slice(0, 7) < firstMonth || lastDayOf(w.end).slice(0, 7) > lastMonth || touched.some((m) => data.partial_months.includes(m)))) {
        assumptions.push(t(`${w.label_zh}只有部分期间有数据（${covers}）`, `${w.label_en} is only partly covered by the data (${covers})`));
      }
    }
  }
  return { window, compareWith };
}

function addMonths(start: string, n: number): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

function lastDayPlusOne(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

// ------------------------------------------------------------------ how the plan read the question

const isGrain = (g: string): g is TimeGrain => ['year', 'quarter', 'month', 'week', 'day'].includes(g);

/**
 * How a plan (the rules model's or a language model's) reads the question: what it computes, and every
 * word of the question it does not use. `blocking` lists the unused words that name a metric, a dimension,
 * a value, a period, a grain or a ranking: the plan would answer another question than the one asked.
 */
export function readingOfPlan(question: string, steps: PlanStep[], catalog: Catalog, language: Language, asOf: string, matched: string | null): { reading: QuestionReading; blocking: string[] } {
  const r = readQuestion(question, catalog);
  const queries = steps.flatMap((s) => ('query' in s.operation ? [s.operation.query] : []));
  const main = queries[0];
  const usedMetrics = [...new Set(steps.flatMap((s) => s.metrics))];
  const usedDims = new Set([...steps.flatMap((s) => s.dimensions), ...queries.flatMap((q) => [...q.group_by, ...q.filters.map((f) => f.dimension)])]);
  const usedValues = new Set(queries.flatMap((q) => q.filters.flatMap((f) => f.values.map((v) => `${f.dimension}=${v}`))));
  const ranks = steps.some((s) => s.operation.kind === 'top_n' || s.operation.kind === 'rank_contributors') || queries.some((q) => q.order !== null);
  const covered: Span[] = [];
  const blocking: string[] = [];
  const valueCovered = (hit: Hit) => hit.kind === 'dimension' && r.hits.some((v) => v.kind === 'value' && usedValues.has(`${v.id}=${v.value ?? ''}`) && hit.start - v.end >= 0 && hit.start - v.end <= 1);
  for (const hit of r.hits) {
    if (valueCovered(hit)) {
      // "美国客户", "Brazilian customers": the entity named after a value is the filter's own word.
      covered.push([hit.start, hit.end]);
      continue;
    }
    const finer = catalog.metrics[hit.id]?.finer;
    const used = hit.kind === 'metric' ? usedMetrics.includes(hit.id) || (finer !== undefined && usedMetrics.includes(finer)) : hit.kind === 'dimension' ? usedDims.has(hit.id) : usedValues.has(`${hit.id}=${hit.value ?? ''}`);
    if (used) covered.push([hit.start, hit.end]);
    else if (hit.start < question.length) blocking.push(question.slice(hit.start, hit.end));
  }
  const lower = question.toLowerCase();
  const { periods, allTime } = readPeriods(question, asOf, true);
  for (const p of periods) {
    if (queries.some((q) => q.window.start <= p.window.start && q.window.end >= p.window.end)) covered.push(...p.spans);
  }
  if (allTime && queries.some((q) => q.window.source === 'all_time')) covered.push(allTime);
  const grain = findGrain(lower);
  if (grain && queries.some((q) => q.group_by.includes(grain.value.grain))) covered.push(grain.span);
  if (ranks || steps.some((s) => s.operation.kind === 'trend' || s.operation.kind === 'change_decomposition')) covered.push(...r.spans.ranking);
  const comparison = findPeriodComparison(lower);
  if (comparison && (queries.some((q) => q.periods.length >= 2) || steps.some((s) => s.operation.kind === 'compare' || s.operation.kind === 'change_decomposition'))) covered.push(comparison.span);
  if (matched) {
    const at = lower.indexOf(matched.toLowerCase());
    if (at >= 0) covered.push([at, at + matched.length]);
  }
  // Words of change and comparison ("drop", "growth", 下降) are what a trend, a comparison or a decomposition says;
  // a plan of plain totals leaves them unused, and then they block.
  if (steps.some((s) => ['trend', 'compare', 'change_decomposition', 'gap_contribution'].includes(s.operation.kind))) {
    for (const rule of INTENT_RULES) {
      for (const m of lower.matchAll(new RegExp(rule.pattern.source, 'gi'))) covered.push([m.index, m.index + m[0].length]);
    }
  }
  const notUsed = wordsNotUsed(question, covered);
  blocking.push(...blockingWords(notUsed).filter((w) => !blocking.includes(w)));

  // The period, and what it is compared with.
  let window = main?.window ?? null;
  let comparedWith: TimeWindow | null = null;
  if (main && main.periods.length >= 2) {
    const [a, b] = main.periods as [MetricQuery['periods'][number], MetricQuery['periods'][number]];
    comparedWith = makeWindow(a.start, a.end, main.window.source);
    window = makeWindow(b.start, b.end, main.window.source);
  } else if (main && steps.some((s) => s.operation.kind === 'compare' || s.operation.kind === 'change_decomposition')) {
    // Two neighbouring months, quarters or years grouped by their grain: the later one against the earlier.
    const unit = { month: 1, quarter: 3, year: 12 }[main.group_by[0] ?? ''];
    if (unit && wholeMonths(main.window) === 2 * unit) {
      const half = makeWindow(main.window.start, addMonths(main.window.start, unit), main.window.source);
      comparedWith = half;
      window = makeWindow(half.end, main.window.end, main.window.source);
    }
  }
  const rankedQuery = queries.find((q) => q.order !== null && q.limit !== null);
  const topStep = steps.find((s) => s.operation.kind === 'top_n');
  const grainUsed = comparedWith ? null : (main?.group_by.find(isGrain) ?? null);
  const groupBy = (main?.group_by ?? []).filter((g) => g !== 'period' && !(comparedWith && g === 'month'));
  const ranking = rankedQuery
    ? { n: rankedQuery.limit as number, order: rankedQuery.order as 'asc' | 'desc', by: rankedQuery.group_by.find((g) => !isGrain(g)) ?? rankedQuery.group_by[0] ?? '' }
    : topStep && topStep.operation.kind === 'top_n'
      ? { n: topStep.operation.n, order: topStep.operation.order, by: steps.find((s) => s.operation.kind === 'gap_contribution' && 'across' in s.operation)?.dimensions.find((d) => d) ?? topStep.operation.column }
      : null;
  const metrics = usedMetrics.filter((m) => queries.some((q) => q.metric === m && q === queries.find((x) => x.metric === m)));
  const labels = (ids: string[]) => ids.map((m) => (language === 'zh' ? catalog.metrics[m]?.label_zh : catalog.metrics[m]?.label) ?? m);
  const body: Omit<QuestionReading, 'statement'> = {
    metrics: metrics.length > 0 ? [metrics[0] as string, ...metrics.slice(1).filter((m) => r.metrics.includes(m))] : [],
    metric_labels: [],
    window,
    compared_with: comparedWith,
    grain: grainUsed,
    group_by: groupBy,
    filters: main?.filters ?? [],
    ranking,
    not_used: notUsed,
  };
  body.metric_labels = labels(body.metrics);
  const statement = statementOf(body, language, { dimension: (d) => dimensionLabel(catalog, language, d), value: (d, v) => valueLabel(catalog, language, d, v) });
  return { reading: { ...body, statement }, blocking };
}

/**
 * The plan for a question, read against the catalog. Reviewer feedback and the
 * reasons earlier plans were rejected are read as part of the question, so
 * "only 华东" or "use March 2026" change the plan.
 */
export function planQuestion(question: string, intent: IntentOutput, catalog: Catalog, asOf: string, feedback: string[] = [], extent: DataExtent | null = null): Plan {
  const language = intent.language;
  const text = [question, ...feedback].join(' ');
  const reading = readQuestion(text, catalog);
  const available = metricList(catalog, language);

  if (reading.unknownDimensions.length > 0) {
    const dims = Object.entries(catalog.dimensions).map(([id, d]) => (language === 'zh' ? `${d.label_zh} (${id})` : `${d.label} (${id})`));
    return {
      kind: 'cannot_answer',
      reason:
        language === 'zh'
          ? `目录中没有维度“${reading.unknownDimensions.join('、')}”；可用维度：${dims.join('、')}`
          : `the catalog has no dimension "${reading.unknownDimensions.join('", "')}"; it offers: ${dims.join(', ')}`,
      available_metrics: available,
    };
  }
  if (reading.metrics.length === 0) {
    return {
      kind: 'cannot_answer',
      reason:
        language === 'zh'
          ? `问题中没有可识别的指标；目录“${catalog.name}”提供：${available.join('、')}`
          : `no metric in the question matches the catalog "${catalog.name}"; it offers: ${available.join(', ')}`,
      available_metrics: available,
    };
  }
  const t = say(language);
  // A metric that the question's dimensions would multiply (reached through a one-to-many join) is answered by
  // its finer twin when the catalog names one, and refused otherwise.
  const dims = [...reading.groupBy, ...reading.filters.map((f) => f.dimension)];
  const assumptionsFromGrain: string[] = [];
  for (const [i, metric] of reading.metrics.entries()) {
    const fanOut = fanOutOf(catalog, metric, dims);
    if (!fanOut) continue;
    const finer = catalog.metrics[metric]?.finer;
    if (finer && fanOutOf(catalog, finer, dims) === null) {
      reading.metrics[i] = finer;
      const [a, b] = [catalog.metrics[metric], catalog.metrics[finer]];
      assumptionsFromGrain.push(t(`按${dims.map((d) => dimensionLabel(catalog, 'zh', d)).join('、')}时，${a?.label_zh ?? metric}按更细的${b?.label_zh ?? finer}计算（否则一行会被重复计数）`,
        `by ${dims.join(', ')}, ${a?.label ?? metric} is computed as ${b?.label ?? finer} (the finer table), so no row is counted twice`));
      continue;
    }
    if (fanOut instanceof FanOutError) return { kind: 'cannot_answer', reason: fanOut.message, available_metrics: available };
    // Counted once per group it matches: say so, since such groups overlap and add up to more than the total.
    const def = catalog.metrics[metric];
    const table = def?.table ?? metric;
    const byWhat = dims.filter((d) => d in catalog.dimensions);
    if (reading.groupBy.some((d) => d in catalog.dimensions)) {
      const [zhBy, enBy] = [byWhat.map((d) => dimensionLabel(catalog, 'zh', d)).join('、'), byWhat.map((d) => dimensionLabel(catalog, 'en', d)).join(', ')];
      assumptionsFromGrain.push(fanOut.how === 'counted_once'
        ? t(`按${zhBy}时，每条${table}记录在它涉及的每个分组里各计一次（不按明细重复计数）；一条记录可属于多个分组，各组之和可能大于总数`,
          `by ${enBy}, each ${table} row counts once in every group it has lines in (never once per line); a row can belong to several groups, so the groups can add up to more than the total`)
        : t(`按${zhBy}时，${def?.label_zh ?? metric}在其出现的每个分组里各计一次；各组之和可能大于总数`,
          `by ${enBy}, ${def?.label ?? metric} counts each one once in every group it appears in, so the groups can add up to more than the total`));
    } else {
      assumptionsFromGrain.push(t(
        `筛选${byWhat.map((d) => dimensionLabel(catalog, 'zh', d)).join('、')}时，统计至少有一条匹配明细的${table}记录，每条只计一次`,
        `filtered by ${byWhat.map((d) => dimensionLabel(catalog, 'en', d)).join(', ')}, ${def?.label ?? metric} counts each ${table} row with at least one matching line once`,
      ));
    }
  }
  const requested = RANK_COUNT.exec(text) ?? /(?:\btop|前)\s*(-?\d+)/i.exec(text);
  if (requested && reading.topN && (reading.topN.n < 1 || reading.topN.n > 1000 || Number(requested[1]) === 0)) {
    const n = Number(requested[1]);
    const dims = reading.groupBy.map((d) => dimensionLabel(catalog, language, d)).join(t('、', ', ')) || t('一个维度', 'a dimension');
    return {
      kind: 'needs_clarification',
      reason: t(`排名数量 ${n} 无效：应在 1 到 1000 之间`, `a ranking of ${n} is not possible: ask for between 1 and 1000`),
      question: t(`想看${dims}的前几名？例如“前 5 名”。`, `How many ${dims} should the ranking show? For example "top 5".`),
    };
  }

  const assumptions: string[] = [...assumptionsFromGrain];
  const base = { catalog, language, reading };
  const chosen = choosePeriod(intent.intent, text, asOf, base, extent, assumptions);
  if ('clarify' in chosen) {
    return { kind: 'needs_clarification', reason: chosen.clarify, question: chosen.suggestion || t('请换一个有数据的期间再问。', 'Please ask about a period the data covers.') };
  }
  const ctx: Context = { ...base, window: chosen.window, compareWith: chosen.compareWith, text };
  // Two named periods ("2024 vs 2023", "2024年比2023年") are compared whatever the keyword; a why question decomposes the change.
  const steps =
    ctx.compareWith && intent.intent !== 'attribution' && intent.intent !== 'comparison' ? planPeriodComparison(ctx)
    : intent.intent === 'trend' ? planTrend(ctx)
    : intent.intent === 'comparison' ? planComparison(ctx)
    : intent.intent === 'attribution' ? planAttribution(ctx)
    : planQuery(ctx);

  if (steps.length > MAX_PLAN_STEPS) {
    return {
      kind: 'needs_clarification',
      reason: language === 'zh' ? `回答这个问题需要 ${steps.length} 步，超过上限 ${MAX_PLAN_STEPS} 步` : `answering this would take ${steps.length} steps, more than the limit of ${MAX_PLAN_STEPS}`,
      question:
        language === 'zh'
          ? `问题涉及 ${reading.metrics.length} 个指标（${reading.metrics.map((m) => labelOf(ctx, m)).join('、')}），请拆成几个更小的问题，或告诉我最关心哪几个指标。`
          : `The question covers ${reading.metrics.length} metrics (${reading.metrics.join(', ')}). Could you split it into smaller questions, or say which metrics matter most?`,
    };
  }
  const fragments = Object.fromEntries(steps.map((s) => [s.step_id, catalogFragment(catalog, s.metrics, s.dimensions)]));
  return { kind: 'plan', steps, assumptions, fragments };
}
