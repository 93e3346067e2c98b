/**
 * The offline rules model: a deterministic reading of a question in terms of
 * the metric catalog. It has no canned answers; everything it knows comes from
 * the catalog it is given, so the same question always gets the same plan.
 */
import type { Catalog } from '../catalog/catalog';
import type { DimensionFilter, Intent, IntentOutput, Language, Plan, PlanStep } from '../contracts';
import { detectLanguage } from './language';
import { defaultTimeWindow, findTimeWindow } from './time-window';

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

export interface CatalogReading {
  metrics: string[];
  filters: DimensionFilter[];
  groupBy: string[];
  /** Words used as a breakdown ("by city") that name no catalog dimension. */
  unknownDimensions: string[];
}

export function readQuestion(question: string, catalog: Catalog): CatalogReading {
  const hits = findTerms(question, catalog);
  const metrics: string[] = [];
  const filters: DimensionFilter[] = [];
  const groupBy: string[] = [];
  for (const hit of hits) {
    if (hit.kind === 'metric' && !metrics.includes(hit.id)) metrics.push(hit.id);
    if (hit.kind === 'value' && hit.value && !filters.some((f) => f.dimension === hit.id && f.value === hit.value)) {
      filters.push({ dimension: hit.id, value: hit.value });
    }
    if (hit.kind === 'dimension' && GROUP_WORDS.test(question.slice(0, hit.start)) && !groupBy.includes(hit.id)) {
      groupBy.push(hit.id);
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
  return { metrics, filters, groupBy, unknownDimensions };
}

// ------------------------------------------------------------------ planning

function metricList(catalog: Catalog, language: Language): string[] {
  return Object.entries(catalog.metrics).map(([id, m]) =>
    language === 'zh' ? `${m.label_zh} (${id})` : `${m.label} (${id})`,
  );
}

/**
 * The plan for a question the catalog can answer with metric lookups: one step
 * per metric asked for, each independent of the others.
 */
export function planQuestion(question: string, intent: IntentOutput, catalog: Catalog, asOf: string): Plan {
  const language = intent.language;
  const reading = readQuestion(question, catalog);
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
  let window = findTimeWindow(question, asOf);
  if (!window) {
    window = defaultTimeWindow(asOf);
    assumptions.push(
      language === 'zh' ? `问题未给出时间范围，按最近一个完整月（${window.label_zh}）计算` : `no period given; used the last full month (${window.label_en})`,
    );
  }
  const period = language === 'zh' ? window.label_zh : window.label_en;

  const steps: PlanStep[] = reading.metrics.slice(0, 6).map((id, i) => {
    const metric = catalog.metrics[id];
    const label = language === 'zh' ? (metric?.label_zh ?? id) : (metric?.label ?? id);
    const scope = reading.filters.map((f) => `${f.dimension}=${f.value}`).join(', ');
    const by = reading.groupBy.length > 0 ? (language === 'zh' ? `，按${reading.groupBy.join('、')}分组` : `, by ${reading.groupBy.join(', ')}`) : '';
    return {
      step_id: `s${i + 1}`,
      description: `${label} · ${period}${scope ? ` · ${scope}` : ''}${by}`,
      depends_on: [],
      expected_output:
        reading.groupBy.length > 0
          ? `one row per ${reading.groupBy.join(' × ')} with the ${metric?.label ?? id} value`
          : `one row with the ${metric?.label ?? id} value for ${window.label_en}`,
      metrics: [id],
      dimensions: [...new Set([...reading.filters.map((f) => f.dimension), ...reading.groupBy])],
      query: { metric: id, window, filters: reading.filters, group_by: reading.groupBy },
    };
  });
  if (reading.metrics.length > 6) {
    assumptions.push(`only the first 6 of ${reading.metrics.length} metrics were planned`);
  }
  return { kind: 'plan', steps, assumptions };
}
