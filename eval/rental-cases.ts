/**
 * Rentwise, the car-rental database of the third accuracy suite (test/fixtures/rental/rental.sql, loaded by
 * scripts/load-rental.sh, catalog catalogs/rental.yaml): where it is and what "today" its questions were written for.
 * The questions are eval/as-users-ask/rental.ts.
 */
import { fixtureDatabaseUrl } from './fixture-databases';

/** The runs' as-of date: the extract ends 2026-11-30, so "last month" is November 2026 and "last year" 2025. */
export const RENTAL_AS_OF = '2026-12-01';
/** The latest full month with data: what a comparison or a why without a period reads (with the month before). */
export const RENTAL_LAST_MONTH = '2026-11';

/** Where the rental database is: RENTAL_DATABASE_URL, else database baton_rental on the given server. */
export function rentalDatabaseUrl(serverUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return fixtureDatabaseUrl('rental', serverUrl, env);
}
