/**
 * Data-quality agent: before the analysis reads a table, count what is wrong
 * with it, using the rules the catalog declares per column (negative values,
 * missing values and references, impossible and future dates), say whether the
 * metric filters already keep those rows out, and find periods the data covers
 * only partly (a month whose data stops before its end), so a half-loaded month
 * is flagged rather than read as a drop.
 *
 * Every count is made twice: over the rows in the analysed period (the plan's
 * windows) and over the whole table, so a report about March says what is wrong
 * with March's rows and, beside it, how much is wrong in the table. How a table's
 * rows are placed in the period is `periodScope` below.
 */
import { qualifiedTable, tableSql, wallNow, wallTime, type ColumnCheck, type Catalog } from '../catalog/catalog';
import { defineAgent } from '../agents/contract';
import { queryRows } from '../analysis/recompute';
import {
  DataQualityInput,
  DataQualityOutput,
  type Recipe,
  type Calculation,
  type PartialPeriod,
  type QualityCheckResult,
  type TimeWindow,
} from '../contracts';
import { catalogWithTypesFor, databaseFor } from '../settings/sources';
import { partialMonths } from '../analysis/coverage';
import { monthProbes, wallRange } from '../analysis/month-probes';
import { storeArtifact, storeCalculations } from '../storage/artifacts';
import { runReadOnly } from '../storage/read-only';
import { catalogText } from '../format/labels';
import { textIn } from '../messages';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 1_000 };

/**
 * Tables up to this many rows (PostgreSQL's estimate, pg_class.reltuples) are also counted whole, beside the period;
 * a larger one is counted in the analysed period only, and the report says the whole table was not counted. Reading a
 * 200 thousand-row table takes tens of milliseconds; at 7.5 million rows a count is seconds per check.
 * BATON_QUALITY_WHOLE_TABLE_ROWS changes the limit.
 */
export function wholeTableRowLimit(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.BATON_QUALITY_WHOLE_TABLE_ROWS ?? 200_000);
  return Number.isFinite(value) && value >= 0 ? value : 200_000;
}

/** PostgreSQL's estimate of a table's rows (null when it has never been analysed). */
async function estimatedRows(catalog: Catalog, db: string, table: string): Promise<number | null> {
  // Code-written metadata, not agent SQL, as in columnNow.
  const { rows } = await runReadOnly<{ value: string | null }>(
    db,
    'SELECT reltuples::bigint AS value FROM pg_class WHERE oid = to_regclass($1)',
    [qualifiedTable(catalog, table)],
    LIMITS,
  );
  const value = rows[0]?.value;
  return value === null || value === undefined || Number(value) < 0 ? null : Number(value);
}

const KIND: Record<ColumnCheck['rule'], QualityCheckResult['kind']> = {
  non_negative: 'negative_value',
  not_null: 'missing_value',
  not_before: 'impossible_date',
  not_in_future: 'future_date',
};

/**
 * The SQL condition that makes a row fail the check. `now` is "now" as the checked column holds time: an instant for
 * a `timestamptz` column, the wall time in the catalog's zone for `timestamp` and `date` (see columnNow).
 */
function violation(table: string, check: ColumnCheck, now: string): string {
  const col = `${table}.${check.column}`;
  switch (check.rule) {
    case 'non_negative':
      return `${col} < 0`;
    case 'not_null':
      return `${col} IS NULL${check.when ? ` AND (${check.when})` : ''}`;
    case 'not_before':
      return `${col} < ${table}.${check.other ?? check.column}`;
    case 'not_in_future':
      return `${col} > ${now}`;
  }
}

/**
 * "Now" for comparing with a column, by the column's type in the database: a Shanghai shop's `timestamp` column holds
 * Shanghai wall times, so at 01:00 UTC its rows up to 09:00 are in the past, which a bare now() in a UTC session
 * would call the future.
 */
async function columnNow(catalog: Catalog, db: string, table: string, column: string): Promise<string> {
  const declared = Object.values(catalog.time_fields).find((f) => f.column === `${table}.${column}`);
  if (declared) return declared.type === 'timestamptz' ? 'now()' : wallNow(catalog);
  // A column the catalog does not type: asked of the system catalog. Code-written metadata, not agent SQL: the SQL
  // guard (which refuses system tables to agents) is not in front of it; the read-only role, the READ ONLY transaction
  // and the limits are.
  const { rows } = await runReadOnly<{ value: string }>(
    db,
    'SELECT format_type(atttypid, atttypmod) AS value FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2',
    [qualifiedTable(catalog, table), column],
    LIMITS,
  );
  return String(rows[0]?.value ?? '').startsWith('timestamp with time zone') ? 'now()' : wallNow(catalog);
}

function isReference(catalog: Catalog, table: string, column: string): boolean {
  return catalog.joins.some((j) => j.from === `${table}.${column}`);
}

const tableOf = (column: string) => column.split('.')[0] ?? '';

/** The plan's windows as disjoint [start, end) ranges, in order (overlapping and touching windows merged). */
function mergedRanges(windows: TimeWindow[]): { start: string; end: string }[] {
  const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
  const out: { start: string; end: string }[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.start <= last.end) last.end = w.end > last.end ? w.end : last.end;
    else out.push({ start: w.start, end: w.end });
  }
  return out;
}

/**
 * SQL: a time column's wall time falls in one of the ranges (dates are ISO, checked by the contract, so written
 * inline), as range conditions on the column itself, which its index serves (src/analysis/month-probes.ts wallRange).
 */
function inRanges(catalog: Catalog, column: string, ranges: { start: string; end: string }[]): string {
  return `(${ranges.map((r) => `(${wallRange(catalog, column, `'${r.start}'::timestamp`, `'${r.end}'::timestamp`)})`).join(' OR ')})`;
}

interface Hop {
  table: string;
  key: string;
  foreign: string;
}

/** The many-to-one hops (the current table holds the foreign key) from `from` to `to`, or null when there are none. */
function hopsTo(catalog: Catalog, from: string, to: string): Hop[] | null {
  const reached = new Map<string, Hop[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const join of catalog.joins) {
      if (tableOf(join.from) !== table || join.relationship === 'one_to_many' || reached.has(tableOf(join.to))) continue;
      reached.set(tableOf(join.to), [...(reached.get(table) ?? []), { table: tableOf(join.to), key: join.to, foreign: join.from }]);
      queue.push(tableOf(join.to));
    }
  }
  return from === to ? null : (reached.get(to) ?? null);
}

/**
 * Which rows of `table` are in the analysed period, as an SQL condition on its rows, and how that was decided.
 * The period is read on the time field of the plan's metrics (their first one that reaches the table), as wall time
 * in the catalog's zone:
 *   1. the table holds the time field (orders.pay_time): rows whose time is in the period; a row without one (a paid
 *      order with no pay time) is placed by the table's own time_column (orders.order_time) when it declares one;
 *   2. the table reaches the time field through many-to-one joins (invoice_line → invoice.invoice_date): its rows
 *      take the time of the row they belong to;
 *   3. the time field's table references it (orders.user_id → users): the rows referenced by a row in the period
 *      (the users who ordered in it);
 *   4. otherwise the table's own time_column; with none, null: the table is counted whole only.
 */
function periodScope(
  catalog: Catalog,
  metrics: string[],
  table: string,
  ranges: { start: string; end: string }[],
): { predicate: string; how: string } | null {
  const fields = [
    ...new Set(
      metrics.map((m) => catalog.time_fields[catalog.metrics[m]?.time_field ?? '']?.column).filter((c): c is string => Boolean(c)),
    ),
  ];
  const own = catalog.tables[table]?.time_column;
  // Every form below is a range on a time column, or a key looked up in the rows such a range finds, so the period's
  // rows are found through indexes (the time column's, the keys'), never by reading the table and testing each row.
  // The keys go in as `key = ANY (ARRAY(subquery))`, which the key's index serves, rather than `key IN (subquery)`,
  // which the planner turns into a hash semi-join over the whole table once the window is a few percent of it.
  for (const column of fields.filter((c) => tableOf(c) === table)) {
    const fallback = own && `${table}.${own}` !== column ? `${table}.${own}` : null;
    // COALESCE(time, fallback) in the period, written so that each column's index serves its half.
    const predicate = fallback
      ? `(${inRanges(catalog, column, ranges)} OR (${column} IS NULL AND ${inRanges(catalog, fallback, ranges)}))`
      : inRanges(catalog, column, ranges);
    return { predicate, how: fallback ? `${column} (${fallback} where ${column} is empty)` : column };
  }
  for (const column of fields) {
    const hops = hopsTo(catalog, table, tableOf(column));
    if (!hops) continue;
    // Innermost first: the keys of the last table's rows in the period, each level the keys of the rows that point at them.
    let predicate = inRanges(catalog, column, ranges);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as Hop;
      predicate = `${hop.foreign} = ANY (ARRAY(SELECT ${hop.key} FROM ${tableSql(catalog, hop.table)} WHERE ${predicate}))`;
    }
    return { predicate, how: `${column} through ${hops.map((h) => h.foreign).join(', ')}` };
  }
  for (const column of fields) {
    const join = catalog.joins.find((j) => tableOf(j.from) === tableOf(column) && tableOf(j.to) === table);
    if (join)
      return {
        predicate: `${join.to} = ANY (ARRAY(SELECT ${join.from} FROM ${tableSql(catalog, tableOf(column))} WHERE ${inRanges(catalog, column, ranges)}))`,
        how: `referenced through ${join.from} by ${tableOf(column)} rows with ${column} in the period`,
      };
  }
  return own ? { predicate: inRanges(catalog, `${table}.${own}`, ranges), how: `${table}.${own}` } : null;
}

/** Each month (YYYY-MM) the windows touch, with the part of it they cover: [start, end). */
function monthsOf(windows: TimeWindow[]): { period: string; start: string; end: string }[] {
  const out = new Map<string, { period: string; start: string; end: string }>();
  for (const w of windows) {
    let cursor = w.start;
    while (cursor < w.end) {
      const [y, m] = cursor.split('-').map(Number) as [number, number];
      const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
      const end = next < w.end ? next : w.end;
      const period = cursor.slice(0, 7);
      const known = out.get(period);
      out.set(period, {
        period,
        start: known && known.start < cursor ? known.start : cursor,
        end: known && known.end > end ? known.end : end,
      });
      cursor = next;
    }
  }
  return [...out.values()].sort((a, b) => a.period.localeCompare(b.period));
}

export const checkDataQuality = defineAgent({
  name: 'data quality',
  input: DataQualityInput,
  output: DataQualityOutput,
  run: async ({ workflow_id, catalogPath, databaseUrl, metrics, windows, language }) => {
    const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
    const db = databaseFor(databaseUrl);
    const text = textIn(language);
    const tables = [...new Set(metrics.map((m) => catalog.metrics[m]?.table).filter((x): x is string => Boolean(x)))];
    // Joined tables whose columns the metrics read are checked too.
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

    const checkSql: { id: string; sql: string; params: string[]; column?: string }[] = [];
    const checks: QualityCheckResult[] = [];
    const calcs: Calculation[] = [];
    const tableRows: DataQualityOutput['tables'] = [];
    let dirtyRows = 0;
    let dirtyRowsAll = 0;
    const ranges = mergedRanges(windows);

    for (const table of tables) {
      const def = catalog.tables[table];
      if (!def) continue;
      const scope = periodScope(catalog, metrics, table, ranges);
      const estimate = scope ? await estimatedRows(catalog, db, table) : null;
      const wholeTable = estimate === null || estimate <= wholeTableRowLimit();
      const rules = [];
      for (const check of def.checks) {
        const id = `${table}.${check.column}.${check.rule}`;
        const predicate = violation(
          table,
          check,
          check.rule === 'not_in_future' ? await columnNow(catalog, db, table, check.column) : 'now()',
        );
        const description = catalogText(language, check.description ?? id, check.description_zh);
        rules.push({ check, id, predicate, description });
      }
      const keep = keepConditions(catalog, metrics, table);
      // Everything counted of the table, each a column of one statement, so that the table's rows in the period (and,
      // for a table under the row limit, the whole table) are read once rather than once per count: its rows, each
      // rule's failing rows, the rows failing any rule, and each rule's failing rows that a metric's filters let in.
      const anyRule = rules.length > 0 ? rules.map((r) => `(${r.predicate})`).join(' OR ') : null;
      const counted = new Counted();
      const rowsColumn = counted.add(null);
      const ruleColumns = rules.map((r) => ({
        failing: counted.add(r.predicate),
        keptBy: keep === null ? [] : keep.map((conditions) => counted.add([r.predicate, ...conditions].map((w) => `(${w})`).join(' AND '))),
      }));
      const dirtyColumn = anyRule === null ? null : counted.add(anyRule);
      const source = tableSql(catalog, table);
      const periodSql = scope ? counted.sql(source, scope.predicate) : null;
      const wholeSql = wholeTable ? counted.sql(source, null) : null;
      const inPeriod = periodSql === null ? null : await countsOf(db, periodSql);
      const whole = wholeSql === null ? null : await countsOf(db, wholeSql);

      /**
       * The calculations of one count: in the analysed period (`dq.<id>`, when the table has a way into it) and in the
       * whole table (`dq.<id>.all`, for a table under the row limit), each a column of the statement the validator
       * re-runs. Returns both values (all: null when the table was counted in the period only).
       */
      const cite = (
        id: string,
        column: string,
        where: string | null,
        describe: string,
        sources: Calculation['sources'],
        importance: (n: number) => Calculation['importance'],
      ) => {
        const all = whole === null ? null : (whole.get(column) ?? 0);
        const period = inPeriod === null ? null : (inPeriod.get(column) ?? 0);
        const alone = (scopePredicate: string | null) =>
          `SELECT count(*) AS value FROM ${source}${
            [where, scopePredicate].some(Boolean)
              ? ` WHERE ${[where, scopePredicate]
                  .filter((w): w is string => w !== null)
                  .map((w) => `(${w})`)
                  .join(' AND ')}`
              : ''
          }`;
        if (all !== null && wholeSql !== null && (where !== null || !scope)) {
          checkSql.push({ id: `${id}.all`, sql: wholeSql, params: [], column });
          calcs.push(
            quality(
              `${id}.all`,
              all,
              'integer',
              text('quality.count.whole-table', { what: describe }),
              alone(null),
              sources,
              importance(all),
            ),
          );
        }
        // None in the whole table: none in the period either (no second calculation for a zero the report does not cite).
        if (period === null || periodSql === null || (where !== null && all === 0)) return { inPeriod: period ?? all ?? 0, all };
        checkSql.push({ id, sql: periodSql, params: [], column });
        // Shown whenever the whole table has any, so it is verified (high) then too.
        calcs.push(
          quality(
            id,
            period,
            'integer',
            text('quality.count.in-period', { what: describe }),
            alone(scope?.predicate ?? null),
            sources,
            importance(all ?? period),
          ),
        );
        return { inPeriod: period, all };
      };

      const rows = cite(`${table}.rows`, rowsColumn, null, text('quality.rows', { table }), [{ table, columns: ['*'] }], () => 'high');
      tableRows.push({
        table,
        rows: rows.inPeriod,
        ...(rows.all === null ? { whole_table_rows_estimate: estimate ?? 0 } : { rows_all: rows.all }),
        period: scope?.how ?? null,
      });

      rules.forEach(({ check, id, predicate, description }, i) => {
        const columns = ruleColumns[i] as { failing: string; keptBy: string[] };
        const found = cite(
          id,
          columns.failing,
          predicate,
          description,
          [{ table, columns: [...new Set([check.column, ...(check.other ? [check.other] : [])])] }],
          (n) => (n > 0 ? 'high' : 'low'),
        );
        // Do the filters of the metrics on this table keep these rows out of every number? (Nothing to keep out when
        // no row fails; a large table is asked about the period's rows only; a table no metric counts rows of is read
        // through joins, unfiltered, so its rows count.)
        const counts = whole ?? inPeriod;
        const kept = (found.all ?? found.inPeriod) === 0 || keep === null || columns.keptBy.some((c) => (counts?.get(c) ?? 0) > 0);
        const kind = check.rule === 'not_null' && isReference(catalog, table, check.column) ? 'missing_reference' : KIND[check.rule];
        checks.push({
          id,
          kind,
          table,
          column: check.column,
          description,
          count: found.inPeriod,
          ...(found.all === null ? {} : { count_all: found.all }),
          excluded_by_metrics: !kept,
        });
      });
      // Rows failing any rule, for a table where some rule fails.
      if (dirtyColumn !== null && anyRule !== null && checks.some((c) => c.table === table && (c.count_all ?? c.count) > 0)) {
        const dirty = cite(
          `${table}.dirty_rows`,
          dirtyColumn,
          anyRule,
          text('quality.dirty-rows', { table }),
          [{ table, columns: [...new Set(def.checks.map((c) => c.column))] }],
          (n) => (n > 0 ? 'high' : 'low'),
        );
        dirtyRows += dirty.inPeriod;
        dirtyRowsAll += dirty.all ?? dirty.inPeriod;
      }
    }

    // Partial periods: a month in the analysed windows that the data covers only partly, judged on the metric's own
    // time field against the months in between (so weekends and sparse data do not count; see analysis/coverage.ts).
    const partial: PartialPeriod[] = [];
    const timeField = catalog.time_fields[catalog.metrics[metrics[0] ?? '']?.time_field ?? ''];
    const [main, timeColumn] = (timeField?.column ?? '').split('.') as [string | undefined, string | undefined];
    if (main && timeColumn) {
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
        checkSql.push({ id, sql: sql.replace('$1', `'${month.start}'`).replace('$2', `'${month.end}'`), params: [] });
        calcs.push(
          quality(
            id,
            covered,
            'integer',
            text('quality.days-with-data', { period: month.period }),
            sql,
            [{ table: main, columns: [timeColumn] }],
            'high',
          ),
        );
      }
    }

    // Rows failing in the period are what the numbers may contain; the whole table's count stands beside them.
    const dirtyChecks = checks.filter((c) => c.count > 0);
    const anyDirty = checks.filter((c) => (c.count_all ?? c.count) > 0);
    const found = anyDirty.map((c) =>
      text('quality.summary.check', {
        check: c.description,
        rows: c.count,
        whole: c.count_all === undefined ? text('quality.summary.whole-not-counted') : text('quality.summary.whole', { rows: c.count_all }),
      }),
    );
    const summary = text('quality.summary', {
      tables: tables.join(text('common.list')),
      found: found.join(text('common.comma')) || text('quality.summary.nothing-found'),
      partial:
        partial.length > 0
          ? text('quality.summary.partial', {
              periods: partial
                .map((p) =>
                  text('quality.summary.partial-period', { period: p.period, covered: p.days_covered, expected: p.days_expected }),
                )
                .join(text('common.list')),
            })
          : '',
    });
    return {
      task_id: 'dq',
      tables: tableRows,
      checks,
      partial_periods: partial,
      dirty_rows: dirtyRows,
      dirty_rows_all: dirtyRowsAll,
      calculations_ref: await storeCalculations(workflow_id, 'dq', calcs),
      calculation_count: calcs.length,
      // The check queries are long: the validator reads them from the artifact store.
      recipe: {
        kind: 'stored' as const,
        step_id: 'dq',
        recipe_ref: await storeArtifact(workflow_id, 'dq', 'recipe', { kind: 'quality', step_id: 'dq', checks: checkSql } satisfies Recipe),
      },
      // Counts live in the calculations (and so in the report, cited); these sentences carry none.
      assumptions_made: dirtyChecks
        .filter((c) => !c.excluded_by_metrics)
        .map((c) => text('quality.still-counted', { check: c.description })),
      paths_excluded: [
        ...dirtyChecks.filter((c) => c.excluded_by_metrics).map((c) => text('quality.excluded', { check: c.description })),
        ...partial.map((p) => text('quality.partial', { period: p.period, last: p.last_day_with_data ?? text('quality.partial.no-day') })),
      ],
      summary,
    };
  },
});

function quality(
  id: string,
  value: number,
  display: Calculation['display'],
  description: string,
  sql: string,
  sources: Calculation['sources'],
  importance: Calculation['importance'],
): Calculation {
  return {
    id: `dq.${id}`,
    step_id: 'dq',
    value,
    display,
    delta: false,
    description,
    formula: sql,
    sources,
    importance,
    pick: { field: 'value', match: { check: id } },
  };
}

/**
 * Per metric that counts rows of `table`, the conditions a row must meet to count in it: the metric's filters on the
 * table's own columns and its time being set. Filters on other tables would need joins; leaving them out can only
 * make "kept" more likely (the cautious answer). Null when no metric counts rows of the table (a joined table, read
 * unfiltered).
 */
function keepConditions(catalog: Catalog, metrics: string[], table: string): string[][] | null {
  const own = (sql: string) => [...sql.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_]/gi)].every((m) => m[1] === table);
  const out: string[][] = [];
  for (const name of metrics) {
    const metric = catalog.metrics[name];
    if (!metric || metric.table !== table) continue;
    const time = catalog.time_fields[metric.time_field]?.column;
    out.push([...metric.filters.map((f) => f.sql).filter(own), ...(time && own(time) ? [`${time} IS NOT NULL`] : [])]);
  }
  return out.length > 0 ? out : null;
}

/** The counts of one table read in one statement: each condition a `count(*) FILTER (WHERE …)` column of its own. */
class Counted {
  private readonly conditions: (string | null)[] = [];

  /** A count of the rows meeting `where` (every row when null); returns its column. */
  add(where: string | null): string {
    this.conditions.push(where);
    return `n${this.conditions.length - 1}`;
  }

  sql(source: string, scope: string | null): string {
    const columns = this.conditions.map((where, i) => `count(*)${where === null ? '' : ` FILTER (WHERE ${where})`} AS n${i}`);
    return `SELECT ${columns.join(', ')} FROM ${source}${scope === null ? '' : ` WHERE ${scope}`}`;
  }
}

/** Runs a Counted statement: each column's count. */
async function countsOf(db: string, sql: string): Promise<Map<string, number>> {
  const { rows } = await queryRows(db, sql, [], LIMITS);
  return new Map(Object.entries(rows[0] ?? {}).map(([column, value]) => [column, Number(value ?? 0)]));
}
