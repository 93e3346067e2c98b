/**
 * What a message names, read with the planner's own readers: catalog terms (rules/terms.ts readQuestion: metrics,
 * dimensions, values, a ranking's count and direction, a grain, a period comparison), periods (period-text.ts, a
 * relative one against the turn's date, a month without its year in the thread's year), and the conversational cues
 * (cues.ts). The words that none of these account for are `unmapped`: a follow-up naming them is asked back.
 */
import { seasonsOfPeriod } from '../seasons';
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter, Language, TimeGrain, TimeWindow } from '../../contracts';
import { detectLanguage } from '../language';
import { CN_COUNTER, findGrain, findPeriodComparison, rankingWords, wordsNotUsed, type Span } from '../reading';
import { readPeriods, type NamedPeriod } from '../period-text';
import { lemma } from '../words/lemma';
import { breakdownOutside, describedSets, dropInside, examplesAsBreakdown, metricsOutside, NOT_BY, rowWords, spansOf } from './unasked';
import { readQuestion, type CatalogReading } from '../rules/terms';
import { valueOfTwoDimensions } from '../rules/refusals';
import { RANK_COUNT } from '../rules/ranking';
import { liftedDims } from './lifted';
import { addDays, iso, isoMonth, makeWindow, parseDate, shiftedBack, toNumber } from '../time-window';
import { withThreadYear } from './thread-year';
import {
  ALL_MEMBERS,
  ALSO,
  ANYWHERE_CUE,
  FIGURE,
  TOTAL,
  AMOUNTS,
  OTHERS,
  FILLER,
  REPLACED,
  INSTEAD,
  LEADING_CUE,
  LIFT_ALL,
  RESTORE,
  TREND,
  WHY,
  ZH_FILLER,
} from './cues';
import { asksShare, SHARE_WORDS } from '../rules/plan-share';

export interface MessageReading {
  text: string;
  language: Language;
  cue: boolean;
  also: boolean;
  why: boolean;
  /** The message names a figure ("the Q1 figure", 这个数) and no why: the figures, not their change. */
  figure: boolean;
  /** The message asks for the total ("and the total?", 总销售额): with no breakdown named, the groups go. */
  total: boolean;
  /** Each group's part of the total ("as a share?", 占比呢), or the amounts again ("the actual amounts", 看金额). */
  share: boolean;
  amounts: boolean;
  /** The time grain is no longer wanted ("不按月了", "not by month"). */
  grainDropped: boolean;
  /** "去掉美国，看其他国家的", "the other countries": a value left out stays left out, even when the thread kept only it. */
  others: boolean;
  /** Every member of the breakdown, not a top n ("all the cities, not just a top five", 全部列出来). */
  allMembers: boolean;
  trend: boolean;
  /** Metrics the message names (by a term or by its words), not one implied by a ranking alone. */
  metrics: string[];
  /** Dimensions named to break down by. */
  dims: string[];
  /** Values named: kept, or left out (exclude). */
  values: DimensionFilter[];
  /** Replacing the thread's values rather than adding to them ("instead", 换成). */
  instead: boolean;
  /** Putting back what the thread leaves out: "add the US back", "把 US 加回来", "include Canada again". */
  restore: boolean;
  lifted: string[];
  liftAll: boolean;
  periods: NamedPeriod[];
  allTime: boolean;
  grain: { grain: TimeGrain; ranked: boolean } | null;
  ranking: { n: number | null; order: 'asc' | 'desc' | null } | null;
  comparison: 'year_over_year' | 'period_over_period' | null;
  /** The one period named is what the thread's is compared with ("compared with 2022?", a why's "比2024年少了"). */
  versus: boolean;
  unmapped: string[];
  /** A word naming values of two dimensions alike ("only vogel": the species Bird or the vet Dr. Vogel): asked back. */
  twoDimensions: ReturnType<typeof valueOfTwoDimensions>;
  reading: CatalogReading;
}

/**
 * A value named by the first word of its only alias of several words ("southwest" for 西南's "southwest china"): the
 * message with the alias written out, so the planner's own value matching reads it. A word that starts aliases of
 * two values, or is itself a term's whole name, is left as written.
 */
function withValueAliases(text: string, catalog: Catalog): string {
  const firsts = new Map<string, string | null>();
  // A value's whole name, or a dimension's or metric's own ("language" of course language, not of "Language Learning").
  const whole = new Set<string>(
    [...Object.entries(catalog.dimensions), ...Object.entries(catalog.metrics)].flatMap(([id, t]) =>
      [id, t.label, ...t.aliases].map((x) => x.toLowerCase()),
    ),
  );
  for (const d of Object.values(catalog.dimensions)) {
    for (const [v, aliases] of Object.entries(d.values)) {
      for (const a of [v, ...aliases].map((x) => x.toLowerCase())) {
        whole.add(a);
        const m = /^([a-z]{4,})\s+[a-z]/.exec(a);
        if (m?.[1]) firsts.set(m[1], firsts.has(m[1]) && firsts.get(m[1]) !== a ? null : a);
      }
    }
  }
  return text.replace(/\b[a-z]{4,}\b/gi, (w: string, at: number) => {
    const alias = firsts.get(w.toLowerCase());
    // A common word ("same" of "same branch return") names no value by itself.
    if (!alias || whole.has(w.toLowerCase()) || FILLER.has(w.toLowerCase())) return w;
    const rest = text.slice(at).toLowerCase();
    // The first word of a name the text says whole ("booking" of "booking channel") is that name's, not a value's.
    const named = [...whole].some((n) => n.length > w.length && rest.startsWith(n) && /^\W/.test(rest.slice(n.length) || ' '));
    return named || rest.startsWith(alias) ? w : alias;
  });
}

/** "the month before", "the previous year", "前一个月": the thread's period moved back by that unit. */
const BEFORE_THREAD =
  /\b(?:the\s+)?(month|quarter|year|week)\s+before\b(?!\s+last)|\b(?:the\s+)?(?:previous|prior|preceding)\s+(month|quarter|year|week)\b|\ba\s+(year|month|quarter)\s+(?:earlier|before)\b|(?:再往)?前一个?(月|季度|年|周)/i;
const ZH_UNIT: Record<string, string> = { 月: 'month', 季度: 'quarter', 年: 'year', 周: 'week' };

/** "之前那 6 个月", "the three months before", "the previous 6 months": that many months just before the thread's. */
const MONTHS_BEFORE =
  /(?:之前|此前|前面)那?\s*(\d+|[一二两三四五六七八九十]+)\s*个月|\bthe\s+(?:previous|prior|preceding)\s+(\d+|two|three|four|five|six|nine|twelve)\s+months\b|\bthe\s+(\d+|two|three|four|five|six|nine|twelve)\s+months\s+(?:before|earlier|prior)\b/i;

/** A period named against the thread's own ("what about the month before?"), unless it is what a comparison is against. */
function beforeThread(text: string, thread: TimeWindow | null, comparison: Span | null): NamedPeriod | null {
  const n = MONTHS_BEFORE.exec(text);
  const count = n ? toNumber((n[1] ?? n[2] ?? n[3] ?? '').toLowerCase()) : null;
  if (n && count && thread && thread.source !== 'all_time') {
    const start = parseDate(thread.start);
    const window = makeWindow(isoMonth(start.getUTCFullYear(), start.getUTCMonth() - count), thread.start, 'question');
    return { window, relative: true, unit: 'range', spans: [[n.index, n.index + n[0].length]] };
  }
  const m = BEFORE_THREAD.exec(text);
  if (!m || !thread || thread.source === 'all_time') return null;
  const span: Span = [m.index, m.index + m[0].length];
  if (comparison && span[0] < comparison[1] && comparison[0] < span[1]) return null;
  if (/(?:\bfrom|\bthan|\bagainst|\bwith|\bvs\.?|比|与|和|跟|较)\s*$/i.test(text.slice(0, m.index))) return null;
  const word = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? 'month').toLowerCase();
  return { window: shiftedBack(thread, ZH_UNIT[word] ?? word), relative: true, unit: 'range', spans: [span] };
}

/**
 * "In the same quarter last year", "the same for last year", 去年同期, 去年同月: named alone, the thread's period a year
 * back, not a comparison with it.
 */
const SAME_LAST_YEAR =
  /\b(?:the\s+)?same\s+(?:(?:period|month|quarter|week|half|time)\s+(?:of\s+|in\s+)?|for\s+)(?:the\s+)?(?:last|previous|prior|a)\s+year(?:\s+(?:earlier|before))?\b|(?:去年|上年|上一年)的?同(?:期|月|季度?|一个?月|一个?季度)/i;
const COMPARED_BEFORE =
  /(?:\bcompared?\s+(?:to|with)|\bversus|\bvs\.?|\bagainst|\bthan|\bwith|\bto|相比|对比|比|与|和|跟|较)\s*(?:in\s+)?$/i;
function sameTimeLastYear(text: string, thread: TimeWindow | null): NamedPeriod | null {
  const m = SAME_LAST_YEAR.exec(text);
  if (!m || !thread || thread.source === 'all_time' || COMPARED_BEFORE.test(text.slice(0, m.index))) return null;
  if (/compared?|versus|\bvs\b|相比|对比|同比|环比/i.test(text)) return null;
  return { window: shiftedBack(thread, 'year'), relative: true, unit: 'range', spans: [[m.index, m.index + m[0].length]] };
}

/** The words before a period the thread's is compared with ("compared with 2022?", "比2022年"). */
const VERSUS = /(?:\bcompared?\s+(?:to|with)|\bversus|\bvs\.?|\bagainst|相比|对比|比|与|和|跟)\s*(?:the\s+)?$/i;
/** In a why, also "down on 2024", "than in 2022", "from 2023": the period the change is measured against. */
const WHY_AGAINST =
  /(?:\bcompared?\s+(?:to|with)|\bversus|\bvs\.?|\bagainst|\bon|\bthan(?:\s+(?:in|during))?|\bfrom|\bbelow|\babove|\bunder|\bover|\bvis-?[àa]-?vis|\brelative\s+to|相比|对比|比起|比|与|和|跟|较)\s*(?:the\s+)?$/i;

/** A count beside a superlative: "最多的2个", "最高的三个", "the 3 lowest", "lowest 3". */
const COUNT_NEAR_SUPERLATIVE = new RegExp(
  String.raw`(?:最[高多大少低小好差]|最受欢迎)的?\s*(?:前\s*)?(\d+|[一两二三四五六七八九十])\s*${CN_COUNTER}|\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:highest|lowest|biggest|smallest|largest|best|worst|most|least)\b|\b(?:highest|lowest|biggest|smallest|largest|best|worst)\s+(\d+)\b|\bwhich\s+(\d+|two|three|four|five|six|seven|eight|nine|ten)\b(?=[^.?!]*\b(?:most|least|highest|lowest|biggest|best|worst)\b)`,
  'i',
);

/** The last n of a ranking: "最后两名", "后三名", "末尾3个", "the last two" (not "the last 2 months"). */
const LAST_N = new RegExp(
  String.raw`(?:最后|末尾|垫底)的?\s*(\d+|[一两二三四五六七八九十])\s*${CN_COUNTER}?|(?<![前以之然])后\s*(\d+|[一两二三四五六七八九十])\s*${CN_COUNTER}|\b(?:the\s+)?last\s+(\d+|two|three|four|five|six|seven|eight|nine|ten)\b(?!\s*(?:full\s+)?(?:days?|weeks?|months?|quarters?|years?)\b)`,
  'i',
);

/** A ranking asked for: its count (top 5, 前两名, bottom 3) and direction (the lowest, 最少), either may be missing. */
function rankingOf(text: string, r: CatalogReading): MessageReading['ranking'] {
  const lower = text.toLowerCase();
  const words = rankingWords(lower);
  const counted = RANK_COUNT.exec(text) ?? COUNT_NEAR_SUPERLATIVE.exec(text) ?? LAST_N.exec(text);
  const word = counted?.slice(1).find((x) => x !== undefined);
  const n = r.topN?.n ?? (word ? (toNumber(word.toLowerCase()) ?? Number(word)) : null);
  const bottom = /\bbottom\b|倒数/i.test(text) || LAST_N.test(text);
  const order = bottom ? 'asc' : words.length > 0 ? (words.some((w) => w.value === 'asc') ? 'asc' : 'desc') : null;
  if (n === null && order === null) return null;
  return { n: Number.isFinite(n) ? n : null, order };
}

function unmappedWords(text: string, covered: Span[]): string[] {
  const understood = (w: string) => FILLER.has(w) || FILLER.has(lemma(w)) || ZH_FILLER.has(w);
  return wordsNotUsed(text, covered).filter((w) => !understood(w) && !/^\d+$/.test(w) && !/^[a-z]$/.test(w));
}

/** The words that say whose customers a person's are. */
const RELATION =
  /\b(?:looks?|looked|looking)\s+after\b|\b(?:handled|managed|covered|owned|served)\s+by\b|\b(?:handles?|manages?|covers?|owns?|serves?)\b|\b(?:accounts?|book(?:\s+of\s+business)?|portfolio|patch|territory)\b|名下|负责的|管的|手上的|手里的/gi;

const RESTRICT_BEFORE = /(?:\bonly|\bjust|\bexcept|只看|只要|只算|仅看|仅|只)\s*(?:the\s+|for\s+|in\s+)?$/i;
const PEOPLE = /^(?:users?|customers?|clients?|people|shoppers?|用户|客户|顾客)$/i;

/**
 * A term that names both a metric and a dimension's value ("new customers") is the value after "only" / 只看; a word
 * for people ("users") beside a value names whose value it is, not a count of them.
 */
function preferValues(text: string, r: CatalogReading, catalog: Catalog): void {
  for (const hit of r.hits) {
    if (hit.kind !== 'metric') continue;
    const words = text.slice(hit.start, hit.end).toLowerCase();
    const value = Object.entries(catalog.dimensions)
      .flatMap(([d, def]) =>
        Object.entries(def.values).map(([v, aliases]) => ({ d, v, names: [v, ...aliases].map((x) => x.toLowerCase()) })),
      )
      .find((x) => x.names.includes(words));
    // "only the returning customers", "returning customers only", 只看新客.
    if (value && (RESTRICT_BEFORE.test(text.slice(0, hit.start)) || /^\s+only\b/i.test(text.slice(hit.end)))) {
      Object.assign(hit, { kind: 'value', id: value.d, value: value.v });
      const f = r.filters.find((x) => x.dimension === value.d);
      if (f) f.values.push(value.v);
      else r.filters.push({ dimension: value.d, values: [value.v] });
    } else if (!PEOPLE.test(words) || r.filters.length === 0) continue;
    r.metrics = r.metrics.filter((m) => r.hits.some((h) => h !== hit && h.kind === 'metric' && h.id === m));
    if (!value) hit.kind = 'dimension';
  }
}

/**
 * Values left out beside a value put back of the same dimension ("恢复摇滚，改成刨除拉丁和金属", "keep latin, take metal
 * out instead"): the one named is put back, not kept alone, so those left out still are.
 */
function restoredWith(r: CatalogReading): DimensionFilter[] {
  return r.excluded
    .filter((e) => r.filters.some((f) => f.dimension === e.dimension && !f.exclude))
    .map((e) => ({ ...e, values: [...e.values], exclude: true as const }));
}

const overlaps = (a: Span[], b: Span[]) => a.some(([s, e]) => b.some(([s2, e2]) => s < e2 && s2 < e));

/**
 * The periods a message names: read against the turn's date, except one named against the thread's ("the month
 * before", "the previous quarter" of a thread about Q1 2025 is Q4 2024), and whether the one period named is what
 * the thread's is compared with ("compared with 2022?", a why's "比2024年少了").
 */
function periodsOf(text: string, asOf: string, thread: TimeWindow | null, why: boolean) {
  const pairAsTwo = why || /compared?|versus|\bvs\b|相比|对比|同比|环比/i.test(text);
  const found = readPeriods(text, asOf, pairAsTwo);
  const sameLastYear = why ? null : sameTimeLastYear(text, thread);
  const comparison = sameLastYear ? null : findPeriodComparison(text.toLowerCase());
  const againstThread = sameLastYear ?? beforeThread(text, thread, comparison?.span ?? null);
  const outsideComparison = comparison
    ? found.periods.filter((p) => !p.spans.some(([s, e]) => s < comparison.span[1] && comparison.span[0] < e))
    : found.periods;
  const own = outsideComparison.filter((p) => !(againstThread && overlaps(p.spans, againstThread.spans)));
  const before = own.length === 0 ? againstThread : null;
  const periods = before ? [before] : own;
  const only = periods.length === 1 ? periods[0] : undefined;
  const versus = Boolean(only && (why ? WHY_AGAINST : VERSUS).test(text.slice(0, only.spans[0]?.[0] ?? 0)));
  // "And in total?", 一共呢, "overall": on a thread with its period, the total over its groups, not all of the data.
  const totalOverThread = thread !== null && found.allTime !== null && TOTAL_OR_ALL_TIME.test(text.slice(...found.allTime));
  return { found, comparison, before, periods, versus, totalOverThread };
}

/** Words that say "all of the data" in a question of its own, and "the total" in a follow-up on a period. */
const TOTAL_OR_ALL_TIME = /^(?:in total|overall|总共|一共|总计|合计)$/i;

/** Words a message may hold that say how to change the thread, all understood wherever they stand. */
const UNDERSTOOD = [
  BEFORE_THREAD,
  LAST_N,
  COUNT_NEAR_SUPERLATIVE,
  LIFT_ALL,
  RESTORE,
  WHY,
  TREND,
  FIGURE,
  SHARE_WORDS,
  TOTAL,
  AMOUNTS,
  ALL_MEMBERS,
];

/** Where the catalog terms stand: a grain word inside one ("daily-rate") is the term's. */
const termSpansOf = (r: CatalogReading): Span[] => r.hits.map((h): Span => [h.start, h.end]);
/** The text with the spans blanked out, offsets kept. */
const blanked = (text: string, spans: Span[]) => spans.reduce((t, [s, e]) => t.slice(0, s) + ' '.repeat(e - s) + t.slice(e), text);
/** A follow-up cue; the "this" of "this year", 这个 of 这个月, is a period's word, not a pointer at the thread. */
const cueIn = (text: string, periods: Span[]) => LEADING_CUE.test(text) || ANYWHERE_CUE.test(blanked(text, periods));

/** A part of a year named without its year is in the one year the message names ("2025 Q4 vs Q3"), else the thread's. */
function yearOf(message: string, thread: TimeWindow | null): number | null {
  const ownYears = new Set(message.match(/(?<!\d)(?:19|20)\d{2}(?!\d)/g));
  const threadYear = thread ? Number(iso(addDays(parseDate(thread.end), -1)).slice(0, 4)) : null;
  return ownYears.size === 1 ? Number([...ownYears][0]) : threadYear;
}

export function readMessage(message: string, catalog: Catalog, asOf: string, thread: TimeWindow | null): MessageReading {
  const text = withValueAliases(withThreadYear(message.trim(), yearOf(message, thread)), catalog);
  const r = readQuestion(text, catalog);
  preferValues(text, r, catalog);
  const rows = rowWords(text, r);
  examplesAsBreakdown(text, r);
  const why = WHY.test(text) || /(?:下降|上涨|上升|减少)了|\b(?:dropped|fell|rose|declined)\b/i.test(text);
  const { found, comparison, before, periods, versus, totalOverThread } = periodsOf(text, asOf, thread, why);
  const periodSpans = found.periods.flatMap((p) => p.spans);
  const lift = liftedDims(text, catalog, r.hits);
  if (lift.dims.length > 0) dropInside(r, lift.spans);
  // What the message says it replaces ("units rather than dollars", "别看金额了") names no metric of its own.
  const replaced = spansOf(REPLACED, text);
  if (replaced.length > 0) metricsOutside(text, replaced, r, catalog);
  // Whose customers a value's are: "the accounts Margaret Park looks after", "Jane's book", "her portfolio".
  const named = r.filters.length > 0 || r.excluded.length > 0;
  const relation = named ? spansOf(RELATION, text) : [];
  // In a why, "below" and "above" say which way the change went: understood.
  const whyComparatives = why ? spansOf(/\b(?:below|above|under|over|lower|higher|less|more)\b/i, text) : [];
  const [liftAll, restore] = [LIFT_ALL.test(text), RESTORE.test(text)];
  const [notBy, others] = [spansOf(NOT_BY, text), spansOf(OTHERS, text)];
  const foundGrain = findGrain(text.toLowerCase(), termSpansOf(r));
  // "All the cities, not just a top five": no ranking, whatever count it names.
  const ranking = ALL_MEMBERS.test(text) ? null : rankingOf(text, r);
  const metricHits = r.implied ? [] : r.metrics;
  // "Split by rep, not by quarter", "不按流派了，按媒体类型分": what follows "not by" is the breakdown going away.
  const wanted = breakdownOutside(r, lift.dims, foundGrain?.span ?? null, [...notBy, ...replaced, ...others], text);
  const grain = wanted.grainKept ? foundGrain : null;
  const covered: Span[] = [
    ...r.hits.map((h): Span => [h.start, h.end]),
    ...periodSpans,
    ...(before ? before.spans : []),
    ...(found.allTime ? [found.allTime] : []),
    ...(grain ? [grain.span] : []),
    ...(comparison ? [comparison.span] : []),
    ...r.spans.ranking,
    ...r.spans.leftOut,
    ...lift.spans,
    ...UNDERSTOOD.flatMap((re) => spansOf(re, text)),
    ...notBy,
    ...others,
    ...replaced,
    ...whyComparatives,
    ...relation,
    ...describedSets(text, r),
    ...rows,
    ...seasonsOfPeriod(text, thread),
  ];
  return {
    text,
    language: detectLanguage(message),
    cue: cueIn(text, periodSpans),
    also: ALSO.test(text),
    why,
    figure: !why && FIGURE.test(text),
    total: TOTAL.test(text) || totalOverThread,
    share: asksShare(text),
    amounts: AMOUNTS.test(text),
    others: others.length > 0,
    allMembers: ALL_MEMBERS.test(text),
    trend: TREND.test(text),
    metrics: metricHits,
    dims: wanted.dims,
    values: restore ? [...r.filters, ...restoredWith(r)] : r.filters,
    restore,
    instead: INSTEAD.test(text),
    lifted: lift.dims,
    liftAll,
    periods,
    allTime: found.allTime !== null && !totalOverThread,
    grain: grain?.value ?? null,
    grainDropped: foundGrain !== null && !wanted.grainKept,
    ranking,
    comparison: comparison?.value ?? null,
    versus,
    twoDimensions: valueOfTwoDimensions(r),
    unmapped: [...new Set([...unmappedWords(text, covered), ...r.unknownDimensions.filter((w) => !FILLER.has(w))])],
    reading: r,
  };
}
