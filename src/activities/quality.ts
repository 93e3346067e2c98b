/**
 * Data-quality agent: before the analysis reads a table, count what is wrong
 * with it, using the rules the catalog declares per column (negative values,
 * missing values and references, impossible and future dates), say whether the
 * metric filters already keep those rows out, and find periods the data covers
 * only partly (a month whose data stops before its end), so a half-loaded month
 * is flagged rather than read as a drop.
 */
import type { ColumnCheck, Catalog } from '../catalog/catalog';
import { defineAgent } from '../agent';
import { queryRows } from '../analysis/recompute';
import { DataQualityInput, DataQualityOutput, type Calculation, type PartialPeriod, type QualityCheckResult, type TimeWindow } from '../contracts';
import { catalogFor, databaseFor } from '../sources';
import { partialMonths } from '../analysis/coverage';
import { storeCalculations } from '../artifacts';
import { say } from '../analysis/wording';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 1_000 };

const KIND: Record<ColumnCheck['rule'], QualityCheckResult['kind']> = {
  non_negative: 'negative_value',
  not_null: 'missing_value',
  not_before: 'impossible_date',
  not_in_future: 'future_date',
};

/** The SQL condition that makes a row fail the check. */
function violation(table: string, check: ColumnCheck): string {
  const col = `${table}.${check.column}`;
  switch (check.rule) {
    case 'non_negative':
      return `${col} < 0`;
    case 'not_null':
      return `${col} IS NULL${check.when ? ` AND (${check.when})` : ''}`;
    case 'not_before':
      return `${col} < ${table}.${check.other ?? check.column}`;
    case 'not_in_future':
      return `${col} > now()`;
  }
}

function isReference(catalog: Catalog, table: string, column: string): boolean {
  return catalog.joins.some((j) => j.from === `${table}.${column}`);
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
      out.set(period, { period, start: known && known.start < cursor ? known.start : cursor, end: known && known.end > end ? known.end : end });
      cursor = next;
    }
  }
  return [...out.values()].sort((a, b) => a.period.localeCompare(b.period));
}

export const checkDataQuality = defineAgent({
  name: 'data-quality',
  input: DataQualityInput,
  output: DataQualityOutput,
  run: async ({ workflow_id, catalogPath, databaseUrl, metrics, windows, language }) => {
    const catalog = catalogFor(catalogPath);
    const db = databaseFor(databaseUrl);
    const t = say(language);
    const tables = [...new Set(metrics.map((m) => catalog.metrics[m]?.table).filter((x): x is string => Boolean(x)))];
    // Joined tables whose columns the metrics read are checked too.
    for (const j of catalog.joins) {
      const [fromTable] = j.from.split('.');
      const [toTable] = j.to.split('.');
      if (fromTable && toTable && tables.includes(fromTable) && !tables.includes(toTable) && (catalog.tables[toTable]?.checks.length ?? 0) > 0) tables.push(toTable);
    }

    const checkSql: { id: string; sql: string; params: string[] }[] = [];
    const checks: QualityCheckResult[] = [];
    const calcs: Calculation[] = [];
    const tableRows: { table: string; rows: number }[] = [];
    let dirtyRows = 0;
    const count = async (sql: string, params: string[] = []) => Number((await queryRows(db, sql, params, LIMITS)).rows[0]?.value ?? 0);

    for (const table of tables) {
      const def = catalog.tables[table];
      if (!def) continue;
      const rowsSql = `SELECT count(*) AS value FROM ${table}`;
      const rows = await count(rowsSql);
      tableRows.push({ table, rows });
      checkSql.push({ id: `${table}.rows`, sql: rowsSql, params: [] });
      calcs.push(quality(`${table}.rows`, rows, 'integer', t(`${table} 表总行数`, `rows in ${table}`), rowsSql, [{ table, columns: ['*'] }], 'medium'));

      const predicates: string[] = [];
      for (const check of def.checks) {
        const id = `${table}.${check.column}.${check.rule}`;
        const predicate = violation(table, check);
        predicates.push(`(${predicate})`);
        const sql = `SELECT count(*) AS value FROM ${table} WHERE ${predicate}`;
        const found = await count(sql);
        // Do the filters of the metrics on this table keep these rows out of every number?
        // (Nothing to keep out when no row fails.)
        const kept = found === 0 || (await metricFiltersKeep(catalog, db, metrics, table, predicate));
        const kind = check.rule === 'not_null' && isReference(catalog, table, check.column) ? 'missing_reference' : KIND[check.rule];
        const description = t(check.description_zh ?? check.description ?? id, check.description ?? id);
        checks.push({ id, kind, table, column: check.column, description, count: found, excluded_by_metrics: !kept });
        checkSql.push({ id, sql, params: [] });
        calcs.push(quality(id, found, 'integer', description, sql, [{ table, columns: [...new Set([check.column, ...(check.other ? [check.other] : [])])] }], found > 0 ? 'high' : 'low'));
      }
      if (predicates.length > 0) {
        const sql = `SELECT count(*) AS value FROM ${table} WHERE ${predicates.join(' OR ')}`;
        const dirty = await count(sql);
        dirtyRows += dirty;
        checkSql.push({ id: `${table}.dirty_rows`, sql, params: [] });
        calcs.push(quality(`${table}.dirty_rows`, dirty, 'integer', t(`${table} 表中至少违反一条规则的行`, `rows of ${table} failing at least one rule`), sql, [{ table, columns: [...new Set(def.checks.map((c) => c.column))] }], dirty > 0 ? 'high' : 'low'));
      }
    }

    // Partial periods: a month in the analysed windows that the data covers only partly, judged on the metric's own
    // time field against the months in between (so weekends and sparse data do not count; see analysis/coverage.ts).
    const partial: PartialPeriod[] = [];
    const timeField = catalog.time_fields[catalog.metrics[metrics[0] ?? '']?.time_field ?? ''];
    const [main, timeColumn] = (timeField?.column ?? '').split('.') as [string | undefined, string | undefined];
    if (main && timeColumn) {
      const column = `${main}.${timeColumn}`;
      const seriesSql = `SELECT to_char(date_trunc('month', ${column}), 'YYYY-MM') AS month, count(*) AS rows, to_char(min(${column}), 'YYYY-MM-DD') AS first_day,
          to_char(max(${column}), 'YYYY-MM-DD') AS last_day FROM ${main} WHERE ${column} IS NOT NULL AND ${column} < now() GROUP BY 1 ORDER BY 1`;
      const series = (await queryRows(db, seriesSql, [], { ...LIMITS, rowCap: 2_400 })).rows.map((r) => ({ month: String(r.month), rows: Number(r.rows), first_day: String(r.first_day), last_day: String(r.last_day) }));
      const cutShort = new Set(partialMonths(series));
      for (const month of monthsOf(windows).filter((m) => cutShort.has(m.period))) {
        const sql = `SELECT count(DISTINCT (${column})::date) AS value, to_char(max(${column}), 'YYYY-MM-DD') AS last_day FROM ${main} WHERE ${column} >= $1::timestamp AND ${column} < $2::timestamp`;
        const { rows } = await queryRows(db, sql, [month.start, month.end], LIMITS);
        const covered = Number(rows[0]?.value ?? 0);
        const lastDay = (rows[0]?.last_day as string | null) ?? null;
        const expected = Math.round((Date.parse(month.end) - Date.parse(month.start)) / 86_400_000);
        partial.push({ period: month.period, days_covered: covered, days_expected: expected, last_day_with_data: lastDay });
        const id = `${main}.coverage.${month.period}`;
        checkSql.push({ id, sql: sql.replace('$1', `'${month.start}'`).replace('$2', `'${month.end}'`), params: [] });
        calcs.push(quality(id, covered, 'integer', t(`${month.period} 有数据的天数`, `days of ${month.period} with data`), sql, [{ table: main, columns: [timeColumn] }], 'high'));
      }
    }

    const dirtyChecks = checks.filter((c) => c.count > 0);
    const summary = t(
      `检查 ${tables.join('、')}：${dirtyChecks.map((c) => `${c.description} ${c.count} 行`).join('，') || '未发现问题行'}${partial.length > 0 ? `；不完整期间：${partial.map((p) => `${p.period}（${p.days_covered}/${p.days_expected} 天）`).join('、')}` : ''}`,
      `checked ${tables.join(', ')}: ${dirtyChecks.map((c) => `${c.count} ${c.description}`).join(', ') || 'no failing rows'}${partial.length > 0 ? `; partial periods: ${partial.map((p) => `${p.period} (${p.days_covered} of ${p.days_expected} days)`).join(', ')}` : ''}`,
    );
    return {
      task_id: 'dq',
      tables: tableRows,
      checks,
      partial_periods: partial,
      dirty_rows: dirtyRows,
      calculations_ref: await storeCalculations(workflow_id, 'dq', calcs),
      calculation_count: calcs.length,
      recipe: { kind: 'quality' as const, step_id: 'dq', checks: checkSql.map((c) => ({ id: c.id, sql: c.sql, params: c.params })) },
      // Counts live in the calculations (and so in the report, cited); these sentences carry none.
      assumptions_made: dirtyChecks.filter((c) => !c.excluded_by_metrics).map((c) => t(`${c.description}仍计入指标；按该维度分组时归入“缺失”组`, `${c.description} still count in the metrics; grouped by that dimension they form a "missing" group`)),
      paths_excluded: [
        ...dirtyChecks.filter((c) => c.excluded_by_metrics).map((c) => t(`${c.description}已被指标口径排除`, `${c.description} are kept out by the metric filters`)),
        ...partial.map((p) => t(`${p.period} 数据不完整（最后一天有数据为 ${p.last_day_with_data ?? '无'}），不与完整月份比较`, `${p.period} is only partly loaded (last day with data: ${p.last_day_with_data ?? 'none'}); not compared with full months`)),
      ],
      summary,
    };
  },
});

function quality(id: string, value: number, display: Calculation['display'], description: string, sql: string, sources: Calculation['sources'], importance: Calculation['importance']): Calculation {
  return { id: `dq.${id}`, step_id: 'dq', value, display, delta: false, description, formula: sql, sources, importance, pick: { field: 'value', match: { check: id } } };
}

/** Whether any failing row of `table` still passes every filter of some metric on it (so it counts somewhere). */
async function metricFiltersKeep(catalog: Catalog, db: string, metrics: string[], table: string, predicate: string): Promise<boolean> {
  // A table no metric counts rows of (a joined one): its rows are read through joins, unfiltered, so they count.
  if (!metrics.some((m) => catalog.metrics[m]?.table === table)) return true;
  for (const name of metrics) {
    const metric = catalog.metrics[name];
    if (!metric || metric.table !== table) continue;
    const time = catalog.time_fields[metric.time_field]?.column;
    // Filters on other tables would need joins; leaving them out can only make "kept" more likely (the cautious answer).
    const own = (sql: string) => [...sql.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_]/gi)].every((m) => m[1] === table);
    const where = [predicate, ...metric.filters.map((f) => f.sql).filter(own), ...(time && own(time) ? [`${time} IS NOT NULL`] : [])];
    const { rows } = await queryRows(db, `SELECT count(*) AS value FROM ${table} WHERE ${where.map((w) => `(${w})`).join(' AND ')}`, [], LIMITS);
    if (Number(rows[0]?.value ?? 0) > 0) return true;
  }
  return false;
}
