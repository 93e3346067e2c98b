/**
 * Data-quality agent: before the analysis reads a table, count what is wrong
 * with it, using the rules the catalog declares per column (negative values,
 * missing values and references, impossible dates, also across a declared join,
 * and future dates), say whether the metric filters already keep those rows out,
 * and find periods the data covers only partly (a month whose data stops before
 * its end), so a half-loaded month is flagged rather than read as a drop.
 *
 * Every count is made twice: over the rows in the analysed period (the plan's
 * windows) and over the whole table, so a report about March says what is wrong
 * with March's rows and, beside it, how much is wrong in the table. How a table's
 * rows are placed in the period is `periodScope` (quality/scope.ts).
 *
 * A data-quality question ("is anything wrong with the orders data?") runs the same
 * agent on the tables and checks the question names (`question`), over the whole
 * tables, or in its window when it names one.
 *
 * The agent returns data: counts, checks and periods, and the calculations' descriptions; the stage's line is
 * rendered where it is shown (qualitySummary, src/messages/quality.ts).
 */
import type { z } from 'zod';
import type { Catalog } from '../catalog/catalog';
import { defineAgent } from '../agents/contract';
import { DataQualityInput, DataQualityOutput, type Recipe } from '../contracts';
import { catalogWithTypesFor, databaseFor } from '../settings/sources';
import { storeArtifact, storeCalculations } from '../storage/artifacts';
import { stageKey, withReuse } from '../storage/reuse';
import { textIn } from '../messages';
import { partialPeriods } from './quality/partial';
import { mergedRanges } from './quality/scope';
import { futureEdges } from './quality/rules';
import { countTable, type Gathered } from './quality/table';

export { wholeTableRowLimit } from './quality/rules';

/** The tables to check: the question's, or the metrics' tables and the joined tables with checks whose columns they read. */
function tablesToCheck(catalog: Catalog, metrics: string[], question: { tables: string[] } | undefined): string[] {
  if (question) return question.tables.filter((t) => t in catalog.tables);
  const tables = [...new Set(metrics.map((m) => catalog.metrics[m]?.table).filter((x): x is string => Boolean(x)))];
  for (const j of catalog.joins) {
    const [fromTable] = j.from.split('.');
    const [toTable] = j.to.split('.');
    if (
      fromTable &&
      toTable &&
      tables.includes(fromTable) &&
      !tables.includes(toTable) &&
      (catalog.tables[toTable]?.checks.length ?? 0) > 0
    )
      tables.push(toTable);
  }
  return tables;
}

export const checkDataQuality = defineAgent({
  name: 'data quality',
  input: DataQualityInput,
  output: DataQualityOutput,
  run: async (input) => {
    // A conversation's turn reads an earlier turn's counts of the same tables and windows on the same data (src/storage/reuse.ts).
    if (!input.reuse) return countQuality(input);
    const { workflow_id, catalogPath, databaseUrl, metrics, windows, language, question } = input;
    // Counts of rows "in the future" change as rows pass "now", with no change to the data: the key carries where the
    // future begins in each checked column.
    const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
    const tables = tablesToCheck(catalog, metrics, question);
    const future = input.data_version ? await futureEdges(catalog, databaseFor(databaseUrl), tables) : null;
    const inputs = [catalogPath ?? null, databaseUrl ?? null, metrics, windows, language, question ?? null, future?.edges ?? []];
    const key = stageKey('dq', inputs, input.data_version);
    const counted = await withReuse(workflow_id, 'dq', key, input.reuse, () => countQuality(input));
    // Until a dated row passes "now", a later turn on the same data may take these counts as they are (src/workflows/reuse.ts).
    return counted.reuse ? { ...counted, reuse: { ...counted.reuse, holds_until: future?.holdsUntil ?? null } } : counted;
  },
});

/** The counts themselves: every check of the tables read, in the period and over the whole table, and the partial periods. */
async function countQuality({
  workflow_id,
  catalogPath,
  databaseUrl,
  metrics,
  windows,
  language,
  question,
}: z.output<typeof DataQualityInput>) {
  const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
  const db = databaseFor(databaseUrl);
  const text = textIn(language);
  const tables = tablesToCheck(catalog, metrics, question);
  const out: Gathered = { checkSql: [], recount: [], checks: [], calcs: [], tables: [], dirtyRows: 0, dirtyRowsAll: 0 };
  const input = { catalog, db, metrics, ranges: mergedRanges(windows), language, text, question: question ?? null };
  for (const table of tables) await countTable(input, table, out);
  const partial = question ? [] : await partialPeriods(catalog, db, metrics[0], windows, text, out);
  const recipe: Recipe = { kind: 'quality', step_id: 'dq', checks: out.checkSql, ...(question ? { recount: out.recount } : {}) };
  // Rows failing in the period are what the numbers may contain; the whole table's count stands beside them.
  const dirtyChecks = out.checks.filter((c) => c.count > 0);
  return {
    task_id: 'dq',
    tables: out.tables,
    checks: out.checks,
    partial_periods: partial,
    dirty_rows: out.dirtyRows,
    dirty_rows_all: out.dirtyRowsAll,
    calculations_ref: await storeCalculations(workflow_id, 'dq', out.calcs),
    calculation_count: out.calcs.length,
    // The check queries are long: recomputeNumbers reads them from the artifact store.
    recipe: { kind: 'stored' as const, step_id: 'dq', recipe_ref: await storeArtifact(workflow_id, 'dq', 'recipe', recipe) },
    // Counts live in the calculations (and so in the report, cited); these sentences carry none.
    assumptions_made: dirtyChecks.filter((c) => !c.excluded_by_metrics).map((c) => text('quality.still-counted', { check: c.description })),
    paths_excluded: [
      ...dirtyChecks.filter((c) => c.excluded_by_metrics).map((c) => text('quality.excluded', { check: c.description })),
      ...partial.map((p) => text('quality.partial', { period: p.period, last: p.last_day_with_data ?? text('quality.partial.no-day') })),
    ],
  };
}
