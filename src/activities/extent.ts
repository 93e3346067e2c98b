/**
 * Data-extent agent: where each time field of the catalog has data, month by
 * month, read once per run before planning. The planner reads "no period" as
 * the latest full month with data rather than the calendar's last month, and a
 * period that holds no data is answered with where the data is instead of a zero.
 */
import { defineAgent } from '../agent';
import { tableSql, wallTime } from '../catalog/catalog';
import { queryRows } from '../analysis/recompute';
import { latestFullMonth, partialMonths } from '../analysis/coverage';
import { DataExtent, DataExtentInput, type MonthCoverage, type TimeFieldExtent } from '../contracts';
import { catalogFor, databaseFor } from '../sources';
import { currentWorkflowId, storeArtifact } from '../artifacts';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 2_400 };

export const readDataExtent = defineAgent({
  name: 'data-extent',
  input: DataExtentInput,
  output: DataExtent,
  run: async ({ catalogPath, databaseUrl, asOf }) => {
    const catalog = catalogFor(catalogPath);
    const db = databaseFor(databaseUrl);
    const timeFields: Record<string, TimeFieldExtent> = {};
    // Only the time fields some metric uses; each column is read once even if two fields share it.
    const used = new Set(Object.values(catalog.metrics).map((m) => m.time_field));
    const byColumn = new Map<string, MonthCoverage[]>();
    for (const [name, field] of Object.entries(catalog.time_fields)) {
      if (!used.has(name)) continue;
      let months = byColumn.get(field.column);
      if (!months) {
        const table = field.column.split('.')[0] ?? '';
        // Months and days as wall time in the catalog's zone (a timestamptz column is converted first).
        const time = wallTime(catalog, field.column);
        // Rows dated after "today" (data errors the data-quality agent counts) do not extend the data.
        const sql = `SELECT to_char(date_trunc('month', ${time}), 'YYYY-MM') AS month, count(*) AS rows,
            to_char(min(${time}), 'YYYY-MM-DD') AS first_day, to_char(max(${time}), 'YYYY-MM-DD') AS last_day
          FROM ${tableSql(catalog, table)} WHERE ${field.column} IS NOT NULL AND ${time} < ($1::date + 1)::timestamp GROUP BY 1 ORDER BY 1`;
        const { rows } = await queryRows(db, sql, [asOf], LIMITS);
        months = rows.map((r) => ({ month: String(r.month), rows: Number(r.rows), first_day: String(r.first_day), last_day: String(r.last_day) }));
        byColumn.set(field.column, months);
      }
      timeFields[name] = {
        time_field: name,
        column: field.column,
        rows: months.reduce((sum, m) => sum + m.rows, 0),
        first: months[0]?.first_day ?? null,
        last: months[months.length - 1]?.last_day ?? null,
        months,
        latest_full_month: latestFullMonth(months),
        partial_months: partialMonths(months),
      };
    }
    // Only the planner reads the months: they go to the artifact store, the history carries the reference.
    return { time_fields: {}, extent_ref: await storeArtifact(currentWorkflowId(), 'extent', 'extent', { time_fields: timeFields }) };
  },
});
