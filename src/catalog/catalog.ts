/**
 * The metric catalog (the semantic layer, 口径): one YAML file per database,
 * validated with zod when it is loaded. A bad file fails with its path, the
 * path of the bad field and why.
 */
import fs from 'node:fs';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, YAMLParseError, type Node as YamlNode } from 'yaml';
import { z } from 'zod';
import { METRIC_KINDS, impliedMetricKind, metricKindProblem } from './metric-kind';
import { PERIOD_GROUP, isTimeGrain } from './time-grain';

/** table.column, both plain SQL identifiers. */
const ColumnRef = z.string().regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/i, 'expected a column reference written as table.column');
const Identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'expected a plain SQL identifier');

const MetricFilter = z.object({ sql: z.string().min(1), description: z.string().min(1), description_zh: z.string().optional() });

const MetricDefinition = z
  .object({
    label: z.string().min(1),
    /** The Chinese label; the English one when absent (a draft writes one only where a real translation is known). */
    label_zh: z.string().min(1).optional(),
    aliases: z.array(z.string().min(1)).default([]),
    description: z.string().min(1),
    /** The table the metric counts rows of; joins start here. */
    table: Identifier,
    /** An additive aggregate, e.g. SUM(orders.amount). */
    expression: z.string().min(1).optional(),
    /** A ratio: numerator / denominator, both aggregates. Changes of ratios decompose into mix and rate effects. */
    numerator: z.string().min(1).optional(),
    denominator: z.string().min(1).optional(),
    /** Aggregate per entity (e.g. orders.user_id) first; numerator and denominator then run over the entity rows. */
    per: ColumnRef.optional(),
    /** Columns computed per entity, usable by name in numerator and denominator. */
    per_entity: z.record(Identifier, z.string().min(1)).default({}),
    time_field: Identifier,
    filters: z.array(MetricFilter).default([]),
    unit: z.string().optional(),
    format: z.enum(['currency', 'integer', 'number', 'ratio']).default('number'),
    rules: z.object({ min: z.number().optional(), max: z.number().optional() }).default({}),
    /** Dimensions along which a change of this metric is decomposed when asked why it changed. */
    decompose_by: z.array(Identifier).default([]),
    /** Metrics worth checking when this one changes (drivers). */
    related_metrics: z.array(Identifier).default([]),
    /**
     * The same measure on a finer table (revenue of invoice lines for revenue of invoices): a question that
     * groups or filters this metric by a dimension it reaches only through a one-to-many join is answered with it.
     */
    finer: Identifier.optional(),
    /** How its values combine across groups (src/catalog/metric-kind.ts); implied by the definition when absent, and must agree with it. */
    kind: z.enum(METRIC_KINDS).optional(),
  })
  .refine((m) => (m.expression !== undefined) !== (m.numerator !== undefined && m.denominator !== undefined), {
    message: 'a metric needs either expression, or numerator and denominator',
  })
  .refine((m) => m.per === undefined || m.numerator !== undefined, { message: 'per needs numerator and denominator' })
  .superRefine((m, ctx) => {
    const problem = metricKindProblem(m);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['kind'] });
  })
  .transform((m) => ({ ...m, label_zh: m.label_zh ?? m.label, kind: m.kind ?? impliedMetricKind(m) }));

const DimensionDefinition = z
  .object({
    label: z.string().min(1),
    /** The Chinese label; the English one when absent. */
    label_zh: z.string().min(1).optional(),
    /** A column, or an SQL expression; {time} in an expression stands for the metric's time column. */
    column: ColumnRef.optional(),
    expression: z.string().min(1).optional(),
    description: z.string().optional(),
    description_zh: z.string().optional(),
    aliases: z.array(z.string().min(1)).default([]),
    /** Known values, each with the other names people use for it. */
    values: z.record(z.string(), z.array(z.string()).default([])).default({}),
    /**
     * Too many values to list (a customer or product name): offered for rankings ("top 10 customers") and refused, with
     * its number of values and an offer of the top 10, for a plain breakdown.
     */
    ranking_only: z.boolean().default(false),
  })
  .refine((d) => (d.column === undefined) !== (d.expression === undefined), { message: 'a dimension needs either column or expression' })
  .transform((d) => ({ ...d, label_zh: d.label_zh ?? d.label }));

/**
 * A data-quality rule on one column, checked by the data-quality agent before the
 * analysis reads the table: non_negative (no values below zero), not_null (when
 * the `when` condition holds), not_before (never earlier than `other`), not_in_future.
 */
const ColumnCheck = z
  .object({
    column: Identifier,
    rule: z.enum(['non_negative', 'not_null', 'not_before', 'not_in_future']),
    when: z.string().min(1).optional(),
    /** not_before: the column it must not precede, on the same table (`order_time`) or across a declared join (`rental.rental_date`). */
    other: z.union([Identifier, ColumnRef]).optional(),
    description: z.string().optional(),
    description_zh: z.string().optional(),
  })
  .refine((c) => c.rule !== 'not_before' || c.other !== undefined, { message: 'not_before needs other (the column it must not precede)' });
export type ColumnCheck = z.infer<typeof ColumnCheck>;

const TableDefinition = z.object({
  description: z.string().default(''),
  /**
   * Where the table lives when it is not the search path's (usually public): SQL reads `schema.name AS <key>`,
   * so metrics, dimensions and joins keep writing <key>.column.
   */
  schema: Identifier.optional(),
  /** The table's name in the database when it differs from its key here (two schemas with an "orders" table each). */
  name: Identifier.optional(),
  /** The column, or the columns of a composite key (an order line: [order_id, line_no]), that identify a row. */
  primary_key: z.union([Identifier, z.array(Identifier).min(1)]).optional(),
  /** Each row's reference time: completeness and partial periods are counted on it. */
  time_column: Identifier.optional(),
  checks: z.array(ColumnCheck).default([]),
});

/** An IANA time zone PostgreSQL and Node both know (Asia/Shanghai, UTC, America/New_York); written into SQL as a literal. */
const TimeZoneName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'expected an IANA time zone such as Asia/Shanghai or UTC')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'not a time zone Node knows (expected an IANA name such as Asia/Shanghai or UTC)');

export const CatalogSchema = z.object({
  name: Identifier,
  description: z.string().default(''),
  /**
   * The business's time zone: "today" (and so "last month") is the date there, and columns of type
   * `timestamp with time zone` are bucketed and compared as wall time there. Naive timestamps are read as they are.
   */
  timezone: TimeZoneName.default('Asia/Shanghai'),
  /**
   * What a question that names no period covers: `all` of the data (the default), or the `latest_full_month` with data.
   * Comparisons and "why" questions with no period compare the two latest full months, and trends cover the latest
   * full months, under either setting.
   */
  default_period: z.enum(['all', 'latest_full_month']).default('all'),
  /** The metric "best customer" or "top product" means when the question names none (usually the revenue metric). */
  primary_metric: Identifier.optional(),
  tables: z.record(Identifier, TableDefinition),
  /**
   * How tables relate: from a column to the column it references. `relationship` says how many rows of `to`
   * one row of `from` meets: many_to_one (the default: a foreign key to a key), one_to_one, or one_to_many.
   * A metric joined towards a "many" side would count its rows several times; the SQL compiler refuses that.
   */
  joins: z
    .array(
      z.object({
        from: ColumnRef,
        to: ColumnRef,
        relationship: z.enum(['many_to_one', 'one_to_one', 'one_to_many']).default('many_to_one'),
      }),
    )
    .default([]),
  time_fields: z.record(
    Identifier,
    z.object({
      column: ColumnRef,
      meaning: z.string().min(1),
      meaning_zh: z.string().optional(),
      /**
       * The column's PostgreSQL type: timestamp (without time zone, the default: wall time, read as it is), timestamptz
       * (an instant: read as wall time in the catalog's timezone before bucketing or comparing), or date.
       * `baton catalog init` writes it and `baton catalog check` compares it with the database.
       */
      type: z.enum(['timestamp', 'timestamptz', 'date']).default('timestamp'),
    }),
  ),
  metrics: z.record(Identifier, MetricDefinition),
  dimensions: z.record(Identifier, DimensionDefinition).default({}),
});

export type Catalog = z.infer<typeof CatalogSchema>;

export type MetricDefinition = z.infer<typeof MetricDefinition>;
export type DimensionDefinition = z.infer<typeof DimensionDefinition>;

/**
 * How SQL reads a catalog table: `invoice`, or `sales.invoice AS invoice` for a table declared in schema sales
 * (or under another name). Every reference elsewhere stays <key>.column.
 */
export function tableSql(catalog: Pick<Catalog, 'tables'>, table: string): string {
  const def = catalog.tables[table];
  const name = def?.name ?? table;
  if (!def?.schema && name === table) return table;
  return `${def?.schema ? `${def.schema}.` : ''}${name} AS ${table}`;
}

/** The database's name of a catalog table, schema-qualified when declared so (`sales.invoice`); the SQL guard's list. */
export function qualifiedTable(catalog: Pick<Catalog, 'tables'>, table: string): string {
  const def = catalog.tables[table];
  return `${def?.schema ? `${def.schema}.` : ''}${def?.name ?? table}`;
}

/** Every table the catalog reads, as the database names them: the SQL guard's list of what agent SQL may read. */
export function catalogTables(catalog: Pick<Catalog, 'tables'>): string[] {
  return [...new Set(Object.keys(catalog.tables).map((t) => qualifiedTable(catalog, t)))];
}

/**
 * A time column as the business's wall time: `(col AT TIME ZONE 'zone')` for a time field declared timestamptz,
 * the column itself otherwise (naive timestamps and dates already are wall time).
 */
export function wallTime(catalog: Catalog, column: string): string {
  const zoned = Object.values(catalog.time_fields).some((f) => f.column === column && f.type === 'timestamptz');
  return zoned ? `(${column} AT TIME ZONE '${catalog.timezone}')` : column;
}

/**
 * SQL for "now" as a wall time in the catalog's zone, to compare with wall-time columns (`timestamp`, `date`).
 * A bare now() is an instant; set against a `timestamp` it is read in the session's zone, not the catalog's.
 */
export function wallNow(catalog: Pick<Catalog, 'timezone'>): string {
  return `(now() AT TIME ZONE '${catalog.timezone}')`;
}

export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
    /** The line of the file to change, when known. */
    readonly line?: number,
  ) {
    super(`catalog ${file}: ${line !== undefined ? `line ${line}: ` : ''}${field}: ${problem}`);
    this.name = 'CatalogError';
  }
}

/**
 * Where a dotted path (`metrics.gmv.expression`, `joins.2.to`) is written in a catalog's YAML: the line of its key
 * (or of the list item), 1-based; the nearest enclosing entry's line when the path goes deeper than the file does.
 */
export function catalogLines(text: string): (path: string | (string | number)[]) => number | undefined {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : counter.linePos(offset).line);
  return (path) => {
    const parts = typeof path === 'string' ? path.split('.').filter((p) => p.length > 0) : path;
    let node: unknown = doc.contents;
    let line: number | undefined = parts.length === 0 ? 1 : undefined;
    for (const part of parts) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(part));
        if (!pair) break;
        line = lineAt((pair.key as YamlNode).range?.[0]);
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(part)] as YamlNode | undefined;
        if (!item) break;
        line = lineAt(item.range?.[0]);
        node = item;
      } else break;
    }
    return line;
  };
}

/** Edit distance between two keys (a swap of two letters counts once), for "did you mean": a dozen lines, so no library. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  let prev = row;
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      // Two letters swapped (lable, label) is one slip.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) next[j] = Math.min(next[j] ?? 0, (prev[j - 2] ?? 0) + 1);
    }
    prev = row;
    row = next;
  }
  return row[b.length] ?? 0;
}

/** The known keys closest to an unknown one (at most a third of its letters apart), best first. */
export function suggestKeys(key: string, known: string[]): string[] {
  const limit = Math.max(1, Math.floor(key.length / 3));
  return known
    .map((k) => ({ k, d: editDistance(key.toLowerCase(), k.toLowerCase()) }))
    .filter((x) => x.d <= limit || (x.k.startsWith(key) && key.length >= 3))
    .sort((x, y) => x.d - y.d)
    .map((x) => x.k);
}

interface ZodDefLike {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDefLike } }>;
  innerType?: { _zod: { def: ZodDefLike } };
  in?: { _zod: { def: ZodDefLike } };
  element?: { _zod: { def: ZodDefLike } };
  valueType?: { _zod: { def: ZodDefLike } };
  options?: { _zod: { def: ZodDefLike } }[];
}

/** Keys the schema does not know, each with where it is and the keys it may have meant (zod would drop them silently). */
export function unknownKeys(
  raw: unknown,
  schema: { _zod: { def: unknown } } = CatalogSchema,
): { path: string[]; key: string; suggestions: string[] }[] {
  const found: { path: string[]; key: string; suggestions: string[] }[] = [];
  const walk = (value: unknown, def: ZodDefLike, path: string[]) => {
    const inner = def.innerType ?? def.in;
    if (inner) return walk(value, inner._zod.def, path);
    if (def.type === 'object' && def.shape && value && typeof value === 'object' && !Array.isArray(value)) {
      const known = Object.keys(def.shape);
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const child = def.shape[k];
        if (!child) {
          // A key already written is not what a typo meant.
          const missing = known.filter((x) => !(x in (value as Record<string, unknown>)));
          found.push({ path, key: k, suggestions: suggestKeys(k, missing) });
        } else walk(v, child._zod.def, [...path, k]);
      }
    } else if (def.type === 'record' && def.valueType && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, def.valueType._zod.def, [...path, k]);
    } else if (def.type === 'array' && def.element && Array.isArray(value)) {
      value.forEach((v, i) => walk(v, def.element!._zod.def, [...path, String(i)]));
    } else if (def.type === 'union' && def.options) {
      const object = def.options.find((o) => o._zod.def.type === 'object');
      if (object && value && typeof value === 'object' && !Array.isArray(value)) walk(value, object._zod.def, path);
    }
  };
  walk(raw, schema._zod.def as ZodDefLike, []);
  return found;
}

/** Cross-references zod cannot see: every table, time field and column named must be declared. */
function checkReferences(catalog: Catalog, file: string): void {
  const tableOf = (ref: string) => ref.split('.')[0] ?? '';
  const requireTable = (field: string, ref: string) => {
    if (!(tableOf(ref) in catalog.tables)) {
      throw new CatalogError(file, field, `table "${tableOf(ref)}" is not declared under tables`);
    }
  };
  catalog.joins.forEach((join, i) => {
    requireTable(`joins.${i}.from`, join.from);
    requireTable(`joins.${i}.to`, join.to);
  });
  for (const [name, field] of Object.entries(catalog.time_fields)) requireTable(`time_fields.${name}.column`, field.column);
  if (catalog.primary_metric !== undefined && !(catalog.primary_metric in catalog.metrics)) {
    throw new CatalogError(file, 'primary_metric', `"${catalog.primary_metric}" is not a metric`);
  }
  for (const [name, dim] of Object.entries(catalog.dimensions)) {
    if (dim.column) requireTable(`dimensions.${name}.column`, dim.column);
    if (isTimeGrain(name) || name === PERIOD_GROUP) {
      throw new CatalogError(file, `dimensions.${name}`, `"${name}" is a built-in time grain and cannot be redefined`);
    }
  }
  for (const [name, metric] of Object.entries(catalog.metrics)) {
    if (!(metric.table in catalog.tables)) {
      throw new CatalogError(file, `metrics.${name}.table`, `table "${metric.table}" is not declared under tables`);
    }
    for (const [i, ref] of [...metric.decompose_by.entries()]) {
      if (!(ref in catalog.dimensions)) throw new CatalogError(file, `metrics.${name}.decompose_by.${i}`, `"${ref}" is not a dimension`);
    }
    for (const [i, ref] of [...metric.related_metrics.entries()]) {
      if (!(ref in catalog.metrics)) throw new CatalogError(file, `metrics.${name}.related_metrics.${i}`, `"${ref}" is not a metric`);
    }
    if (metric.finer !== undefined && !(metric.finer in catalog.metrics)) {
      throw new CatalogError(file, `metrics.${name}.finer`, `"${metric.finer}" is not a metric`);
    }
    if (!(metric.time_field in catalog.time_fields)) {
      throw new CatalogError(
        file,
        `metrics.${name}.time_field`,
        `"${metric.time_field}" is not one of the time_fields (${Object.keys(catalog.time_fields).join(', ')})`,
      );
    }
  }
}

export function parseCatalog(text: string, file = '<inline>'): Catalog {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const where = yamlError instanceof YAMLParseError ? `line ${counter.linePos(yamlError.pos[0]).line}` : '(file)';
    throw new CatalogError(file, where, `not valid YAML: ${yamlError.message.split('\n')[0]}`);
  }
  const raw: unknown = doc.toJS();
  const lineOf = catalogLines(text);
  // A misspelt key would be dropped silently (and its default would apply): name it, with the keys it may have meant.
  const unknown = unknownKeys(raw)[0];
  if (unknown) {
    const hint =
      unknown.suggestions.length > 0
        ? `; did you mean ${unknown.suggestions
            .slice(0, 3)
            .map((k) => `\`${k}\``)
            .join(' or ')}?`
        : '';
    throw new CatalogError(
      file,
      unknown.path.join('.') || '(root)',
      `unknown key \`${unknown.key}\`${hint}`,
      lineOf([...unknown.path, unknown.key]),
    );
  }
  const parsed = CatalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map(String);
    throw new CatalogError(file, path.join('.') || '(root)', issue?.message ?? 'invalid', path.length > 0 ? lineOf(path) : undefined);
  }
  try {
    checkReferences(parsed.data, file);
  } catch (err) {
    if (err instanceof CatalogError && err.line === undefined) throw new CatalogError(err.file, err.field, err.problem, lineOf(err.field));
    throw err;
  }
  return parsed.data;
}

const cache = new Map<string, { mtimeMs: number; catalog: Catalog }>();

/** Loads (and caches until the file changes) the catalog at an absolute path. */
export function loadCatalog(file: string): Catalog {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new CatalogError(file, '(file)', 'file not found');
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.catalog;
  const catalog = parseCatalog(fs.readFileSync(file, 'utf8'), file);
  cache.set(file, { mtimeMs: stat.mtimeMs, catalog });
  return catalog;
}
