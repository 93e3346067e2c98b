/**
 * A series over a period, said without contradicting itself: the change over the whole period first (its sign
 * decides "rose" or "fell"), then the latest month-over-month direction and how many months it has lasted, said as
 * the latest move ("the latest month fell") when it goes against the overall change.
 */
import type { Language } from '../contracts';
import { render, textIn } from './index';

/**
 * The trend sentence. Every argument that is a number arrives written (with its citation marker, or marked
 * unverified); `overall` is the sign of last − first.
 */
export function trendSentence(
  language: Language,
  s: {
    subject: string;
    first: string;
    firstMonth: string;
    last: string;
    lastMonth: string;
    /** Sign of the change over the whole period: last − first. */
    overall: number;
    /** The change over the period as written ("253.0%[4]"), or null to leave the figure out. */
    overallText: string | null;
    /** The latest month-over-month direction. */
    direction: string;
    /** The consecutive months in that direction, written. */
    runText: string;
    /** Whether the run is a single month (for the wording, not a claim). */
    single: boolean;
    changePoints?: string | null;
  },
): string {
  const text = textIn(language);
  const rose = s.overall > 0;
  const fell = s.overall < 0;
  const whole = text(rose ? 'trend.whole.rose' : fell ? 'trend.whole.fell' : 'trend.whole.flat', {
    subject: s.subject,
    pct: s.overallText ? ` ${s.overallText}` : '',
    first: s.first,
    firstMonth: s.firstMonth,
    last: s.last,
    lastMonth: s.lastMonth,
  });
  const up = s.direction === 'up';
  const down = s.direction === 'down';
  const agreement = (up && rose) || (down && fell) ? 'agrees' : 'against';
  const run = { run: s.runText };
  const latest =
    !up && !down
      ? s.single
        ? text('trend.latest.flat.single')
        : text('trend.latest.flat.run', run)
      : s.single
        ? text(`trend.latest.${agreement}.single.${up ? 'up' : 'down'}`)
        : render(`trend.latest.${agreement}.run.${up ? 'up' : 'down'}`, run, language);
  const points = s.changePoints ? text('trend.change-points', { points: s.changePoints }) : '';
  return text('trend.sentence', { whole, latest, points });
}
