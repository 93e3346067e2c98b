/** Period choice: the period a question is answered for, and the one it is compared with, or a question back when the data has none. */
import type { Catalog } from '../../catalog/catalog';
import type { DataExtent, Intent, TimeFieldExtent, TimeWindow } from '../../contracts';
import { say } from '../../analysis/wording';
import { findPeriodComparison } from '../reading';
import {
  defaultTimeWindow,
  lastDayOf,
  makeWindow,
  monthsBack,
  monthsEndingWith,
  previousPeriod,
  readPeriods,
  wholeMonths,
  windowOfMonth,
  yearEarlier,
  type NamedPeriod,
} from '../time-window';
import type { Context } from './steps';

export type PeriodChoice = { window: TimeWindow; compareWith: TimeWindow | null } | { clarify: string; suggestion: string };

/** The metric's time field's extent, when the run read it. */
function extentFor(catalog: Catalog, metric: string, extent: DataExtent | null): TimeFieldExtent | null {
  const field = catalog.metrics[metric]?.time_field;
  return (field && extent?.time_fields[field]) || null;
}

const overlaps = (w: TimeWindow, data: TimeFieldExtent) =>
  data.first !== null && data.last !== null && w.start <= data.last && w.end > data.first;

/**
 * The period to answer for. Named periods are used as named (a relative one read against today); with none,
 * the data decides: all of it for a breakdown by period or "all time", else its latest full month (six for a
 * trend). A period that holds no data is never answered: the run asks back, naming where the data is.
 */
export function choosePeriod(
  intent: Intent,
  text: string,
  asOf: string,
  ctx: Pick<Context, 'catalog' | 'language' | 'reading'>,
  extent: DataExtent | null,
  assumptions: string[],
): PeriodChoice {
  const { reading, language } = ctx;
  const metric = reading.metrics[0] as string;
  const data = extentFor(ctx.catalog, metric, extent);
  const t = say(language);
  const pairAsTwo = intent === 'attribution' || intent === 'comparison' || reading.periodComparison !== null;
  const found = readPeriods(text, asOf, pairAsTwo);
  const { allTime, problem } = found;
  // "with the month before", "与上月相比": the comparison's own words, not a period read against today.
  const comparisonSpan = findPeriodComparison(text.toLowerCase())?.span;
  const periods = comparisonSpan
    ? found.periods.filter((p) => !p.spans.some(([s, e]) => s < comparisonSpan[1] && comparisonSpan[0] < e))
    : found.periods;
  const metricLabel = t(ctx.catalog.metrics[metric]?.label_zh ?? metric, ctx.catalog.metrics[metric]?.label ?? metric);
  const covers =
    data && data.first && data.last ? t(`数据覆盖 ${data.first} 至 ${data.last}`, `the data covers ${data.first} – ${data.last}`) : '';
  const latest = data?.latest_full_month ? windowOfMonth(data.latest_full_month, 'default') : null;
  const suggestion = latest
    ? t(
        `请问一个有数据的期间，例如“${latest.label_zh}的${metricLabel}”或“累计${metricLabel}”。`,
        `Ask about a period the data covers, for example "${metricLabel} in ${latest.label_en}" or "${metricLabel}, all time".`,
      )
    : '';
  if (problem) return { clarify: t(`时间范围有误：${problem}`, `the period is not valid: ${problem}`), suggestion };
  if (data && data.rows === 0)
    return {
      clarify: t(`${metricLabel}没有任何数据（${data.column} 为空）`, `there is no ${metricLabel} data at all (${data.column} is empty)`),
      suggestion: '',
    };
  const allOfIt =
    data?.first && data.last ? makeWindow(data.first, lastDayPlusOne(data.last), 'all_time', { zh: '全部时间', en: 'all time' }) : null;
  const wantsSeries =
    intent === 'trend' || (intent === 'comparison' && /变化|走势|趋势|change|over time/i.test(text) && !reading.periodComparison);

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
      assumptions.push(
        t(`按截至${named.window.label_zh}的六个完整月（${window.label_zh}）观察变化`, `looked at the six full months ${window.label_en}`),
      );
    }
  } else if (allTime || (reading.grain && intent !== 'trend')) {
    if (!allOfIt) return { window: defaultTimeWindow(asOf), compareWith: null };
    window = allOfIt;
  } else if (!data || !latest) {
    // Nothing known of the data (a run started before the extent was read): the calendar's last full month.
    const fallback = defaultTimeWindow(asOf);
    window = wantsSeries ? monthsBack(fallback, 6) : fallback;
    assumptions.push(
      wantsSeries
        ? t(`按最近六个完整月（${window.label_zh}）观察变化`, `looked at the six full months ${window.label_en}`)
        : t(
            `问题未给出时间范围，按最近一个完整月（${window.label_zh}）计算`,
            `no period given; used the last full month (${window.label_en})`,
          ),
    );
  } else if (wantsSeries) {
    window = monthsEndingWith(data.latest_full_month as string, 6, 'default');
    window = { ...window, source: 'default' };
    assumptions.push(
      t(
        `问题未给出时间范围，按有数据的最近六个完整月（${window.label_zh}）观察变化`,
        `no period given; looked at the six latest full months with data (${window.label_en})`,
      ),
    );
  } else {
    window = latest;
    assumptions.push(
      t(
        `问题未给出时间范围，按有数据的最近一个完整月（${window.label_zh}）计算`,
        `no period given; used the latest full month with data (${window.label_en})`,
      ),
    );
  }
  if (!compareWith && reading.periodComparison === 'year_over_year') compareWith = yearEarlier(window);
  else if (
    !compareWith &&
    (reading.periodComparison === 'period_over_period' || (intent === 'attribution' && window.source !== 'all_time'))
  )
    compareWith = previousPeriod(window);

  if (data) {
    for (const w of [window, ...(compareWith ? [compareWith] : [])]) {
      if (!overlaps(w, data)) {
        return {
          clarify: t(`${w.label_zh}没有${metricLabel}数据；${covers}`, `there is no ${metricLabel} data in ${w.label_en}; ${covers}`),
          suggestion,
        };
      }
      // Partly covered: the window reaches past the data's first or last month, or holds a month cut short.
      const months = data.months.map((m) => m.month);
      const firstMonth = months[0] ?? '';
      const lastMonth = months[months.length - 1] ?? '';
      const touched = data.months
        .filter((m) => m.month >= w.start.slice(0, 7) && m.month <= lastDayOf(w.end).slice(0, 7))
        .map((m) => m.month);
      if (
        w.source !== 'all_time' &&
        (w.start.slice(0, 7) < firstMonth ||
          lastDayOf(w.end).slice(0, 7) > lastMonth ||
          touched.some((m) => data.partial_months.includes(m)))
      ) {
        assumptions.push(t(`${w.label_zh}只有部分期间有数据（${covers}）`, `${w.label_en} is only partly covered by the data (${covers})`));
      }
    }
  }
  return { window, compareWith };
}

function lastDayPlusOne(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
