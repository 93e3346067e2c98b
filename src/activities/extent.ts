/**
 * Data-extent agent: where each time field of the catalog has data, month by
 * month, read once per run before planning. The planner reads "no period" as
 * the latest full month with data rather than the calendar's last month, and a
 * period that holds no data is answered with where the data is instead of a zero.
 */
import { defineAgent } from '../agents/contract';
import { monthProbes } from '../analysis/month-probes';
import { latestFullMonth, partialMonths } from '../analysis/coverage';
import { DataExtent, DataExtentInput, type TimeFieldExtent } from '../contracts';
import { catalogWithTypesFor, databaseFor } from '../settings/sources';
import { tableSql, type Catalog } from '../catalog/catalog';
import { currentWorkflowId, storeArtifact } from '../storage/artifacts';
import { dataVersionOf, readRowCounts } from '../storage/reuse';
import { runReadOnly } from '../storage/read-only';

/**
 * How many values each ranking-only dimension with a column has (COUNT DISTINCT over its table, code-written SQL),
 * so a breakdown by one is refused with its number of values. A count that fails or times out is left out.
 */
async function rankingOnlyValues(catalog: Catalog, db: string): Promise<Record<string, number>> {
  // The counts at once, each on its own connection of the pool.
  const counted = await Promise.all(
    Object.entries(catalog.dimensions).map(async ([id, dim]): Promise<[string, number] | null> => {
      if (!dim.ranking_only || !dim.column) return null;
      const [table] = dim.column.split('.') as [string, string];
      try {
        const { rows } = await runReadOnly<{ n: string }>(
          db,
          `SELECT count(DISTINCT ${dim.column}) AS n FROM ${tableSql(catalog, table)}`,
          [],
          { statementTimeoutMs: 10_000, rowCap: 1 },
        );
        return [id, Number(rows[0]?.n ?? 0)];
      } catch {
        // Not known: the refusal then says the dimension has too many values to list, without the number.
        return null;
      }
    }),
  );
  return Object.fromEntries(counted.filter((c): c is [string, number] => c !== null));
}

export const readDataExtent = defineAgent({
  name: 'data extent',
  input: DataExtentInput,
  output: DataExtent,
  run: async ({ catalogPath, databaseUrl, asOf, count_rows }) => {
    const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
    const db = databaseFor(databaseUrl);
    const timeFields: Record<string, TimeFieldExtent> = {};
    // Only the time fields some metric uses; each column is read once even if two fields share it.
    const used = new Set(Object.values(catalog.metrics).map((m) => m.time_field));
    // The ranking-only dimensions' counts (which never reject) are read while the months are.
    const dimensionCounts = rankingOnlyValues(catalog, db);
    // A conversation's turn: every table's row count, for the data's version its reuse keys carry (src/storage/reuse.ts).
    const rowCounts = count_rows ? readRowCounts(db, catalog) : null;
    const fields = Object.entries(catalog.time_fields).filter(([name]) => used.has(name));
    const columns = [...new Set(fields.map(([, field]) => field.column))];
    // Months and days as wall time in the catalog's zone; rows dated after "today" (data errors the data-quality
    // agent counts) do not extend the data. Two index probes a month, not a read of the table (month-probes.ts).
    const probed = await Promise.all(columns.map((column) => monthProbes(db, catalog, column, '($1::date + 1)::timestamp', [asOf])));
    const byColumn = new Map(columns.map((column, i) => [column, probed[i] ?? []]));
    for (const [name, field] of fields) {
      const months = byColumn.get(field.column) ?? [];
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
    const dimensionValues = await dimensionCounts;
    const stored = { time_fields: timeFields, dimension_values: dimensionValues };
    const extentRef = await storeArtifact(currentWorkflowId(), 'extent', 'extent', stored);
    if (!rowCounts) return { time_fields: {}, extent_ref: extentRef };
    const counts = await rowCounts;
    return { time_fields: {}, extent_ref: extentRef, data_version: counts === null ? null : dataVersionOf(extentRef, counts) };
  },
});
