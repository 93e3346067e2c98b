/**
 * Seasons as periods ("last summer", "summer 2025", 去年夏天): the meteorological seasons of the northern hemisphere,
 * spring March–May, summer June–August, autumn (fall) September–November, winter December–February. A season is named
 * by the year it starts in; a winter named by its year alone ("winter 2025", 去年冬天) could be either of two, so only
 * "last winter" and "this winter" are read, and the rest is asked back.
 */
import { isoMonth } from './time-window';

export type Season = 'spring' | 'summer' | 'autumn' | 'winter';

/** The first month (0-based) of each season, and its length in months. */
const FIRST_MONTH: Record<Season, number> = { spring: 2, summer: 5, autumn: 8, winter: 11 };
const SEASON_MONTHS = 3;

/** English and Chinese words for a season. */
export const SEASON_EN = '(spring|summer|autumn|fall|winter)';
export const SEASON_ZH = '(春|夏|秋|冬)(?:季|天)';
const WORDS: Record<string, Season> = {
  spring: 'spring',
  summer: 'summer',
  autumn: 'autumn',
  fall: 'autumn',
  winter: 'winter',
  春: 'spring',
  夏: 'summer',
  秋: 'autumn',
  冬: 'winter',
};

export const seasonOf = (word: string): Season | undefined => WORDS[word.toLowerCase()];

/** The season that starts in the given year, as [start, end). */
export function seasonIn(season: Season, year: number): [string, string] {
  return [isoMonth(year, FIRST_MONTH[season]), isoMonth(year, FIRST_MONTH[season] + SEASON_MONTHS)];
}

/** "Last summer": the latest season of that name that has ended by today. */
export function lastSeason(season: Season, today: string): [string, string] {
  const year = Number(today.slice(0, 4));
  for (let y = year; ; y--) {
    const window = seasonIn(season, y);
    if (window[1] <= today) return window;
  }
}

/** "This summer": the season of that name under way today, else this year's (cut at tomorrow when under way). */
export function thisSeason(season: Season, today: string, tomorrow: string): [string, string] {
  const year = Number(today.slice(0, 4));
  // A winter under way in January or February started the year before.
  const [start, end] = season === 'winter' && Number(today.slice(5, 7)) <= 2 ? seasonIn(season, year - 1) : seasonIn(season, year);
  return [start, start <= today && today < end ? tomorrow : end];
}

/**
 * A season named without a year or a "last"/"this" ("what they pay in summer", 夏天的时候) inside a follow-up whose
 * thread already covers part of that season in its year: a word about the thread's period, not a new one (a thread
 * about Q3 is the summer quarter). The spans of such words; none when the thread's period is elsewhere in the year.
 */
export function seasonsOfPeriod(text: string, period: { start: string; end: string } | null): [number, number][] {
  if (!period) return [];
  const out: [number, number][] = [];
  const bare = new RegExp(
    `(?<!(?:last|this|next|previous|past|coming)\\s+(?:the\\s+)?)\\b(?:in\\s+(?:the\\s+)?|over\\s+the\\s+|during\\s+(?:the\\s+)?)?${SEASON_EN}\\b(?!\\s*(?:of\\s+)?\\d{4})|(?<![去今明前]年\\s*的?\\s*)${SEASON_ZH}`,
    'gi',
  );
  for (const m of text.matchAll(bare)) {
    const season = seasonOf(m[1] ?? m[2] ?? '');
    if (!season) continue;
    const overlaps = [Number(period.start.slice(0, 4)), Number(period.end.slice(0, 4))].some((y) => {
      const [s, e] = seasonIn(season, y);
      return s < period.end && period.start < e;
    });
    if (overlaps) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}
