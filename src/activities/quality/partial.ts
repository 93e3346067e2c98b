/**
 * Partial periods: a month in the analysed windows that the data covers only partly, judged on the metric's own time
 * field against the months in between (so weekends and sparse data do not count; see analysis/coverage.ts), so a
 * half-loaded month is flagged rather than read as a drop.
 */
import { tableSql, wallNow, wallTime, type Catalog } from '../../catalog/catalog';
import type { PartialPeriod, TimeWindow } from '../../contracts';
import type { Text } from '../../messages';
import { queryRows } from '../../analysis/recompute';
import { partialMonths } from '../../analysis/coverage';
import { monthProbes, wallRange } from '../../analysis/month-probes';
import { LIMITS, quality } from './rules';
import { monthsOf } from './scope';
import type { Gathered } from './table';

export async function partialPeriods(
  catalog: Catalog,
  db: string,
  metric: string | undefined,
  windows: TimeWindow[],
  text: Text,
  out: Pick<Gathered, 'checkSql' | 'calcs'>,
): Promise<PartialPeriod[]> {
  const partial: PartialPeriod[] = [];
  const timeField = catalog.time_fields[catalog.metrics[metric ?? '']?.time_field ?? ''];
  const [main, timeColumn] = (timeField?.column ?? '').split('.') as [string | undefined, string | undefined];
  if (!main || !timeColumn || windows.length === 0) return partial;
  // Months and days as wall time in the catalog's zone, found by two index probes a month (month-probes.ts).
  const column = wallTime(catalog, `${main}.${timeColumn}`);
  const series = await monthProbes(db, catalog, `${main}.${timeColumn}`, wallNow(catalog));
  const cutShort = new Set(partialMonths(series));
  for (const month of monthsOf(windows).filter((m) => cutShort.has(m.period))) {
    const sql = `SELECT count(DISTINCT (${column})::date) AS value, to_char(max(${column}), 'YYYY-MM-DD') AS last_day FROM ${tableSql(catalog, main)} WHERE ${wallRange(catalog, `${main}.${timeColumn}`, '$1::timestamp', '$2::timestamp')}`;
    const { rows } = await queryRows(db, sql, [month.start, month.end], LIMITS);
    const covered = Number(rows[0]?.value ?? 0);
    const lastDay = (rows[0]?.last_day as string | null) ?? null;
    const expected = Math.round((Date.parse(month.end) - Date.parse(month.start)) / 86_400_000);
    partial.push({ period: month.period, days_covered: covered, days_expected: expected, last_day_with_data: lastDay });
    const id = `${main}.coverage.${month.period}`;
    out.checkSql.push({ id, sql: sql.replace('$1', `'${month.start}'`).replace('$2', `'${month.end}'`), params: [] });
    out.calcs.push(
      quality(id, covered, text('quality.days-with-data', { period: month.period }), sql, [{ table: main, columns: [timeColumn] }], 'high'),
    );
  }
  return partial;
}
