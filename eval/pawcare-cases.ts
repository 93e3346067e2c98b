/**
 * PawCare, a chain of veterinary clinics (test/fixtures/pawcare/pawcare.sql, loaded by scripts/load-pawcare.sh, catalog
 * catalogs/pawcare.yaml; its data dictionary is test/fixtures/pawcare/README.md): where it is and what "today" its
 * questions were written for. The questions are eval/as-users-ask/pawcare.ts.
 */
import { fixtureDatabaseUrl } from './fixture-databases';

/** The runs' as-of date: the data ends 2026-11-30, so "last month" is November 2026 and "last year" 2025. */
export { PAWCARE_AS_OF } from './as-users-ask/pawcare';
/** The latest full month with data: what a comparison or a why without a period reads (with the month before). */
export const PAWCARE_LAST_MONTH = '2026-11';

/** Where the PawCare database is: PAWCARE_DATABASE_URL, else database baton_pawcare on the given server. */
export function pawcareDatabaseUrl(serverUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return fixtureDatabaseUrl('pawcare', serverUrl, env);
}
