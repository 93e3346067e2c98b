/**
 * Learnloop, the online-courses marketplace of the fourth accuracy suite (test/fixtures/courses/courses.sql, loaded by
 * scripts/load-courses.sh, catalog catalogs/courses.yaml): where it is and what "today" its questions were written for.
 * The questions are eval/as-users-ask/courses.ts.
 */
import { fixtureDatabaseUrl } from './fixture-databases';

/** The runs' as-of date: the extract ends 2026-11-30, so "last month" is November 2026 and "last year" 2025. */
export const COURSES_AS_OF = '2026-12-01';
/** The latest full month with data: what a comparison or a why without a period reads (with the month before). */
export const COURSES_LAST_MONTH = '2026-11';

/** Where the courses database is: COURSES_DATABASE_URL, else database baton_courses on the given server. */
export function coursesDatabaseUrl(serverUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return fixtureDatabaseUrl('courses', serverUrl, env);
}
