/**
 * `baton schedule add`'s options, checked before anything is created; each problem is one line naming what is wrong.
 * Cron expressions are parsed with cron-parser (the maintained parser most Node schedulers use; it knows names like
 * MON and the time zone), the time zone with the runtime's own IANA database (Intl).
 */
import { CronExpressionParser } from 'cron-parser';
import type { AlertSink, WhenRule } from './contract';

export class ScheduleInputError extends Error {}

/** A cron expression Temporal will accept (five fields); throws naming the problem. */
export function checkCron(cron: string, timezone: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5)
    throw new ScheduleInputError(`--cron "${cron}" has ${fields.length} fields; it needs five (minute hour day month weekday)`);
  try {
    CronExpressionParser.parse(cron, { tz: timezone, strict: false }).next();
  } catch (err) {
    throw new ScheduleInputError(`--cron "${cron}" does not parse: ${(err as Error).message}`);
  }
  return fields.join(' ');
}

/** An IANA time zone the runtime knows; throws naming it otherwise. */
export function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format(0);
    return zone;
  } catch {
    throw new ScheduleInputError(`--timezone "${zone}" is not a time zone (say e.g. Asia/Shanghai or America/New_York)`);
  }
}

const EVERY_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--every 1w` (m, h, d, w) as milliseconds. */
export function parseEvery(every: string): number {
  const m = /^(\d+)\s*([mhdw])$/i.exec(every.trim());
  const ms = m ? Number(m[1]) * (EVERY_MS[(m[2] ?? '').toLowerCase()] ?? 0) : 0;
  if (!m || ms < 60_000) throw new ScheduleInputError(`--every "${every}" is not an interval like 30m, 12h, 1d or 1w`);
  return ms;
}

/** `--alert webhook:<http(s) url>` or `--alert file:<path>`. */
export function parseAlert(text: string): AlertSink {
  const [kind, ...rest] = text.split(':');
  const target = rest.join(':');
  if (kind === 'webhook') {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new ScheduleInputError(`--alert ${text}: "${target}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ScheduleInputError(`--alert ${text}: a webhook must be http or https, not ${url.protocol.replace(':', '')}`);
    return { kind: 'webhook', url: url.toString() };
  }
  if (kind === 'file' && target.trim()) return { kind: 'file', path: target.trim() };
  throw new ScheduleInputError(`--alert "${text}" is neither webhook:<http(s) url> nor file:<path>`);
}

/** `--when "<metric> < 0.2"` (the metric must be in the catalog) or `--when "change > 10%"`. */
export function parseWhen(text: string, metrics: string[]): WhenRule {
  const m = /^\s*([A-Za-z_][\w]*)\s*(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text);
  if (!m) throw new ScheduleInputError(`--when "${text}" is not "<metric> < value" nor "change > 10%"`);
  const [, name = '', op = '<', value = '0', pct] = m;
  const o = op as WhenRule['op'];
  if (name === 'change') {
    if (!pct) throw new ScheduleInputError(`--when "${text}": a change threshold is a percentage, like change > 10%`);
    return { kind: 'change', op: o, percent: Number(value), text: text.trim() };
  }
  if (!metrics.includes(name))
    throw new ScheduleInputError(`--when "${text}": the catalog has no metric "${name}" (it has ${metrics.join(', ')})`);
  return { kind: 'metric', metric: name, op: o, value: pct ? Number(value) / 100 : Number(value), text: text.trim() };
}

/** `--level 0.05`: a significance level strictly between 0 and 1. */
export function parseLevel(text: string): number {
  const level = Number(text);
  if (!Number.isFinite(level) || level <= 0 || level >= 1)
    throw new ScheduleInputError(`--level "${text}" must be a number between 0 and 1`);
  return level;
}
