/**
 * The standalone question a follow-up is asked as: the resolved reading written out in the message's language with
 * the planner's own words (src/messages/followup.ts), then planned by the rules model to check it reads as resolved
 * (readingDifferences empty, no blocking word). Terms have several names (a value's key, its alias in the other
 * script, a metric's label or alias); the first wording that plans as resolved is the one asked.
 */
import type { Catalog } from '../../catalog/catalog';
import type { DataExtent, DimensionFilter, Language, TimeWindow } from '../../contracts';
import type { ExpectedReading } from '../../contracts/session';
import { readingDifferences } from '../../sessions/reading-differences';
import { textOf } from '../../messages/message';
import { FOLLOWUP_MESSAGES } from '../../messages/followup';
import { classifyIntent, planQuestion, readingOfPlan } from '../rules';
import { previousPeriod } from '../time-window';
import { expectedOf, type State } from './state';

export type Say = ReturnType<typeof textOf<typeof FOLLOWUP_MESSAGES>>;
const CJK = /[\u4e00-\u9fff]/;

/** One way to name the catalog's terms: which name of a metric and of a value to use. */
interface Naming {
  language: Language;
  metricName: (id: string) => string;
  valueName: (dimension: string, value: string) => string;
}

function namings(catalog: Catalog, language: Language): Naming[] {
  const inScript = (names: string[], zh: boolean) => names.find((n) => CJK.test(n) === zh);
  const metricLabel = (id: string) => {
    const m = catalog.metrics[id];
    return (language === 'zh' ? m?.label_zh : m?.label) ?? id;
  };
  const valueIn = (zh: boolean) => (d: string, v: string) => inScript([v, ...(catalog.dimensions[d]?.values[v] ?? [])], zh) ?? v;
  const alias = (id: string) => {
    const m = catalog.metrics[id];
    return inScript(m?.aliases ?? [], language === 'zh') ?? metricLabel(id);
  };
  const zh = language === 'zh';
  return [
    { language, metricName: metricLabel, valueName: valueIn(zh) },
    { language, metricName: metricLabel, valueName: (_d, v) => v },
    { language, metricName: metricLabel, valueName: valueIn(!zh) },
    { language, metricName: alias, valueName: valueIn(zh) },
  ];
}

const label = (w: TimeWindow, language: Language) => (language === 'zh' ? w.label_zh : w.label_en);
/**
 * A window as a why or a comparison names it: "2026年8月至2026年10月" there reads as two months set against each other
 * (why did it change from August to October), so a range is joined with a dash, which reads as one period.
 */
const rangeLabel = (w: TimeWindow, language: Language) => label(w, language).replace(/(\d月)至(\d{4}年)/, '$1–$2');

/**
 * The filters as a question names them: the values kept ("for USA or Canada", "美国和加拿大的"), then those left out
 * ("excluding Rock", "摇滚以外的").
 */
export function filterPhrase(filters: DimensionFilter[], say: Say, valueName: (dimension: string, value: string) => string): string {
  const named = (fs: DimensionFilter[]) =>
    fs.map((f) => f.values.map((v) => valueName(f.dimension, v)).join(say('followup.q.or'))).join(say('followup.q.and'));
  const kept = named(filters.filter((f) => !f.exclude && f.values.length > 0));
  // Each dimension's values left out in a phrase of its own: a list joins the values of one dimension only.
  const out = filters
    .filter((f) => f.exclude && f.values.length > 0)
    .map((f) => say('followup.q.filter-out', { values: named([f]) }))
    .join('');
  return `${kept ? say('followup.q.filter', { values: kept }) : ''}${out}`;
}

/** The reading written as a question, in one naming. */
export function writeQuestion(s: State, catalog: Catalog, naming: Naming): string {
  const { language } = naming;
  const say: Say = textOf(FOLLOWUP_MESSAGES, language);
  const dimName = (d: string) => (language === 'zh' ? catalog.dimensions[d]?.label_zh : catalog.dimensions[d]?.label) ?? d;
  const metrics = s.metrics.map(naming.metricName).join(say('followup.q.and'));
  const filters = filterPhrase(s.filters, say, naming.valueName);
  const period = !s.window
    ? ''
    : s.window.source === 'all_time'
      ? say('followup.q.all-time')
      : say('followup.q.period', { label: (s.kind === 'attribution' || s.kind === 'comparison' ? rangeLabel : label)(s.window, language) });
  const before = s.comparedWith ? rangeLabel(s.comparedWith, language) : '';
  const grain = s.grain ? say(`followup.q.grain.${s.grain}`) : '';
  const rankedDim = s.ranking && s.ranking.by !== s.grain ? s.ranking.by : null;
  const byDims = s.dims.filter((d) => d !== rankedDim).map((d) => say('followup.q.by', { dimension: dimName(d) }));
  if (s.kind === 'attribution') {
    const by = s.dims.map((d) => say('followup.q.why-by', { dimension: dimName(d) })).join('');
    const previous = s.window ? previousPeriod(s.window) : null;
    const againstPrevious = !s.comparedWith || (s.comparedWith.start === previous?.start && s.comparedWith.end === previous.end);
    return againstPrevious
      ? say('followup.q.why', { metrics, filters, period, by })
      : say('followup.q.why-against', { metrics, filters, period, before, by });
  }
  if (s.kind === 'comparison' && s.comparedWith)
    return say('followup.q.compare', { metrics, filters, by: byDims.join(''), period, before });
  if (s.kind === 'trend') return say('followup.q.trend', { metrics, filters, by: byDims.join(''), grain, period });
  if (s.ranking && s.ranking.by === s.grain && s.grain) {
    const unit = say(`followup.q.unit.${s.grain}`);
    return say(s.ranking.order === 'desc' ? 'followup.q.which-top' : 'followup.q.which-bottom', { metrics, filters, period, unit });
  }
  if (s.ranking && rankedDim) {
    const others = [...byDims, grain].join('');
    const top = s.ranking.order === 'desc';
    const params = { metrics, filters, period, n: s.ranking.n, dimension: dimName(rankedDim) };
    if (others) return say(top ? 'followup.q.top-many' : 'followup.q.bottom-many', { ...params, others });
    return say(top ? 'followup.q.top' : 'followup.q.bottom', params);
  }
  return say(s.share ? 'followup.q.share' : 'followup.q.query', { metrics, filters, by: `${byDims.join('')}${grain}`, period });
}

/** Whether two windows are the same period: all of the data is one period whatever dates the extent gives it. */
function sameReading(expected: ExpectedReading, actual: ExpectedReading): boolean {
  const allTime = (w: TimeWindow | null) => (w?.source === 'all_time' ? { ...w, start: '*', end: '*' } : w);
  const e = { ...expected, window: allTime(expected.window) };
  const a = { ...actual, window: allTime(actual.window), statement: '', not_used: [], metric_labels: [] };
  return readingDifferences(e, a).length === 0;
}

/** The reading the rules model gives a question; 'refused' when it asks back or cannot answer; null when a word blocks. */
export function plannedReading(
  question: string,
  catalog: Catalog,
  asOf: string,
  extent: DataExtent | null,
): ExpectedReading | 'refused' | null {
  const intent = classifyIntent(question);
  const plan = planQuestion(question, intent, catalog, asOf, [], extent);
  if (plan.kind === 'needs_clarification' || plan.kind === 'cannot_answer') return 'refused';
  if (plan.kind !== 'plan') return null;
  const { reading, blocking } = readingOfPlan(question, plan.steps, catalog, intent.language, asOf, intent.matched);
  return blocking.length > 0 ? null : reading;
}

/**
 * The first wording of `s` that the rules model plans as `expected`. When the planner itself asks back on the first
 * wording (a period without data, a metric the dimension cannot split), that wording is asked: the run asks back with
 * the planner's reason, never answers. `checked` is false when no wording reads as resolved.
 */
export function composeQuestion(
  s: State,
  catalog: Catalog,
  language: Language,
  asOf: string,
  extent: DataExtent | null,
): { question: string; expected: ExpectedReading; checked: boolean } {
  const expected = expectedOf(s, catalog);
  const tried = [...new Set(namings(catalog, language).map((n) => writeQuestion(s, catalog, n)))];
  const readings = tried.map((question) => ({ question, planned: plannedReading(question, catalog, asOf, extent) }));
  const read = readings.find((r) => r.planned && r.planned !== 'refused' && sameReading(expected, r.planned));
  if (read) return { question: read.question, expected, checked: true };
  return { question: tried[0] as string, expected, checked: readings[0]?.planned === 'refused' };
}
