/**
 * Planted changes for scheduled analyses (`baton seed --plant-change 2026-W40,2026-W43`): in each named ISO week
 * (Monday to Sunday, business-local time) the GMV of one region changes level sharply, and stays there until the next
 * named week, which changes it back. So every named week differs from the week before it and no other week does:
 * a weekly "how did GMV change last week" schedule should speak on exactly those weeks.
 *
 * The change scales the amounts of the region's orders paid in the weeks at the lower level (and their order lines,
 * drawn afterwards from the scaled amounts); nothing else moves, and no draw is added or removed, so without planted
 * weeks the shop is byte-identical to the one without the option.
 */
import { MINUTE } from './calendar';

/** The region whose GMV the planted change moves, and the factor its order amounts take in the lowered weeks. */
export const PLANT_REGION = '华东';
export const PLANT_FACTOR = 0.25;

export interface PlantedWeek {
  /** ISO week, YYYY-Www. */
  week: string;
  /** [start, end) as YYYY-MM-DD, business-local. */
  start: string;
  end: string;
  /** What the week does to the region's GMV against the week before. */
  direction: 'down' | 'up';
}

export interface PlantedChanges {
  description: string;
  region: string;
  factor: number;
  weeks: PlantedWeek[];
}

const DAY_MINUTES = 24 * 60;

/** Monday 00:00 of ISO week `week` of `year`, in minutes (UTC arithmetic on local wall-clock time). */
function isoWeekStart(year: number, week: number): number {
  const jan4 = Date.UTC(year, 0, 4) / MINUTE;
  const jan4Weekday = (new Date(jan4 * MINUTE).getUTCDay() + 6) % 7; // Monday 0
  return jan4 - jan4Weekday * DAY_MINUTES + (week - 1) * 7 * DAY_MINUTES;
}

/** The weeks `--plant-change` names, sorted; throws naming the first one that is not an ISO week like 2026-W40. */
export function parsePlantWeeks(text: string): number[] {
  const starts = text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
    .map((w) => {
      const m = /^(\d{4})-W(\d{2})$/i.exec(w);
      const week = Number(m?.[2] ?? 0);
      if (!m || week < 1 || week > 53) throw new Error(`--plant-change takes ISO weeks like 2026-W40,2026-W43, not "${w}"`);
      const start = isoWeekStart(Number(m[1]), week);
      if (isoWeekOf(start) !== w.toUpperCase()) throw new Error(`--plant-change: ${w} does not exist`);
      return start;
    });
  if (starts.length === 0) throw new Error('--plant-change names no week (say e.g. 2026-W40,2026-W43)');
  return [...new Set(starts)].sort((a, b) => a - b);
}

/** The ISO week (YYYY-Www) of a time in minutes. */
export function isoWeekOf(minutes: number): string {
  const day = Math.floor(minutes / DAY_MINUTES);
  const weekday = (new Date(day * DAY_MINUTES * MINUTE).getUTCDay() + 6) % 7;
  const thursday = new Date((day - weekday + 3) * DAY_MINUTES * MINUTE);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() / MINUTE - isoWeekStart(year, 1)) / (7 * DAY_MINUTES)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The factor an order of `region` paid (or placed) at `time` (YYYY-MM-DD HH:MM:SS) takes: PLANT_FACTOR in lowered weeks. */
export function plantFactor(weekStarts: number[], region: string, time: string): number {
  if (region !== PLANT_REGION) return 1;
  const at = Date.parse(`${time.replace(' ', 'T')}Z`) / MINUTE;
  const passed = weekStarts.filter((s) => s <= at).length;
  return passed % 2 === 1 ? PLANT_FACTOR : 1;
}

const isoDate = (minutes: number) => new Date(minutes * MINUTE).toISOString().slice(0, 10);

/** The manifest's account of the planted weeks. */
export function describePlant(weekStarts: number[]): PlantedChanges {
  return {
    description:
      `${PLANT_REGION} GMV falls to ${PLANT_FACTOR} of its level in the first named week and returns in the next one, ` +
      'alternating: each named week differs sharply from the week before it, and no other week does.',
    region: PLANT_REGION,
    factor: PLANT_FACTOR,
    weeks: weekStarts.map((s, i) => ({
      week: isoWeekOf(s),
      start: isoDate(s),
      end: isoDate(s + 7 * DAY_MINUTES),
      direction: i % 2 === 0 ? 'down' : 'up',
    })),
  };
}
