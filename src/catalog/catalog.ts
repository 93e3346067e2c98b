/**
 * The metric catalog (the semantic layer, 口径): one YAML file per database,
 * validated with zod when it is loaded. A bad file fails with its path, the
 * path of the bad field and why.
 */
import fs from 'node:fs';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { z } from 'zod';

/** table.column, both plain SQL identifiers. */
const ColumnRef = z
  .string()
  .regex(/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/i, 'expected a column reference written as table.column');
const Identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'expected a plain SQL identifier');

const MetricFilter = z.object({ sql: z.string().min(1), description: z.string().min(1), description_zh: z.string().optional() });

const MetricDefinition = z.object({
  label: z.string().min(1),
  label_zh: z.string().min(1),
  aliases: z.array(z.string().min(1)).default([]),
  description: z.string().min(1),
  /** The table the metric counts rows of; joins start here. */
  table: Identifier,
  expression: z.string().min(1),
  time_field: Identifier,
  filters: z.array(MetricFilter).default([]),
  unit: z.string().optional(),
  format: z.enum(['currency', 'integer', 'number', 'ratio']).default('number'),
  rules: z
    .object({ min: z.number().optional(), max: z.number().optional() })
    .default({}),
});

const DimensionDefinition = z.object({
  label: z.string().min(1),
  label_zh: z.string().min(1),
  column: ColumnRef,
  aliases: z.array(z.string().min(1)).default([]),
  /** Known values, each with the other names people use for it. */
  values: z.record(z.string(), z.array(z.string()).default([])).default({}),
});

export const CatalogSchema = z.object({
  name: Identifier,
  description: z.string().default(''),
  timezone: z.string().default('Asia/Shanghai'),
  tables: z.record(Identifier, z.object({ description: z.string().default(''), primary_key: Identifier.optional() })),
  joins: z.array(z.object({ from: ColumnRef, to: ColumnRef })).default([]),
  time_fields: z.record(Identifier, z.object({ column: ColumnRef, meaning: z.string().min(1), meaning_zh: z.string().optional() })),
  metrics: z.record(Identifier, MetricDefinition),
  dimensions: z.record(Identifier, DimensionDefinition).default({}),
});

export type Catalog = z.infer<typeof CatalogSchema>;
export type MetricDefinition = z.infer<typeof MetricDefinition>;
export type DimensionDefinition = z.infer<typeof DimensionDefinition>;

export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`catalog ${file}: ${field}: ${problem}`);
    this.name = 'CatalogError';
  }
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
  for (const [name, dim] of Object.entries(catalog.dimensions)) requireTable(`dimensions.${name}.column`, dim.column);
  for (const [name, metric] of Object.entries(catalog.metrics)) {
    if (!(metric.table in catalog.tables)) {
      throw new CatalogError(file, `metrics.${name}.table`, `table "${metric.table}" is not declared under tables`);
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
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    const where = err instanceof YAMLParseError && err.linePos ? `line ${err.linePos[0].line}` : '(file)';
    throw new CatalogError(file, where, `not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = CatalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CatalogError(file, issue?.path.join('.') || '(root)', issue?.message ?? 'invalid');
  }
  checkReferences(parsed.data, file);
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
