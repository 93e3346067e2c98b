/**
 * A follow-up applied to the thread (the rules in docs/follow-ups.md): what the message names
 * replaces that part of the thread's reading (a metric, a period, a filter's values, the breakdown, the ranking)
 * or adds to it ("also", "too", 加上), lifts filters, or turns it into a why; everything else is carried over.
 */
import { countOfThreadRows, restatesPrice } from './restated-measure';
import type { Catalog } from '../../catalog/catalog';
import type { CarriedPart, FollowUpChange } from '../../contracts/session';
import type { TimeWindow } from '../../contracts';
import { filterKey } from '../../contracts/query';
import { makeWindow, monthsBack, previousPeriod, sameWindow, wholeMonths, yearEarlier } from '../time-window';
import type { MessageReading } from './message';
import { backToFigures } from './after-a-why';
import { plannedMetric, type State } from './state';
import { SWAP } from './cues';
import { EACH_APART } from '../rules/each';

export type Refusal = 'nothing' | 'no_breakdown' | 'no_filter' | 'no_period';

export interface Applied {
  state: State;
  changes: FollowUpChange[];
  carried: CarriedPart[];
  lifted: string[];
}

/** How the thread's two periods stand: a year apart, back to back, or any other pair (kept as its offset). */
function comparedFor(thread: State, window: TimeWindow): TimeWindow {
  const { window: w, comparedWith: c } = thread;
  if (w && c && sameWindow(c, yearEarlier(w)) && !sameWindow(c, previousPeriod(w))) return yearEarlier(window);
  return previousPeriod(window);
}

/** The period part: a named period (or two) replaces the thread's, keeping the kind of question. */
function applyPeriod(s: State, thread: State, m: MessageReading, allTime: TimeWindow | null): boolean {
  const sorted = [...m.periods].sort((a, b) => a.window.start.localeCompare(b.window.start));
  const named = sorted[sorted.length - 1]?.window;
  if (m.comparison && !named && s.window) {
    s.comparedWith = m.comparison === 'year_over_year' ? yearEarlier(s.window) : previousPeriod(s.window);
    if (s.kind !== 'attribution') s.kind = 'comparison';
    return true;
  }
  if (!named) {
    if (!m.allTime || !allTime || s.window?.source === 'all_time') return false;
    s.window = allTime;
    s.comparedWith = null;
    if (s.kind === 'comparison') s.kind = 'query';
    return true;
  }
  if (m.versus && s.window && named.start < s.window.start) {
    s.comparedWith = named;
    if (s.kind !== 'attribution') s.kind = 'comparison';
    s.ranking = null;
    return true;
  }
  s.window = named;
  if (sorted.length >= 2) {
    s.comparedWith = sorted[0]?.window ?? null;
    if (s.kind !== 'attribution') s.kind = 'comparison';
  } else if (m.comparison) {
    s.comparedWith = m.comparison === 'year_over_year' ? yearEarlier(named) : previousPeriod(named);
    if (s.kind !== 'attribution') s.kind = 'comparison';
  } else if (s.kind === 'comparison' || s.kind === 'attribution') s.comparedWith = comparedFor(thread, named);
  if (s.kind === 'trend' && wholeMonths(named) < 2 && !/^\d{4}-01-01$/.test(named.start)) s.window = monthsBack(named, 6);
  return true;
}

/**
 * Values named: per dimension, they replace the thread's values ("what about Canada?") or add to them ("too").
 * Values left out ("把 USA 去掉", "without Brazil") leave the thread's kept values but those (every one left out lifts
 * the filter), or join the values it leaves out ("drop Canada too"; "instead" replaces them), or start a filter that leaves them out. A
 * value named with "back" / 加回来 / "too" while the thread leaves it out is put back.
 */
function applyValues(s: State, thread: State, m: MessageReading, lifted: string[]): { added: boolean; replaced: boolean } {
  let added = false;
  let replaced = false;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  // Values put back before those left out of the same dimension ("恢复摇滚，改成刨除拉丁和金属").
  const named = [...m.values].sort((a, b) => Number(a.exclude ?? false) - Number(b.exclude ?? false));
  for (const v of named) {
    // Leaving out every value the thread keeps is lifting its filter ("only the USA", then "drop the US filter").
    const kept = thread.filters.find((f) => f.dimension === v.dimension && !f.exclude);
    // "去掉美国，看其他国家的": the other values, not all of them again.
    if (v.exclude && kept?.values.every((x) => v.values.includes(x)) && m.others) {
      s.filters = s.filters.map((f) =>
        f.dimension === v.dimension ? { dimension: v.dimension, values: [...v.values], exclude: true } : f,
      );
      replaced = true;
      continue;
    }
    if (v.exclude && kept?.values.every((x) => v.values.includes(x))) {
      s.filters = s.filters.filter((f) => f.dimension !== v.dimension);
      if (!lifted.includes(v.dimension)) lifted.push(v.dimension);
      continue;
    }
    const old = s.filters.find((f) => f.dimension === v.dimension);
    // A filter emptied by putting its values back, then given others to leave out in the same message: replaced.
    if (v.exclude && !old && lifted.includes(v.dimension) && thread.filters.some((f) => f.dimension === v.dimension)) {
      lifted.splice(lifted.indexOf(v.dimension), 1);
      s.filters.push({ ...v, values: [...v.values] });
      replaced = true;
      continue;
    }
    const without = (vs: string[]) => {
      if (!old) return;
      old.values = old.values.filter((x) => !vs.includes(x));
      if (old.values.length > 0) return;
      s.filters = s.filters.filter((f) => f !== old);
      lifted.push(v.dimension);
    };
    if (v.exclude && old && !old.exclude) without(v.values);
    // Values left out add up ("excluding the USA", then "drop Canada"), unless the message replaces them ("instead").
    else if (v.exclude && old) old.values = m.instead && !m.restore ? [...v.values] : union(old.values, v.values);
    else if (old?.exclude && (m.restore || m.also)) without(v.values);
    else if (old?.exclude) s.filters = s.filters.map((f) => (f === old ? { dimension: v.dimension, values: [...v.values] } : f));
    else if (old && (m.also || m.restore)) old.values = union(old.values, v.values);
    // A swap among several values ("德国换成法国", "swap Germany for France" of Brazil and Germany): the one named goes.
    else if (old && swapped(m, v.dimension).some((x) => old.values.includes(x)))
      old.values = union(
        old.values.filter((x) => !swapped(m, v.dimension).includes(x)),
        v.values,
      );
    else if (old) old.values = [...v.values];
    else s.filters.push({ ...v, values: [...v.values] });
    if (lifted.includes(v.dimension)) continue;
    if (old && !m.also) replaced = true;
    else added = true;
    // A one-value filter is not also a breakdown ("revenue by country", then "only the USA": one number).
    const now = s.filters.find((f) => f.dimension === v.dimension);
    if (now && !now.exclude && now.values.length === 1) {
      s.dims = s.dims.filter((d) => d !== v.dimension);
      if (s.ranking?.by === v.dimension) s.ranking = null;
    }
    // "Led Zeppelin vs Deep Purple", "摇滚和金属分别呢": values set side by side are the breakdown, in place of the thread's.
    if (now && !now.exclude && v.values.length >= 2 && m.dims.length === 0 && EACH_APART.test(m.text)) {
      s.dims = [v.dimension];
      if (s.ranking && s.ranking.by !== v.dimension) s.ranking = null;
    }
  }
  return { added, replaced };
}

/** The values a message leaves out beside values it keeps of the same dimension: those it swaps out. */
const swapped = (m: MessageReading, dimension: string) => m.reading.excluded.find((e) => e.dimension === dimension)?.values ?? [];

/** Dimensions named: they replace the thread's breakdown (the ranking moves with it), or join it with "also". */
function applyDims(s: State, m: MessageReading, lifted: string[]): boolean {
  // "把 country 换成 genre", "swap country for genre", "genre instead of country": the thread's dimension named goes.
  const incoming = m.dims.filter((d) => !s.dims.includes(d));
  // "All classes again" after "SUVs only", of a breakdown by country: the filter goes, the breakdown stays (unless it
  // asks to split by them: "by all classes", "按所有车型").
  const regrouped = /\b(?:by|per|split|break(?:\s*down)?|each)\b|按|各|分/i.test(m.text);
  const named = s.dims.length > 0 && !regrouped ? m.dims.filter((d) => !lifted.includes(d)) : m.dims;
  const dims = !m.also && (m.instead || SWAP.test(m.text)) && incoming.length > 0 ? incoming : named;
  if (dims.length === 0 || (dims.every((d) => s.dims.includes(d)) && (m.also || dims.length === s.dims.length))) return false;
  // A breakdown by a dimension filtered to one value ("only 华东", then "by region?"): all its values again.
  for (const d of dims) {
    if (!s.filters.some((f) => f.dimension === d && f.values.length === 1 && !f.exclude)) continue;
    s.filters = s.filters.filter((f) => f.dimension !== d);
    lifted.push(d);
  }
  const old = s.dims[0];
  s.dims = m.also ? [...new Set([...s.dims, ...dims])] : dims;
  if (s.ranking && (s.ranking.by === old || !s.dims.includes(s.ranking.by))) s.ranking = { ...s.ranking, by: s.dims[0] as string };
  if (!m.also && s.kind === 'query' && !m.grain) s.grain = null;
  return true;
}

/** A ranking asked for, over the breakdown: n kept or named, the order kept or flipped. */
function applyRanking(s: State, m: MessageReading): boolean | Refusal {
  if (!m.ranking) return false;
  const by = s.dims[0] ?? s.ranking?.by ?? s.grain;
  if (!by) return 'no_breakdown';
  const n = m.ranking.n ?? s.ranking?.n ?? 1;
  const order = m.ranking.order ?? s.ranking?.order ?? 'desc';
  s.ranking = { n, order, by };
  // A ranking asked of a why ranks the figures, not their change.
  if (s.kind === 'attribution') s.comparedWith = null;
  if (s.kind === 'attribution' || s.kind === 'trend') s.kind = 'query';
  return true;
}

const YEAR_AGO = /\blast\s+year\b|\ba\s+year\s+(?:ago|earlier|before)\b|\bprevious\s+year\b|去年|上一年|前一年/i;

/**
 * The period a why's change is measured against when the message names it ("why is it down on 2024?" of 2025): the
 * thread's period stays, compared with the one named; "vs last year" read as the thread's period a year earlier when
 * "last year" is the thread's own. A named period after the thread's is asked back.
 */
function againstOf(thread: State, named: TimeWindow | null, text: string): TimeWindow | 'no_period' | null {
  const w = thread.window;
  if (!named || !w || w.source === 'all_time') return null;
  if (named.end <= w.start) return named;
  if (YEAR_AGO.test(text)) return yearEarlier(w);
  return 'no_period';
}

/** A why: the thread's metric and filters over its period (or the one named) against the period before it. */
function applyWhy(s: State, thread: State, m: MessageReading): boolean | Refusal {
  if (!m.why) return false;
  const named = [...m.periods].sort((a, b) => a.window.start.localeCompare(b.window.start));
  const against = m.versus ? againstOf(thread, named[0]?.window ?? null, m.text) : null;
  if (against === 'no_period') return against;
  const window = against ? thread.window : (named[named.length - 1]?.window ?? thread.window);
  if (!window || window.source === 'all_time') return 'no_period';
  s.kind = 'attribution';
  s.window = makeWindow(window.start, window.end, window.source === 'default' ? 'question' : window.source);
  s.comparedWith = against
    ? against
    : named.length >= 2
      ? (named[0]?.window ?? null)
      : m.comparison === 'year_over_year' ||
          (named.length === 0 && thread.comparedWith && sameWindow(thread.comparedWith, yearEarlier(window)))
        ? yearEarlier(window)
        : previousPeriod(window);
  s.grain = null;
  s.ranking = null;
  if (m.dims.length > 0) s.dims = [...m.dims];
  return true;
}

function applyLift(s: State, m: MessageReading, constraints: string[]): { lifted: string[]; everyMember: boolean } | Refusal {
  const named = m.liftAll ? [...new Set([...s.filters.map((f) => f.dimension), ...constraints])] : m.lifted;
  if (named.length === 0) return { lifted: [], everyMember: false };
  const filtered = named.filter((d) => s.filters.some((f) => f.dimension === d) || constraints.includes(d));
  // "All the cities" of a breakdown by city (named now or before) with no filter on it: every city, not a top n.
  const everyMember = named.filter((d) => !filtered.includes(d) && (m.dims.includes(d) || s.dims.includes(d)));
  const every = everyMember.length > 0 && filtered.length + everyMember.length === named.length;
  if (every && filtered.length === 0) return { lifted: [], everyMember: true };
  const lifted = every ? filtered : named;
  if (filtered.length === 0 && !m.liftAll) return 'no_filter';
  s.filters = s.filters.filter((f) => !lifted.includes(f.dimension));
  return { lifted, everyMember: every };
}

/**
 * Shares asked for ("as a share of the total?", 占比呢), or the amounts again ("the actual amounts", 看金额): a share is
 * each group's part of the total, so it needs a breakdown and is a question of figures, not a comparison or a trend.
 * A why explains the amounts' change: a why that names a share is asked back (the change of a share is not decomposed).
 */
function applyShare(s: State, m: MessageReading): boolean | Refusal {
  if (m.share && m.why) return 'nothing';
  if (s.kind === 'attribution' || (s.share && m.total && s.dims.length === 0)) {
    const had = s.share;
    s.share = false;
    return had && !m.why;
  }
  if (m.amounts && s.share) {
    s.share = false;
    return true;
  }
  if (!m.share || m.amounts || s.share) return false;
  if (s.kind !== 'query' || (s.dims.length === 0 && !s.grain)) return 'nothing';
  s.share = true;
  return true;
}

/** The thread changed by the message; a Refusal when the change has nothing to act on. */
export function applyMessage(
  thread: State,
  m: MessageReading,
  catalog: Catalog,
  constraints: string[],
  allTime: TimeWindow | null,
): Applied | Refusal {
  const s: State = structuredClone(thread);
  const changes: FollowUpChange[] = [];
  backToFigures(s, thread, m);
  const lift = applyLift(s, m, constraints);
  if (typeof lift === 'string') return lift;
  if (lift.lifted.length > 0) changes.push('lift_filter');
  const why = applyWhy(s, thread, m);
  if (typeof why === 'string') return why;
  if (why) changes.push('ask_why');
  const restated = restatesPrice(m.text, m.reading.hits, thread.metrics, catalog);
  const twin = countOfThreadRows(m.text, m.reading.hits, thread.metrics, catalog);
  if (twin) m = { ...m, metrics: [twin] };
  if (m.metrics.length > 0 && !sameList(m.metrics, thread.metrics) && !restated) {
    s.metrics = m.also ? [...new Set([...s.metrics, ...m.metrics])] : [...m.metrics];
    changes.push('replace_metric');
  }
  if (!why && applyPeriod(s, thread, m, allTime)) changes.push('replace_period');
  const values = applyValues(s, thread, m, lift.lifted);
  if (values.replaced) changes.push('replace_filter');
  if (values.added) changes.push('add_filter');
  if (!why && applyDims(s, m, lift.lifted)) changes.push('add_breakdown');
  if (
    !why &&
    m.total &&
    !m.share &&
    // "换成 total revenue", "total sales instead": the metric's name, swapped in; the breakdown stays.
    !m.instead &&
    !SWAP.test(m.text) &&
    m.dims.length === 0 &&
    !m.grain &&
    s.kind !== 'trend' &&
    s.kind !== 'attribution' &&
    (s.dims.length > 0 || s.grain)
  ) {
    s.dims = [];
    s.grain = null;
    s.ranking = null;
    changes.push('add_breakdown');
  }
  if (lift.lifted.length > 0 && !changes.includes('lift_filter')) changes.push('lift_filter');
  if (!why && m.grain && (m.grain.grain !== s.grain || m.grain.ranked) && s.kind !== 'attribution') {
    // A ranking of the old grain's periods ("best quarter?") goes with it: "every month" lists them.
    if (s.ranking && s.ranking.by === s.grain && !m.grain.ranked) s.ranking = null;
    s.grain = m.grain.grain;
    if (m.grain.ranked) s.ranking = { n: m.ranking?.n ?? 1, order: m.ranking?.order ?? 'desc', by: m.grain.grain };
    changes.push(m.grain.ranked ? 'change_ranking' : 'add_breakdown');
  }
  if (!why && m.grainDropped && s.grain && !m.grain) {
    if (s.ranking?.by === s.grain) s.ranking = null;
    s.grain = null;
    if (s.kind === 'trend') s.kind = 'query';
    if (!changes.includes('add_breakdown')) changes.push('add_breakdown');
  }
  if (!why && m.trend && s.kind !== 'trend' && s.kind !== 'comparison') {
    s.kind = 'trend';
    s.grain ??= 'month';
    s.ranking = null;
    if (!changes.includes('add_breakdown')) changes.push('add_breakdown');
  }
  const share = applyShare(s, m);
  if (typeof share === 'string') return share;
  if (share && !changes.includes('replace_metric')) changes.push('replace_metric');
  const ranked = why || m.grain?.ranked ? false : applyRanking(s, m);
  if (typeof ranked === 'string') return ranked;
  // "All the cities, not just a top five", 全部列出来: the ranking goes.
  const unranked = Boolean(thread.ranking) && !m.ranking && (m.allMembers || lift.everyMember);
  if (unranked) s.ranking = null;
  if (ranked || unranked) changes.push('change_ranking');
  if (changes.length === 0) return 'nothing';
  s.metrics = s.metrics.map((m) => coarserTwin(catalog, m, s));
  return { state: s, changes, carried: carriedParts(thread, s, changes), lifted: lift.lifted };
}

/**
 * The metric the user asked for, once nothing needs its finer twin: revenue answered as track revenue while broken
 * down or filtered by genre is revenue again when the genre goes ("不分流派了，看全部的").
 */
function coarserTwin(catalog: Catalog, metric: string, s: State): string {
  const coarse = Object.entries(catalog.metrics).find(([, d]) => d.finer === metric)?.[0];
  if (!coarse) return metric;
  const dims = [...s.dims, ...s.filters.map((f) => f.dimension)];
  return plannedMetric(
    catalog,
    coarse,
    dims,
    s.filters.filter((f) => f.exclude).map((f) => f.dimension),
  ) === coarse
    ? coarse
    : metric;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** What the follow-up kept of the thread, for the answer's first line. */
function carriedParts(thread: State, s: State, changes: FollowUpChange[]): CarriedPart[] {
  const out: CarriedPart[] = [];
  if (!changes.includes('replace_metric')) out.push('metric');
  if (!changes.includes('replace_period') && !changes.includes('ask_why') && s.window) out.push('period');
  if (thread.filters.some((f) => s.filters.some((g) => filterKey(g) === filterKey(f)))) out.push('filter');
  if ((thread.dims.length > 0 || thread.grain) && !changes.includes('add_breakdown') && (s.dims.length > 0 || s.grain))
    out.push('breakdown');
  if (thread.ranking && s.ranking && !changes.includes('change_ranking')) out.push('ranking');
  return out;
}
