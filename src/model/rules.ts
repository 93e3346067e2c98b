/**
 * The offline rules model: a deterministic reading of a question in terms of
 * the metric catalog. It has no canned answers; everything it knows comes from
 * the catalog it is given, so the same question always gets the same plan.
 */
import type { Catalog } from '../catalog/catalog';
import type { DimensionFilter, Intent, IntentOutput, Language, MetricQuery, Plan, PlanStep, StepOperation, TimeWindow } from '../contracts';
import { valueLabel } from '../analysis/findings';
import { catalogFragment, compileMetricQuery } from '../catalog/sql';
import { MAX_PLAN_STEPS } from '../limits';
import { detectLanguage } from './language';
import { defaultTimeWindow, findTimeWindow, monthsBack, previousMonth } from './time-window';

export const OFFLINE_MODEL_NAME = 'offline-rules';

// ------------------------------------------------------------------ intent

/** Keyword rules, first match wins, in this order (attribution before comparison before trend). */
const INTENT_RULES: { intent: Exclude<Intent, 'query'>; pattern: RegExp }[] = [
  { intent: 'attribution', pattern: /为什么|原因|导致|下降|上涨|\bwhy\b|\bcaus(?:e|es|ed|ing)\b|\bdrop(?:s|ped)?\b|\bris(?:e|es|en)\b|\brose\b/i },
  { intent: 'comparison', pattern: /对比|相比|差异|区别|\bcompar(?:e|es|ed|ing|ison)\b|\bversus\b|\bvs\.?(?=\s)/i },
  { intent: 'trend', pattern: /趋势|走势|变化|增长|\btrends?\b|\btrending\b/i },
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
}

function catalogTerms(catalog: Catalog): Term[] {
  const terms: Term[] = [];
  for (const [id, metric] of Object.entries(catalog.metrics)) {
    for (const text of new Set([id, metric.label, metric.label_zh, ...metric.aliases])) terms.push({ text, kind: 'metric', id });
  }
  for (const [id, dim] of Object.entries(catalog.dimensions)) {
    for (const text of new Set([id, dim.label, dim.label_zh, ...dim.aliases])) terms.push({ text, kind: 'dimension', id });
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
  for (const hit of hits.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
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
  /** "top 3", "前三", "lowest 2": how many, which end. */
  topN: { n: number; order: 'asc' | 'desc' } | null;
  /** Words used as a breakdown ("by city") that name no catalog dimension. */
  unknownDimensions: string[];
}

const ASCENDING = /最低|最少|最小|倒数|lowest|smallest|least|bottom|worst/i;
const DESCENDING = /最高|最大|最多|前|top|highest|largest|biggest|most|best|leading/i;
const COUNT_BEFORE = new RegExp(`${N_WORD}\\s*(?:个|名|位)?\\s*$`, 'i');
const RANK_COUNT = new RegExp(`(?:top|前|bottom|倒数)\\s*${N_WORD}`, 'i');

/**
 * "top 3", "前三", "贡献最大的三个品类", "Which 2 regions had the lowest AOV": how many and which end.
 * The count comes right before a dimension name or after top / 前; the direction from words anywhere.
 */
function findTopN(question: string, dimensionStarts: number[]): CatalogReading['topN'] {
  let n: number | null = null;
  for (const at of dimensionStarts) {
    const m = COUNT_BEFORE.exec(question.slice(Math.max(0, at - 12), at));
    if (m?.[1]) {
      n = countWord(m[1]);
      break;
    }
  }
  const ranked = RANK_COUNT.exec(question);
  if (n === null && ranked?.[1]) n = countWord(ranked[1]);
  if (n === null) return null;
  if (ASCENDING.test(question)) return { n, order: 'asc' };
  if (DESCENDING.test(question)) return { n, order: 'desc' };
  return null;
}

export function readQuestion(question: string, catalog: Catalog): CatalogReading {
  const hits = findTerms(question, catalog);
  const metrics: string[] = [];
  const filters: DimensionFilter[] = [];
  const groupBy: string[] = [];
  const mentionedDimensions: string[] = [];
  const topN = findTopN(question, hits.filter((h) => h.kind === 'dimension').map((h) => h.start));
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
      if ((GROUP_WORDS.test(before) || (topN && COUNT_BEFORE.test(before.slice(-12)))) && !groupBy.includes(hit.id)) {
        groupBy.push(hit.id);
      }
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
  return { metrics, filters, groupBy, mentionedDimensions, topN, unknownDimensions };
}

// ------------------------------------------------------------------ planning


function metricList(catalog: Catalog, language: Language): string[] {
  return Object.entries(catalog.metrics).map(([id, m]) => (language === 'zh' ? `${m.label_zh} (${id})` : `${m.label} (${id})`));
}

interface Context {
  catalog: Catalog;
  language: Language;
  reading: CatalogReading;
  window: TimeWindow;
  text: string;
}

const zh = (ctx: Context, chinese: string, english: string) => (ctx.language === 'zh' ? chinese : english);
const labelOf = (ctx: Context, metric: string) => {
  const m = ctx.catalog.metrics[metric];
  return zh(ctx, m?.label_zh ?? metric, m?.label ?? metric);
};
const dimLabel = (ctx: Context, dim: string) => {
  const d = ctx.catalog.dimensions[dim];
  return d ? zh(ctx, d.label_zh, d.label) : zh(ctx, dim === 'month' ? '月份' : dim, dim);
};
const period = (ctx: Context, w: TimeWindow) => zh(ctx, w.label_zh, w.label_en);
/** A dimension value for step descriptions: as answers show it in Chinese; the value itself in English. */
const valueText = (ctx: Context, dimension: string, value: string) =>
  ctx.language === 'zh' ? valueLabel(ctx.catalog, 'zh', dimension, value) : value;
const scopeText = (ctx: Context, filters: DimensionFilter[]) => filters.map((f) => f.values.map((v) => valueText(ctx, f.dimension, v)).join(zh(ctx, '、', '/'))).join(', ');

function query(metric: string, window: TimeWindow, filters: DimensionFilter[], groupBy: string[], extra: Partial<MetricQuery> = {}): MetricQuery {
  return { metric, window, filters, group_by: groupBy, order: null, limit: null, ...extra };
}

function step(id: number, description: string, dependsOn: number[], expected: string, metrics: string[], dimensions: string[], operation: StepOperation): PlanStep {
  return {
    step_id: `s${id}`,
    description,
    depends_on: dependsOn.map((d) => `s${d}`),
    expected_output: expected,
    metrics,
    dimensions: [...new Set(dimensions.filter((d) => d !== 'month'))],
    operation,
  };
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

function planQuery(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  return reading.metrics.map((metric, i) => {
    const top = reading.topN && reading.groupBy.length > 0 ? reading.topN : null;
    const by = reading.groupBy.length > 0 ? zh(ctx, `，按${reading.groupBy.map((d) => dimLabel(ctx, d)).join('、')}`, `, by ${reading.groupBy.join(', ')}`) : '';
    const topText = top ? zh(ctx, `，${top.order === 'desc' ? '最高' : '最低'}的 ${top.n} 个`, `, ${top.order === 'desc' ? 'top' : 'bottom'} ${top.n}`) : '';
    const scope = scopeText(ctx, reading.filters);
    return step(
      i + 1,
      `${labelOf(ctx, metric)} · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}${by}${topText}`,
      [],
      reading.groupBy.length > 0 ? `one row per ${reading.groupBy.join(' × ')}${top ? ` (${top.n} rows)` : ''} with the ${metric} value` : `one row with the ${metric} value for ${ctx.window.label_en}`,
      [metric],
      [...reading.filters.map((f) => f.dimension), ...reading.groupBy],
      { kind: 'metric', query: query(metric, ctx.window, reading.filters, reading.groupBy, top ? { order: top.order, limit: top.n } : {}) },
    );
  });
}

function planTrend(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const steps: PlanStep[] = [];
  reading.metrics.forEach((metric, i) => {
    const groupBy = ['month', ...reading.groupBy];
    const scope = scopeText(ctx, reading.filters);
    const seriesId = 2 * i + 1;
    steps.push(
      step(seriesId, zh(ctx, `${labelOf(ctx, metric)}按月序列 · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}`, `monthly ${labelOf(ctx, metric)} · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}`),
        [], `one row per month${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''} with the ${metric} value`, [metric],
        [...reading.filters.map((f) => f.dimension), ...groupBy], { kind: 'metric', query: query(metric, ctx.window, reading.filters, groupBy) }),
      step(seriesId + 1, zh(ctx, `${labelOf(ctx, metric)}的走势：方向、连续变化月数、拐点`, `${labelOf(ctx, metric)} trend: direction, consecutive months, change points`),
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

  // No segments: compare the period with the one before (month over month).
  const before = previousMonth(ctx.window);
  const both: TimeWindow = { ...ctx.window, start: before.start, label_zh: `${before.label_zh}与${ctx.window.label_zh}`, label_en: `${before.label_en} and ${ctx.window.label_en}` };
  return [
    step(1, zh(ctx, `${labelOf(ctx, metric)} · ${before.label_zh}与${ctx.window.label_zh}${scopeLabel ? ` · ${scopeLabel}` : ''}`, `${labelOf(ctx, metric)} · ${before.label_en} and ${ctx.window.label_en}${scopeLabel ? ` · ${scopeLabel}` : ''}`),
      [], 'one row per month', [metric], scope.map((f) => f.dimension), { kind: 'metric', query: query(metric, both, scope, ['month']) }),
    step(2, zh(ctx, `比较两个月的${labelOf(ctx, metric)}`, `compare ${labelOf(ctx, metric)} between the two months`), [1],
      'the change between the months', [metric], [], { kind: 'compare', source: 's1', key_columns: ['month'] }),
  ];
}

function planAttribution(ctx: Context): PlanStep[] {
  const { reading, catalog } = ctx;
  const metric = reading.metrics[0] as string;
  const def = catalog.metrics[metric];
  const before = previousMonth(ctx.window);
  const both: TimeWindow = { ...ctx.window, start: before.start, label_zh: `${before.label_zh}至${ctx.window.label_zh}`, label_en: `${before.label_en} to ${ctx.window.label_en}` };
  const beforeKey = before.start.slice(0, 7);
  const afterKey = ctx.window.start.slice(0, 7);
  const scope = reading.filters;
  const scopeLabel = scopeText(ctx, scope);
  const fixed = new Set(scope.map((f) => f.dimension));
  const steps: PlanStep[] = [
    step(1, zh(ctx, `${scopeLabel}${labelOf(ctx, metric)}：${before.label_zh} 与 ${ctx.window.label_zh}`, `${labelOf(ctx, metric)}${scopeLabel ? ` in ${scopeLabel}` : ''}: ${before.label_en} vs ${ctx.window.label_en}`),
      [], 'one row per month: the change to explain', [metric], [...fixed], { kind: 'metric', query: query(metric, both, scope, ['month']) }),
  ];
  const dims = (def?.decompose_by ?? []).filter((d) => !fixed.has(d) && reachable(catalog, metric, [d, ...fixed], ctx.window)).slice(0, 3);
  for (const dim of dims) {
    steps.push(step(steps.length + 1, zh(ctx, `按${dimLabel(ctx, dim)}分解变化（结构效应与比率效应）`, `decompose the change by ${dim} (mix and rate effects)`), [1],
      `one row per ${dim} with its effect on the change`, [metric], [dim, ...fixed],
      { kind: 'change_decomposition', query: query(metric, both, scope, ['month', dim]), dimension: dim, before: beforeKey, after: afterKey }));
  }
  if (dims.length > 0) {
    const sources = steps.slice(1).map((s) => Number(s.step_id.slice(1)));
    steps.push(step(steps.length + 1, zh(ctx, '排序贡献最大的因素', 'rank the largest contributors'), sources,
      'contributors ranked by effect in the direction of the change', [metric], dims,
      { kind: 'rank_contributors', sources: sources.map((n) => `s${n}`), n: 5 }));
  }
  for (const related of def?.related_metrics ?? []) {
    if (steps.length >= MAX_PLAN_STEPS) break;
    const relatedScope = scope.filter((f) => reachable(catalog, related, [f.dimension], ctx.window));
    steps.push(step(steps.length + 1, zh(ctx, `相关指标${labelOf(ctx, related)}：${before.label_zh} 与 ${ctx.window.label_zh}`, `related metric ${labelOf(ctx, related)}: ${before.label_en} vs ${ctx.window.label_en}`), [],
      'one row per month for the related metric', [related], relatedScope.map((f) => f.dimension),
      { kind: 'metric', query: query(related, both, relatedScope, ['month']) }));
  }
  return steps;
}

/** Default period by intent: trends look at the last 6 full months, the rest at the last full month. */
function chooseWindow(intent: Intent, text: string, asOf: string, language: Language, assumptions: string[]): TimeWindow {
  const found = findTimeWindow(text, asOf);
  const wantsSeries = intent === 'trend' || (intent === 'comparison' && /变化|走势|趋势|change|over time/i.test(text));
  if (wantsSeries) {
    if (found && found.start.slice(0, 7) !== found.end.slice(0, 7) && monthsBetween(found) >= 2) return found;
    const end = found ?? defaultTimeWindow(asOf);
    const series = monthsBack(end, 6);
    // Spelled out: numbers in report text are citations, and this one is a setting, not a finding.
    assumptions.push(language === 'zh' ? `按最近六个完整月（${series.label_zh}）观察变化` : `looked at the six full months ${series.label_en}`);
    return series;
  }
  if (found) {
    if (intent === 'attribution' && monthsBetween(found) !== 1) {
      const month = defaultTimeWindow(found.end);
      assumptions.push(language === 'zh' ? `归因按月进行，使用${month.label_zh}` : `attribution works month by month; used ${month.label_en}`);
      return month;
    }
    return found;
  }
  const window = defaultTimeWindow(asOf);
  assumptions.push(language === 'zh' ? `问题未给出时间范围，按最近一个完整月（${window.label_zh}）计算` : `no period given; used the last full month (${window.label_en})`);
  return window;
}

function monthsBetween(w: TimeWindow): number {
  const [y0, m0] = w.start.split('-').map(Number) as [number, number];
  const [y1, m1] = w.end.split('-').map(Number) as [number, number];
  const d1 = Number(w.end.slice(8, 10));
  return (y1 - y0) * 12 + (m1 - m0) + (d1 > 1 ? 1 : 0);
}

/**
 * The plan for a question, read against the catalog. Reviewer feedback and the
 * reasons earlier plans were rejected are read as part of the question, so
 * "only 华东" or "use March 2026" change the plan.
 */
export function planQuestion(question: string, intent: IntentOutput, catalog: Catalog, asOf: string, feedback: string[] = []): Plan {
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

  const assumptions: string[] = [];
  const window = chooseWindow(intent.intent, text, asOf, language, assumptions);
  const ctx: Context = { catalog, language, reading, window, text };
  const steps =
    intent.intent === 'trend' ? planTrend(ctx)
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
