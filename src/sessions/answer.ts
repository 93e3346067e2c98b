/**
 * A turn's words, built from its parts: the first line (the child run's reading, with what a follow-up carried over),
 * the answer asked back when the run read a follow-up otherwise than the thread implied, and how an expected reading
 * reads. Pure and sandbox-safe (the session workflow writes them).
 */
import type { CarriedPart, ExpectedReading } from '../contracts/session';
import type { Language, QuestionReading } from '../contracts';
import { partsList, sessionText } from '../messages/sessions';
import { filterLine } from '../contracts/query';

/** The answer's first line: the reading, and for a follow-up what it carried over. */
export function headlineOf(statement: string, carried: readonly CarriedPart[], language: Language): string {
  if (carried.length === 0) return statement;
  const reading = statement.replace(/[:：]\s*$/, '');
  return sessionText(language)('sessions.headline.carried', { reading, parts: partsList(carried, language) });
}

/** The run's answer with its first line (the reading statement) replaced by the headline, or the headline above it. */
export function answerWithHeadline(answer: string, statement: string | null, headline: string): string {
  if (!headline) return answer;
  const [first, ...rest] = answer.split('\n');
  if (statement && first !== undefined && first.trim() === statement.trim()) return [headline, ...rest].join('\n');
  return answer.startsWith(headline) ? answer : `${headline}\n${answer}`;
}

/** An expected reading in words: metrics, period, comparison, filters, breakdown, ranking. */
export function describeExpected(expected: ExpectedReading, language: Language): string {
  const text = sessionText(language);
  const period = (w: ExpectedReading['window']) => (w ? (language === 'zh' ? w.label_zh : w.label_en) : null);
  const parts = [expected.metrics.join(text('sessions.list'))];
  const window = period(expected.window);
  if (window) parts.push(window);
  const compared = period(expected.compared_with);
  if (compared) parts.push(text('sessions.reading.compared', { period: compared }));
  for (const f of expected.filters) parts.push(filterLine(f));
  const dims = [...expected.group_by, ...(expected.grain ? [expected.grain] : [])];
  if (dims.length) parts.push(text('sessions.reading.by', { dims: dims.join(text('sessions.list')) }));
  const r = expected.ranking;
  if (r) parts.push(text(r.order === 'desc' ? 'sessions.reading.top' : 'sessions.reading.bottom', { n: r.n, by: r.by }));
  return parts.join(text('sessions.reading.separator'));
}

/** The answer of a follow-up the run read otherwise than the thread implied: what was read, what was meant, ask again. */
export function mismatchAnswer(
  expected: ExpectedReading,
  actual: QuestionReading | null,
  differences: string[],
  language: Language,
): string {
  const text = sessionText(language);
  return text('sessions.mismatch', {
    read: actual?.statement ?? text('sessions.mismatch.unread'),
    implied: describeExpected(expected, language),
    parts: partsList(differences as (CarriedPart | 'comparison')[], language),
  });
}
