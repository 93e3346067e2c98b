/**
 * The catalog's schema: every key a catalog file may hold, validated with zod when it is loaded (src/catalog/catalog.ts
 * loads and cross-checks it). docs/catalog.md, "Reference: every key", describes each.
 */
import { z } from 'zod';
import { METRIC_KINDS, impliedMetricKind, metricKindProblem } from './metric-kind';

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
       * `baton catalog init` writes it and `baton catalog check` compares it with the database. Left out (catalogs
       * written before it existed), it is read from the database: by `catalog check`, and by a run before it reads the
       * data (resolveTimeFieldTypes, src/catalog/time-types.ts); until then it reads as timestamp.
       */
      type: z.enum(['timestamp', 'timestamptz', 'date']).optional(),
    }),
  ),
  metrics: z.record(Identifier, MetricDefinition),
  dimensions: z.record(Identifier, DimensionDefinition).default({}),
});

export type Catalog = z.infer<typeof CatalogSchema>;

export type MetricDefinition = z.infer<typeof MetricDefinition>;
export type DimensionDefinition = z.infer<typeof DimensionDefinition>;
