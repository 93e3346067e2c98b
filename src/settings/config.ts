/**
 * Where Baton finds its parts. Every setting has a default that works on a
 * developer machine after `baton up`, and an environment variable to change it.
 */
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
/** The workflows' code as one file (npm run build writes it; the worker loads it, `baton up` checks it is there). */
export const WORKFLOW_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'workflow-bundle.js');

export interface BatonConfig {
  temporalAddress: string;
  temporalNamespace: string;
  taskQueue: string;
  temporalUiUrl: string;
  databaseUrl: string;
  catalogPath: string;
  dataDir: string;
  /**
   * IANA time zone of the demo shop's calendar (`baton seed` anchors its data on today there): BATON_TIMEZONE,
   * else Asia/Shanghai, the demo catalog's zone. A run's "today" is not read here but by `runDate`.
   */
  timeZone: string;
  /** BATON_TIMEZONE when set: overrides the catalog's `timezone` for a run's "today" (asOf). */
  timeZoneOverride: string | undefined;
  /** The database role agent SQL logs in as: SELECT only, created by setup. */
  readerRole: string;
  /** Its password, when the server asks for one (set by setup, used by the workers). */
  readerPassword: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BatonConfig {
  const dataDir = path.resolve(PROJECT_ROOT, env.BATON_DATA_DIR ?? '.data');
  return {
    temporalAddress: env.TEMPORAL_ADDRESS ?? `127.0.0.1:${env.TEMPORAL_PORT ?? '7233'}`,
    temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue: env.BATON_TASK_QUEUE ?? 'baton',
    temporalUiUrl: env.TEMPORAL_UI_URL ?? `http://localhost:${env.TEMPORAL_UI_PORT ?? '8233'}`,
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton',
    catalogPath: path.resolve(PROJECT_ROOT, env.BATON_CATALOG ?? 'catalogs/demo.yaml'),
    dataDir,
    timeZone: env.BATON_TIMEZONE || 'Asia/Shanghai',
    timeZoneOverride: env.BATON_TIMEZONE || undefined,
    readerRole: env.BATON_READER_ROLE ?? 'baton_reader',
    readerPassword: env.BATON_READER_PASSWORD || undefined,
  };
}

/** The user:password@ part of a URL replaced, so addresses can be printed and logged safely. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

/**
 * Today's calendar date (YYYY-MM-DD) in the given time zone. Without an explicit `now`, BATON_TODAY, when set,
 * is today for every run and for `baton seed`: a suite that seeds the demo shop and asks about "last month"
 * then reads the same month even when the clock crosses midnight in the zone between the two.
 */
export function todayIn(timeZone: string, now?: Date): string {
  const fixed = process.env.BATON_TODAY;
  if (now === undefined && fixed) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fixed) || Number.isNaN(Date.parse(fixed)))
      throw new Error(`BATON_TODAY must be a date written YYYY-MM-DD, not "${fixed}"`);
    return fixed;
  }
  return (now ?? new Date()).toLocaleDateString('en-CA', { timeZone });
}

/**
 * A run's "today" (asOf), which relative periods (last month, 上个月, this year) are read against: the date in
 * the catalog's time zone, or in BATON_TIMEZONE when that is set as an explicit override.
 */
export function runDate(catalogTimeZone: string, override: string | undefined, now?: Date): string {
  return todayIn(override ?? catalogTimeZone, now);
}
