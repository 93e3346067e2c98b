/**
 * `baton catalog import-dbt <path>`: a Baton catalog from dbt MetricFlow semantic models and metrics.
 *
 *   semantic model            → a table (its model's name), primary entity → primary_key,
 *                               foreign entity → a join to the model whose primary entity has that name,
 *                               time dimension → a time field (granularity noted; Baton buckets by any grain),
 *                               categorical dimension → a dimension, defaults.agg_time_dimension → time_column
 *   measure (sum, count, count_distinct, average, min, max, sum_boolean; expr)  → the aggregate of a metric
 *   metric simple             → a metric (its filter, Jinja Dimension()/TimeDimension()/Entity(), as SQL)
 *   metric ratio              → numerator / denominator (each side's filter as FILTER (WHERE …))
 *   metric derived            → one expression when every input is on one table and none has an offset
 *
 * Whatever cannot be mapped (a median, a cumulative metric, a period-over-period offset, inputs on two grains, an
 * entity no model owns) is named in the result and at the top of the written file, never dropped silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Document, isPair, isScalar, isSeq, parse as parseYaml, visit } from 'yaml';
import { parseCatalog } from './catalog';

interface DbtEntity { name: string; type: string; expr?: string }
interface DbtDimension { name: string; type: string; expr?: string; type_params?: { time_granularity?: string } }
interface DbtMeasure { name: string; agg: string; expr?: string | number; description?: string; agg_time_dimension?: string }
interface DbtSemanticModel { name: string; model?: string; description?: string; defaults?: { agg_time_dimension?: string }; entities?: DbtEntity[]; dimensions?: DbtDimension[]; measures?: DbtMeasure[] }
interface DbtMetricInput { name: string; alias?: string; filter?: string; offset_window?: string; offset_to_grain?: string }
interface DbtMetric {
  name: string;
  type: string;
  label?: string;
  description?: string;
  filter?: string;
  type_params?: { measure?: string | { name: string; filter?: string }; numerator?: string | DbtMetricInput; denominator?: string | DbtMetricInput; expr?: string; metrics?: DbtMetricInput[] };
}

export interface DbtImportOptions {
  name: string;
  timezone?: string;
  /** ISO currency code for metrics whose measures look like money. */
  currency?: string;
  /** The database's columns per table (from the live database), to qualify the columns of SQL expressions. */
  columns?: Record<string, string[]>;
  /** The database's type of each time column (`table.column` → timestamp, timestamptz or date). */
  timeTypes?: Record<string, 'timestamp' | 'timestamptz' | 'date'>;
}

export interface DbtImport {
  text: string;
  /** What was not mapped, and why; one line each. */
  unmapped: string[];
  imported: { tables: number; metrics: number; dimensions: number };
}

/** Every YAML file under a path (or the file itself), read as dbt project files. */
export function readDbtFiles(target: string): { file: string; doc: unknown }[] {
  const stat = fs.statSync(target);
  const files = stat.isDirectory()
    ? (fs.readdirSync(target, { recursive: true }) as string[]).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join(target, f))
    : [target];
  return files.map((file) => ({ file, doc: parseYaml(fs.readFileSync(file, 'utf8')) as unknown }));
}

const SQL_WORDS = new Set(['case', 'when', 'then', 'else', 'end', 'and', 'or', 'not', 'null', 'is', 'in', 'true', 'false', 'as', 'distinct', 'between', 'like', 'ilike', 'interval', 'day', 'month', 'year', 'week', 'quarter', 'date', 'timestamp', 'cast', 'numeric', 'integer', 'int', 'text', 'boolean', 'filter', 'where']);
const plainIdentifier = (s: string) => /^[a-z_][a-z0-9_]*$/i.test(s);
const words = (s: string) => s.replace(/_/g, ' ');

/** The catalog for a set of dbt YAML documents (what `readDbtFiles` returns). */
export function importDbt(docs: { file: string; doc: unknown }[], options: DbtImportOptions): DbtImport {
  const unmapped: string[] = [];
  const models: DbtSemanticModel[] = [];
  const metricsIn: DbtMetric[] = [];
  for (const { doc } of docs) {
    if (!doc || typeof doc !== 'object') continue;
    const d = doc as { semantic_models?: DbtSemanticModel[]; metrics?: DbtMetric[] };
    models.push(...(d.semantic_models ?? []));
    metricsIn.push(...(d.metrics ?? []));
  }
  if (models.length === 0) throw new Error('no semantic_models found in the dbt files given');

  const tableOf = (m: DbtSemanticModel) => /ref\(\s*['"]([^'"]+)['"]\s*\)/.exec(m.model ?? '')?.[1] ?? m.name;
  const entityColumn = (e: DbtEntity) => e.expr ?? e.name;
  const entityKey = (name: string) => name.replace(/_id$/, '');
  const primaryOf = (m: DbtSemanticModel) => (m.entities ?? []).find((e) => e.type === 'primary' || e.type === 'natural' || e.type === 'unique');
  const modelOfEntity = (entity: string) => models.find((m) => { const p = primaryOf(m); return p && entityKey(p.name) === entityKey(entity); });

  // Columns each table has: from the database when given, else the plain columns the model names.
  const known = new Map<string, Set<string>>();
  for (const m of models) {
    const t = tableOf(m);
    const set = new Set(options.columns?.[t] ?? []);
    for (const e of m.entities ?? []) if (plainIdentifier(entityColumn(e))) set.add(entityColumn(e));
    for (const d of m.dimensions ?? []) set.add(plainIdentifier(d.expr ?? d.name) ? (d.expr ?? d.name) : d.name);
    for (const x of m.measures ?? []) set.add(typeof x.expr === 'string' && plainIdentifier(x.expr) ? x.expr : x.name);
    known.set(t, set);
  }
  /** An SQL expression of one model with its columns written table.column. */
  const qualify = (table: string, sql: string) =>
    sql.replace(/(?<![.\w'])([a-z_][a-z0-9_]*)(?![\w'(.])/gi, (word: string) => (known.get(table)?.has(word) && !SQL_WORDS.has(word.toLowerCase()) ? `${table}.${word}` : word));

  // ---- tables, joins, time fields, dimensions
  const tables: Record<string, Record<string, unknown>> = {};
  const joins: { from: string; to: string }[] = [];
  const timeFields: Record<string, Record<string, unknown>> = {};
  const dimensions: Record<string, Record<string, unknown>> = {};
  const timeFieldOf = new Map<string, string>(); // "<model>.<time dimension>" → time field id
  const dimensionSql = new Map<string, string>(); // "<model>.<dimension>" → SQL
  const timeDims = models.flatMap((m) => (m.dimensions ?? []).filter((d) => d.type === 'time').map((d) => d.name));
  for (const m of models) {
    const t = tableOf(m);
    const p = primaryOf(m);
    const def: Record<string, unknown> = { description: (m.description ?? '').trim() || `The ${words(m.name)} semantic model.` };
    if (t !== m.name) unmapped.push(`semantic model ${m.name}: read as table ${t} (its model); the catalog calls it ${t}`);
    if (p) def.primary_key = entityColumn(p);
    else unmapped.push(`semantic model ${m.name}: no primary entity, so no primary_key; declare it by hand if a metric is grouped across a one-to-many join`);
    for (const d of (m.dimensions ?? []).filter((x) => x.type === 'time')) {
      const expr = d.expr ?? d.name;
      const inner = /^\s*date_trunc\(\s*'(\w+)'\s*,\s*([a-z_][a-z0-9_]*)\s*\)\s*$/i.exec(expr);
      const column = plainIdentifier(expr) ? expr : inner?.[2];
      if (!column) {
        unmapped.push(`time dimension ${m.name}.${d.name}: expr "${expr}" is not a column; a time field must be one`);
        continue;
      }
      const id = timeDims.filter((n) => n === d.name).length > 1 ? `${t}_${d.name}` : d.name;
      const granularity = d.type_params?.time_granularity;
      timeFields[id] = {
        column: `${t}.${column}`,
        meaning: `${words(d.name)} of ${words(m.name)}${granularity ? ` (dbt granularity: ${granularity}; questions choose their own grain)` : ''}`,
        type: options.timeTypes?.[`${t}.${column}`] ?? 'timestamp',
      };
      timeFieldOf.set(`${m.name}.${d.name}`, id);
      dimensionSql.set(`${m.name}.${d.name}`, `${t}.${column}`);
    }
    const aggTime = m.defaults?.agg_time_dimension;
    const aggColumn = aggTime ? (timeFields[timeFieldOf.get(`${m.name}.${aggTime}`) ?? '']?.column as string | undefined) : undefined;
    if (aggColumn) def.time_column = aggColumn.split('.')[1];
    tables[t] = def;
    for (const e of (m.entities ?? []).filter((x) => x.type === 'foreign')) {
      const target = modelOfEntity(e.name);
      const tp = target && primaryOf(target);
      if (!target || !tp) unmapped.push(`entity ${e.name} of ${m.name} (${t}.${entityColumn(e)}): no semantic model has it as its primary entity, so no join`);
      else joins.push({ from: `${t}.${entityColumn(e)}`, to: `${tableOf(target)}.${entityColumn(tp)}` });
    }
    for (const d of (m.dimensions ?? []).filter((x) => x.type === 'categorical')) {
      const expr = d.expr ?? d.name;
      const sql = plainIdentifier(expr) ? `${t}.${expr}` : qualify(t, expr);
      dimensionSql.set(`${m.name}.${d.name}`, sql);
      const id = d.name in dimensions ? `${m.name}_${d.name}` : d.name;
      dimensions[id] = { label: words(d.name), aliases: [words(d.name)], ...(plainIdentifier(expr) ? { column: sql } : { expression: sql }) };
    }
  }

  // ---- measures
  const measureModel = new Map<string, DbtSemanticModel>();
  const measures = new Map<string, DbtMeasure>();
  for (const m of models) for (const x of m.measures ?? []) { measures.set(x.name, x); measureModel.set(x.name, m); }
  /** A measure as an SQL aggregate on its table, with an optional condition; undefined (and a line in unmapped) when it has none. */
  const aggregate = (measure: string, where: string | undefined, forWhat: string): { table: string; sql: string; format: string; measure: DbtMeasure } | undefined => {
    const x = measures.get(measure);
    const m = measureModel.get(measure);
    if (!x || !m) {
      unmapped.push(`${forWhat}: measure ${measure} is not defined in any semantic model`);
      return undefined;
    }
    const t = tableOf(m);
    const raw = x.expr === undefined ? x.name : String(x.expr);
    const col = plainIdentifier(raw) ? `${t}.${raw}` : /^\d+$/.test(raw) ? raw : qualify(t, raw);
    const filter = where ? ` FILTER (WHERE ${where})` : '';
    switch (x.agg) {
      case 'sum':
        return { table: t, sql: raw === '1' ? `COUNT(*)${filter}` : `SUM(${col})${filter}`, format: raw === '1' ? 'integer' : 'number', measure: x };
      case 'count':
        return { table: t, sql: raw === '1' ? `COUNT(*)${filter}` : `COUNT(${col})${filter}`, format: 'integer', measure: x };
      case 'count_distinct':
        return { table: t, sql: `COUNT(DISTINCT ${col})${filter}`, format: 'integer', measure: x };
      case 'sum_boolean':
        return { table: t, sql: `COUNT(*) FILTER (WHERE ${col}${where ? ` AND ${where}` : ''})`, format: 'integer', measure: x };
      case 'min':
      case 'max':
        return { table: t, sql: `${x.agg.toUpperCase()}(${col})${filter}`, format: 'number', measure: x };
      case 'average':
        return { table: t, sql: `AVG(${col})${filter}`, format: 'number', measure: x };
      default:
        unmapped.push(`${forWhat}: measure ${measure} aggregates with ${x.agg}, which a Baton metric cannot express (sum, count, count_distinct, average, min, max, sum_boolean can)`);
        return undefined;
    }
  };
  /** A dbt filter ({{ Dimension('customer__customer_type') }} = 'new') as SQL; undefined when a reference cannot be resolved. */
  const filterSql = (filter: string | undefined, home: DbtSemanticModel | undefined, forWhat: string): string | undefined | null => {
    if (!filter) return undefined;
    let failed = false;
    const sql = filter.trim().replace(/\{\{\s*(Dimension|TimeDimension|Entity)\(\s*'([^']+)'(?:\s*,\s*'[^']*')?\s*\)\s*\}\}/g, (_all, kind: string, ref: string) => {
      const parts = ref.split('__');
      const [entity, name] = parts.length > 1 ? [parts[0] ?? '', parts.slice(1).join('__')] : ['', parts[0] ?? ''];
      if (kind === 'Entity') {
        for (const m of models) {
          const e = (m.entities ?? []).find((x) => entityKey(x.name) === entityKey(name));
          if (e) return `${tableOf(m)}.${entityColumn(e)}`;
        }
        failed = true;
        return ref;
      }
      const candidates = [modelOfEntity(entity), home, ...models].filter((m): m is DbtSemanticModel => m !== undefined);
      for (const m of candidates) {
        const hit = dimensionSql.get(`${m.name}.${name}`);
        if (hit) return hit;
      }
      failed = true;
      return ref;
    });
    if (failed || /\{\{|\{%/.test(sql)) {
      unmapped.push(`${forWhat}: filter "${filter.trim()}" names something no semantic model defines, or Jinja Baton does not read`);
      return null;
    }
    return sql;
  };
  const money = /(total|revenue|price|cost|amount|spend|paid|profit|sales)/i;

  // ---- metrics
  const metrics: Record<string, Record<string, unknown>> = {};
  const simpleParts = new Map<string, { table: string; sql: string; format: string; measure: DbtMeasure }>();
  const inputOf = (ref: string | DbtMetricInput | undefined): DbtMetricInput | undefined => (typeof ref === 'string' ? { name: ref } : ref);
  const byName = new Map(metricsIn.map((m) => [m.name, m]));
  /** A metric (simple, or a ratio side) as one aggregate on one table, with the metric's and the input's filters. */
  const asAggregate = (metricName: string, extraFilter: string | undefined, forWhat: string, filtersApart = false) => {
    const metric = byName.get(metricName);
    if (!metric) {
      unmapped.push(`${forWhat}: metric ${metricName} is not defined`);
      return undefined;
    }
    if (metric.type !== 'simple') {
      unmapped.push(`${forWhat}: input ${metricName} is a ${metric.type} metric; only simple metrics combine into one aggregate`);
      return undefined;
    }
    const measureRef = metric.type_params?.measure;
    const measureName = typeof measureRef === 'string' ? measureRef : measureRef?.name ?? '';
    const home = measureModel.get(measureName);
    const conditions = [metric.filter, typeof measureRef === 'object' ? measureRef.filter : undefined, extraFilter].map((f) => filterSql(f, home, forWhat));
    if (conditions.includes(null)) return undefined;
    const kept = conditions.filter((c): c is string => typeof c === 'string');
    // A simple metric keeps its filter as a catalog filter (data quality and the report name it); a ratio side or a
    // derived input folds it into its aggregate (FILTER (WHERE ...)).
    const agg = aggregate(measureName, filtersApart || kept.length === 0 ? undefined : kept.map((c) => `(${c})`).join(' AND '), forWhat);
    return agg && { ...agg, filters: filtersApart ? kept : [] };
  };
  for (const metric of metricsIn) {
    const forWhat = `metric ${metric.name} (${metric.type})`;
    const label = metric.label ?? words(metric.name);
    const base = { label, aliases: [...new Set([label.toLowerCase(), words(metric.name)])], description: (metric.description ?? '').trim() || label };
    const timeFieldFor = (table: string, measure?: DbtMeasure) => {
      const m = models.find((x) => tableOf(x) === table);
      const dim = measure?.agg_time_dimension ?? m?.defaults?.agg_time_dimension;
      return m && dim ? timeFieldOf.get(`${m.name}.${dim}`) : undefined;
    };
    if (metric.type === 'simple') {
      const agg = asAggregate(metric.name, undefined, forWhat, true);
      if (!agg) continue;
      const timeField = timeFieldFor(agg.table, agg.measure);
      if (!timeField) { unmapped.push(`${forWhat}: its semantic model has no agg_time_dimension that is a time field`); continue; }
      simpleParts.set(metric.name, agg);
      const isMoney = agg.format === 'number' && money.test(agg.measure.name) && options.currency;
      const filters = agg.filters.map((sql) => ({ sql, description: `dbt filter: ${sql}` }));
      metrics[metric.name] = { ...base, table: agg.table, expression: agg.sql, time_field: timeField, ...(filters.length > 0 ? { filters } : {}), ...(isMoney ? { unit: options.currency, format: 'currency' } : { format: agg.format }) };
    } else if (metric.type === 'ratio') {
      const num = inputOf(metric.type_params?.numerator);
      const den = inputOf(metric.type_params?.denominator);
      if (!num || !den) { unmapped.push(`${forWhat}: needs a numerator and a denominator`); continue; }
      if (num.offset_window || den.offset_window) { unmapped.push(`${forWhat}: an offset_window input; ask Baton period over period (环比/同比) instead`); continue; }
      const n = asAggregate(num.name, num.filter, forWhat);
      const d = asAggregate(den.name, den.filter, forWhat);
      if (!n || !d) continue;
      if (n.table !== d.table) { unmapped.push(`${forWhat}: numerator on ${n.table}, denominator on ${d.table}; a Baton ratio aggregates one table`); continue; }
      const timeField = timeFieldFor(n.table, n.measure);
      if (!timeField) { unmapped.push(`${forWhat}: no time field for ${n.table}`); continue; }
      metrics[metric.name] = { ...base, table: n.table, numerator: n.sql, denominator: d.sql, time_field: timeField, format: 'ratio' };
    } else if (metric.type === 'derived') {
      const inputs = metric.type_params?.metrics ?? [];
      const offset = inputs.find((i) => i.offset_window || i.offset_to_grain);
      if (offset) { unmapped.push(`${forWhat}: input ${offset.name} has an offset (${offset.offset_window ?? offset.offset_to_grain}); ask Baton period over period (环比/同比) instead`); continue; }
      const parts = inputs.map((i) => ({ alias: i.alias ?? i.name, agg: asAggregate(i.name, i.filter, forWhat) }));
      if (parts.some((p) => !p.agg)) continue;
      const tablesUsed = [...new Set(parts.map((p) => p.agg!.table))];
      if (tablesUsed.length > 1) { unmapped.push(`${forWhat}: its inputs are on ${tablesUsed.join(' and ')}, two grains; a Baton metric aggregates one table (ask for each and compare)`); continue; }
      let expr = metric.type_params?.expr ?? '';
      for (const p of parts) expr = expr.replace(new RegExp(`\\b${p.alias}\\b`, 'g'), p.agg!.sql);
      const timeField = timeFieldFor(tablesUsed[0] ?? '', parts[0]?.agg?.measure);
      if (!timeField) { unmapped.push(`${forWhat}: no time field`); continue; }
      metrics[metric.name] = { ...base, table: tablesUsed[0], expression: expr, time_field: timeField, format: 'number' };
    } else {
      unmapped.push(`${forWhat}: ${metric.type} metrics (running totals, conversions) have no Baton equivalent; not imported`);
    }
  }

  const catalogObject = {
    name: options.name,
    description: `Imported from dbt semantic models (${models.map((m) => m.name).join(', ')}) by "baton catalog import-dbt".`,
    timezone: options.timezone ?? 'UTC',
    tables,
    joins,
    time_fields: timeFields,
    metrics,
    dimensions,
  };
  const doc = new Document(catalogObject, { aliasDuplicateObjects: false });
  doc.commentBefore = [
    ` Metric catalog imported from dbt MetricFlow by "baton catalog import-dbt". Check it with "baton catalog check".`,
    ...(unmapped.length > 0 ? [' Not imported, or imported with a change:', ...unmapped.map((u) => `   - ${u}`)] : [' Everything was imported.']),
  ].join('\n');
  visit(doc, { Pair: (_, pair) => { if (isPair(pair) && isScalar(pair.key) && pair.key.value === 'aliases' && isSeq(pair.value)) pair.value.flow = true; } });
  const text = doc.toString({ lineWidth: 0 });
  parseCatalog(text, '(imported)');
  return { text, unmapped, imported: { tables: Object.keys(tables).length, metrics: Object.keys(metrics).length, dimensions: Object.keys(dimensions).length } };
}
