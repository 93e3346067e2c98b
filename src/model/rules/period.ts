/** Period choice: the period a question is answered for, and the one it is compared with, or a question back when the data has none. */
import type { Catalog } from '../../catalog/catalog';
import type { DataExtent, Intent, Language, TimeFieldExtent, TimeWindow } from '../../contracts';
import { catalogText } from '../../format/labels';
import { textOf } from '../../messages/message';
import { PERIOD_MESSAGES } from '../../messages/periods';
import { findPeriodComparison } from '../reading';
import { readPeriods, type NamedPeriod } from '../period-text';
import {
  addDays,
  defaultTimeWindow,
  iso,
  lastDayOf,
  makeWindow,
  monthsBack,
  monthsEndingWith,
  parseDate,
  previousPeriod,
  wholeMonths,
  windowOfMonth,
  yearEarlier,
} from '../time-window';
import type { Context } from './steps';

export type PeriodChoice = { window: TimeWindow; compareWith: TimeWindow | null } | { clarify: string; suggestion: string };

type Base = Pick<Context, 'catalog' | 'language' | 'reading'>;

/** What the period choice reads: the question's periods, the metric's data, and how to word both. */
interface Facts {
  intent: Intent;
  asOf: string;
  base: Base;
  data: TimeFieldExtent | null;
  periods: NamedPeriod[];
  allTime: boolean;
  /** The question looks at a series of months (a trend, or a comparison "over time"). */
  wantsSeries: boolean;
  text: ReturnType<typeof textOf<typeof PERIOD_MESSAGES>>;
  metricLabel: string;
}

/** The metric's time field's extent, when the run read it. */
function extentFor(catalog: Catalog, metric: string, extent: DataExtent | null): TimeFieldExtent | null {
  const field = catalog.metrics[metric]?.time_field;
  return (field && extent?.time_fields[field]) || null;
}

const overlaps = (w: TimeWindow, data: TimeFieldExtent) =>
  data.first !== null && data.last !== null && w.start <= data.last && w.end > data.first;

const label = (language: Language, w: TimeWindow) => catalogText(language, w.label_en, w.label_zh);

/**
 * All of the data as a window: from the data's first day to its last when the run read the extent, else
 * open-ended to today (an all-time window compiles to no time filter, so its dates only name what it covers).
 */
export function allTimeWindow(data: TimeFieldExtent | null, asOf: string): TimeWindow {
  const labels = {
    zh: textOf(PERIOD_MESSAGES, 'zh')('analysis.period.all_time'),
    en: textOf(PERIOD_MESSAGES, 'en')('analysis.period.all_time'),
  };
  if (data?.first && data.last) return makeWindow(data.first, iso(addDays(parseDate(data.last), 1)), 'all_time', labels);
  return makeWindow('1900-01-01', iso(addDays(parseDate(asOf), 1)), 'all_time', labels);
}

/**
 * Whether a question that names no period reads the latest full month(s) rather than all of the data: a
 * comparison, a why, a trend or a period-over-period question always does (it needs periods to set against
 * each other), but for members compared ("dogs vs cats"), which need none; any other question does only where the
 * catalog keeps `default_period: latest_full_month`.
 */
function latestByDefault(f: Facts): boolean {
  const { reading, catalog } = f.base;
  // "no show rate web vs app", "dogs vs cats revenue": members set against each other, over the period any question gets.
  const members = f.intent === 'comparison' && reading.filters.some((x) => !x.exclude && x.values.length >= 2);
  if (f.intent === 'attribution' || (f.intent === 'comparison' && !members) || f.wantsSeries || reading.periodComparison !== null)
    return true;
  return catalog.default_period === 'latest_full_month';
}

/** The window for a question that names no period: all of the data, or the latest full month(s) (six for a series). */
function unnamedWindow(f: Facts, assumptions: string[]): TimeWindow {
  const { reading } = f.base;
  const { data, text, wantsSeries } = f;
  if (f.allTime || (reading.grain && f.intent !== 'trend')) return allTimeWindow(data, f.asOf);
  if (!latestByDefault(f)) {
    const window = allTimeWindow(data, f.asOf);
    assumptions.push(text('analysis.period.assume.all_time', { dates: `${window.start} – ${lastDayOf(window.end)}` }));
    return window;
  }
  const language = f.base.language;
  if (!data?.latest_full_month) {
    // Nothing known of the data (a run started before the extent was read): the calendar's last full month.
    const fallback = defaultTimeWindow(f.asOf);
    const window = wantsSeries ? monthsBack(fallback, 6) : fallback;
    assumptions.push(
      text(wantsSeries ? 'analysis.period.assume.six_calendar_months' : 'analysis.period.assume.calendar_month', {
        period: label(language, window),
      }),
    );
    return window;
  }
  if (wantsSeries) {
    const window: TimeWindow = { ...monthsEndingWith(data.latest_full_month, 6, 'default'), source: 'default' };
    assumptions.push(text('analysis.period.assume.six_latest_months', { period: label(language, window) }));
    return window;
  }
  const window = windowOfMonth(data.latest_full_month, 'default');
  assumptions.push(text('analysis.period.assume.latest_month', { period: label(language, window) }));
  return window;
}

/** The window asked about and the one it is compared with: two named periods, one (widened for a series), or none. */
function windows(f: Facts, assumptions: string[]): { window: TimeWindow; compareWith: TimeWindow | null } {
  const { reading } = f.base;
  const sorted = [...f.periods].sort((a, b) => a.window.start.localeCompare(b.window.start));
  const named = sorted[sorted.length - 1];
  let window: TimeWindow;
  let compareWith: TimeWindow | null = null;
  if (named && sorted.length >= 2) {
    window = named.window;
    compareWith = (sorted[0] as NamedPeriod).window;
  } else if (named) {
    window = named.window;
    if (f.wantsSeries && wholeMonths(window) < 2 && named.unit !== 'year') {
      window = monthsBack(window, 6);
      assumptions.push(
        f.text('analysis.period.assume.six_months_to', {
          named: label(f.base.language, named.window),
          period: label(f.base.language, window),
        }),
      );
    }
  } else {
    window = unnamedWindow(f, assumptions);
  }
  if (!compareWith && reading.periodComparison === 'year_over_year') compareWith = yearEarlier(window);
  else if (
    !compareWith &&
    (reading.periodComparison === 'period_over_period' || (f.intent === 'attribution' && window.source !== 'all_time'))
  )
    compareWith = previousPeriod(window);
  return { window, compareWith };
}

/** A window the data does not reach is asked back; one it covers only partly gets an assumption that says so. */
function checkCoverage(f: Facts, ws: TimeWindow[], assumptions: string[], suggestion: string): PeriodChoice | null {
  const data = f.data;
  if (!data) return null;
  const covers = data.first && data.last ? f.text('analysis.period.covers', { first: data.first, last: data.last }) : '';
  const months = data.months.map((m) => m.month);
  const firstMonth = months[0] ?? '';
  const lastMonth = months[months.length - 1] ?? '';
  for (const w of ws) {
    const period = label(f.base.language, w);
    if (!overlaps(w, data)) return { clarify: f.text('analysis.period.no_data_in', { period, metric: f.metricLabel, covers }), suggestion };
    if (w.source === 'all_time') continue;
    // Partly covered: the window reaches past the data's first or last month, or holds a month cut short.
    const touched = months.filter((m) => m >= w.start.slice(0, 7) && m <= lastDayOf(w.end).slice(0, 7));
    if (
      w.start.slice(0, 7) < firstMonth ||
      lastDayOf(w.end).slice(0, 7) > lastMonth ||
      touched.some((m) => data.partial_months.includes(m))
    )
      assumptions.push(f.text('analysis.period.partly_covered', { period, covers }));
  }
  return null;
}

/**
 * The period to answer for. Named periods are used as named (a relative one read against today). With none, a
 * total, breakdown, ranking, average, count or share reads all of the data (unless the catalog keeps
 * `default_period: latest_full_month`), and a comparison, a why or a trend the latest full month(s) with data. A
 * period that holds no data is never answered: the run asks back, naming where the data is.
 */
export function choosePeriod(
  intent: Intent,
  text: string,
  asOf: string,
  base: Base,
  extent: DataExtent | null,
  assumptions: string[],
): PeriodChoice {
  const { reading, language, catalog } = base;
  const metric = reading.metrics[0] as string;
  const data = extentFor(catalog, metric, extent);
  const say = textOf(PERIOD_MESSAGES, language);
  const pairAsTwo = intent === 'attribution' || intent === 'comparison' || reading.periodComparison !== null;
  const found = readPeriods(text, asOf, pairAsTwo);
  // "with the month before", "与上月相比": the comparison's own words, not a period read against today. A period is
  // its first span's words; a later span is the word joining it to the next ("this year" of "this year vs last year").
  const comparisonSpan = findPeriodComparison(text.toLowerCase())?.span;
  const inComparison = ([s, e]: [number, number]) => comparisonSpan !== undefined && s < comparisonSpan[1] && comparisonSpan[0] < e;
  const periods = comparisonSpan ? found.periods.filter((p) => !inComparison(p.spans[0] ?? [0, 0])) : found.periods;
  const def = catalog.metrics[metric];
  const metricLabel = catalogText(language, def?.label ?? metric, def?.label_zh ?? metric);
  const latest = data?.latest_full_month ? windowOfMonth(data.latest_full_month, 'default') : null;
  const suggestion = latest ? say('analysis.period.suggest', { month: label(language, latest), metric: metricLabel }) : '';
  if (found.problem) return { clarify: say('analysis.period.invalid', { problem: found.problem }), suggestion };
  if (data && data.rows === 0)
    return { clarify: say('analysis.period.no_rows', { metric: metricLabel, column: data.column }), suggestion: '' };
  const wantsSeries =
    intent === 'trend' || (intent === 'comparison' && /变化|走势|趋势|change|over time/i.test(text) && !reading.periodComparison);
  const facts: Facts = { intent, asOf, base, data, periods, allTime: found.allTime !== null, wantsSeries, text: say, metricLabel };
  const chosen = windows(facts, assumptions);
  const refused = checkCoverage(facts, [chosen.window, ...(chosen.compareWith ? [chosen.compareWith] : [])], assumptions, suggestion);
  return refused ?? chosen;
}
