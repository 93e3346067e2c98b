/**
 * One table's counts for the data-quality agent: its rows, each check's failing rows, the rows failing any check, and
 * whether the metrics' filters keep those rows out; each counted in the analysed period and over the whole table (a
 * table under the row limit, or any table a data-quality question names), with the calculations recomputeNumbers
 * checks and the recipe's entries for re-running and for the independent recount.
 */
import { tableSql, type Catalog, type ColumnCheck } from '../../catalog/catalog';
import type { Calculation, DataQualityOutput, QualityCheckResult, Recipe } from '../../contracts';
import { catalogText } from '../../format/labels';
import type { Text } from '../../messages';
import {
  Counted,
  checkId,
  columnNow,
  countsOf,
  estimatedRows,
  keepConditions,
  kindOf,
  quality,
  violation,
  wholeTableRowLimit,
} from './rules';
import { periodScope, type Range } from './scope';

type QualityRecipe = Extract<Recipe, { kind: 'quality' }>;

/** What the agent gathers over its tables. */
export interface Gathered {
  checkSql: QualityRecipe['checks'];
  recount: NonNullable<QualityRecipe['recount']>;
  checks: QualityCheckResult[];
  calcs: Calculation[];
  tables: DataQualityOutput['tables'];
  dirtyRows: number;
  dirtyRowsAll: number;
}

export interface TableInput {
  catalog: Catalog;
  db: string;
  metrics: string[];
  ranges: Range[];
  language: 'zh' | 'en';
  text: Text;
  /** A data-quality question: its checks (every check when empty); counted whole whatever the size, all cited high. */
  question: { checks: string[] } | null;
}

interface Rule {
  check: ColumnCheck;
  index: number;
  id: string;
  predicate: string;
  description: string;
}

/** The table's checks to count, each with its violation condition and its description in the question's language. */
async function rulesOf(input: TableInput, table: string): Promise<Rule[]> {
  const { catalog, db, language, question } = input;
  const rules: Rule[] = [];
  for (const [index, check] of (catalog.tables[table]?.checks ?? []).entries()) {
    const id = checkId(table, check);
    if (question && question.checks.length > 0 && !question.checks.includes(id)) continue;
    const now = check.rule === 'not_in_future' ? await columnNow(catalog, db, table, check.column) : 'now()';
    const description = catalogText(language, check.description ?? id, check.description_zh);
    rules.push({ check, index, id, predicate: violation(catalog, table, check, now), description });
  }
  return rules;
}

/** Counts one table into `out`. */
export async function countTable(input: TableInput, table: string, out: Gathered): Promise<void> {
  const { catalog, db, metrics, ranges, text, question } = input;
  const scope = periodScope(catalog, metrics, table, ranges);
  const estimate = scope || question ? await estimatedRows(catalog, db, table) : null;
  const wholeTable = question !== null || estimate === null || estimate <= wholeTableRowLimit();
  const rules = await rulesOf(input, table);
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
  const counts = new TableCounts(table, source, scope?.predicate ?? null, out, question !== null, ranges, text);
  counts.inPeriod = periodSql === null ? null : await countsOf(db, periodSql);
  counts.whole = wholeSql === null ? null : await countsOf(db, wholeSql);
  Object.assign(counts, { periodSql, wholeSql });

  const rows = counts.cite(
    `${table}.rows`,
    rowsColumn,
    null,
    null,
    text('quality.rows', { table }),
    [{ table, columns: ['*'] }],
    () => 'high',
  );
  out.tables.push({
    table,
    rows: rows.inPeriod,
    ...(rows.all === null ? { whole_table_rows_estimate: estimate ?? 0 } : { rows_all: rows.all }),
    period: scope?.how ?? null,
  });
  rules.forEach(({ check, index, id, predicate, description }, i) => {
    const columns = ruleColumns[i] as { failing: string; keptBy: string[] };
    const sources = [{ table, columns: [...new Set([check.column, ...(check.other ? [check.other] : [])])] }];
    const found = counts.cite(id, columns.failing, predicate, index, description, sources, (n) => (n > 0 ? 'high' : 'low'));
    // Do the filters of the metrics on this table keep these rows out of every number? (Nothing to keep out when
    // no row fails; a large table is asked about the period's rows only; a table no metric counts rows of is read
    // through joins, unfiltered, so its rows count.)
    const read = counts.whole ?? counts.inPeriod;
    const kept = (found.all ?? found.inPeriod) === 0 || keep === null || columns.keptBy.some((c) => (read?.get(c) ?? 0) > 0);
    out.checks.push({
      id,
      kind: kindOf(catalog, table, check),
      table,
      column: check.column,
      description,
      count: found.inPeriod,
      ...(found.all === null ? {} : { count_all: found.all }),
      excluded_by_metrics: !kept,
    });
  });
  // Rows failing any rule, for a table where some rule fails (not for a question, which asks about each check).
  if (question || dirtyColumn === null || anyRule === null || !out.checks.some((c) => c.table === table && (c.count_all ?? c.count) > 0))
    return;
  const columns = [...new Set(rules.map((r) => r.check.column))];
  const dirty = counts.cite(
    `${table}.dirty_rows`,
    dirtyColumn,
    anyRule,
    null,
    text('quality.dirty-rows', { table }),
    [{ table, columns }],
    (n) => (n > 0 ? 'high' : 'low'),
  );
  out.dirtyRows += dirty.inPeriod;
  out.dirtyRowsAll += dirty.all ?? dirty.inPeriod;
}

/** One table's counts, read once, and the calculations that cite them. */
class TableCounts {
  inPeriod: Map<string, number> | null = null;
  whole: Map<string, number> | null = null;
  periodSql: string | null = null;
  wholeSql: string | null = null;

  constructor(
    private readonly table: string,
    private readonly source: string,
    private readonly scope: string | null,
    private readonly out: Gathered,
    /** A data-quality question: every count is cited high (the answer shows it) and recounted independently. */
    private readonly asked: boolean,
    private readonly ranges: Range[],
    private readonly text: Text,
  ) {}

  /** `SELECT count(*)` of the rows meeting `where`, alone: the calculation's formula as the report cites it. */
  private alone(where: string | null, scope: string | null): string {
    const conditions = [where, scope].filter((w): w is string => w !== null);
    return `SELECT count(*) AS value FROM ${this.source}${conditions.length ? ` WHERE ${conditions.map((w) => `(${w})`).join(' AND ')}` : ''}`;
  }

  /**
   * The calculations of one count: in the analysed period (`dq.<id>`, when the table has a way into it) and in the
   * whole table (`dq.<id>.all`, for a table counted whole), each a column of the statement recomputeNumbers re-runs.
   * `check`: the check's index among the table's checks (null: the table's rows), for the independent recount.
   * Returns both values (all: null when the table was counted in the period only).
   */
  cite(
    id: string,
    column: string,
    where: string | null,
    check: number | null,
    describe: string,
    sources: Calculation['sources'],
    importance: (n: number) => Calculation['importance'],
  ): { inPeriod: number; all: number | null } {
    const { out, whole, inPeriod, wholeSql, periodSql, scope } = this;
    const all = whole === null ? null : (whole.get(column) ?? 0);
    const period = inPeriod === null ? null : (inPeriod.get(column) ?? 0);
    const rank = (n: number) => (this.asked ? 'high' : importance(n));
    const recount = (calc: string, window: Range | null) => {
      if (this.asked && (where === null || check !== null)) out.recount.push({ id: `dq.${calc}`, table: this.table, check, window });
    };
    if (all !== null && wholeSql !== null && (where !== null || !scope)) {
      out.checkSql.push({ id: `${id}.all`, sql: wholeSql, params: [], column });
      out.calcs.push(
        quality(`${id}.all`, all, this.text('quality.count.whole-table', { what: describe }), this.alone(where, null), sources, rank(all)),
      );
      recount(`${id}.all`, null);
    }
    // None in the whole table: none in the period either (no second calculation for a zero the report does not cite).
    if (period === null || periodSql === null || (where !== null && all === 0)) return { inPeriod: period ?? all ?? 0, all };
    out.checkSql.push({ id, sql: periodSql, params: [], column });
    // Shown whenever the whole table has any, so it is verified (high) then too.
    out.calcs.push(
      quality(id, period, this.text('quality.count.in-period', { what: describe }), this.alone(where, scope), sources, rank(all ?? period)),
    );
    const range = this.ranges.length === 1 ? (this.ranges[0] as Range) : null;
    if (range) recount(id, range);
    return { inPeriod: period, all };
  }
}
