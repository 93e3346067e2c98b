/**
 * dbt Semantic Layer YAML, both spec generations, read into one shape.
 *
 *   legacy spec (dbt Core 1.6–1.11): top-level `semantic_models:` with entities, dimensions and measures, and
 *                                   top-level `metrics:` whose parameters sit under `type_params`;
 *   latest spec (dbt Core 1.12, Fusion): a `semantic_model:` annotation on a `models:` entry, entities and
 *                                   dimensions on its `columns:` (or `derived_semantics:`), simple metrics with their
 *                                   own `agg`/`expr` under the model's `metrics:` (they replace measures), and advanced
 *                                   metrics with their parameters as top-level keys (`input_metrics`, `numerator`, …).
 *
 * A latest-spec simple metric becomes a measure of the same name plus a simple metric over it, so everything after
 * this file reads one shape. What is not dbt, or not well formed, is one line naming the file and the key.
 */

export interface DbtEntity {
  name: string;
  type: string;
  expr?: string;
}
export interface DbtDimension {
  name: string;
  type: string;
  expr?: string;
  label?: string;
  granularity?: string;
}
export interface DbtMeasure {
  name: string;
  agg: string;
  expr?: string;
  description?: string;
  agg_time_dimension?: string;
  fill_nulls_with?: number;
  join_to_timespine?: boolean;
}
export interface DbtSemanticModel {
  name: string;
  /** The dbt model (the table). */
  table: string;
  file: string;
  key: string;
  description?: string;
  aggTimeDimension?: string;
  entities: DbtEntity[];
  dimensions: DbtDimension[];
  measures: DbtMeasure[];
}
export interface DbtMetricInput {
  name: string;
  alias?: string;
  filter?: string;
  offset_window?: string;
  offset_to_grain?: string;
}
export interface DbtMetric {
  name: string;
  type: string;
  file: string;
  label?: string;
  description?: string;
  filter?: string;
  /** simple: the measure and the measure-level options written on the metric. */
  measure?: { name: string; filter?: string; fill_nulls_with?: number; join_to_timespine?: boolean };
  numerator?: DbtMetricInput;
  denominator?: DbtMetricInput;
  expr?: string;
  inputs?: DbtMetricInput[];
  /** cumulative: window / grain_to_date; conversion: window. For the line that names it. */
  window?: string;
  grainToDate?: string;
}
export interface DbtProject {
  models: DbtSemanticModel[];
  metrics: DbtMetric[];
  problems: string[];
  /** The columns each dbt model's `columns:` lists (to qualify expressions when no database is given). */
  columns: Record<string, string[]>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A filter: one string, or a list of them (MetricFlow ANDs a list). */
const filterOf = (v: unknown): string | undefined => {
  const parts = (Array.isArray(v) ? v : [v]).map(str).filter((s): s is string => s !== undefined && s.trim() !== '');
  return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : parts.map((p) => `(${p.trim()})`).join(' AND ');
};

/** Top-level keys a dbt properties file or dbt_project.yml may have. */
const DBT_KEYS = new Set([
  'version',
  'models',
  'sources',
  'seeds',
  'snapshots',
  'macros',
  'exposures',
  'metrics',
  'semantic_models',
  'saved_queries',
  'groups',
  'unit_tests',
  'data_tests',
  'analyses',
  'name',
  'profile',
  'config-version',
  'packages',
  'model-paths',
  'vars',
  'flags',
  'require-dbt-version',
  'dispatch',
  'on-run-start',
  'on-run-end',
  'query-comment',
  'tests',
  'functions',
]);

function input(v: unknown): DbtMetricInput | undefined {
  if (typeof v === 'string') return { name: v };
  if (!isObj(v) || !str(v.name)) return undefined;
  return {
    name: str(v.name) ?? '',
    alias: str(v.alias),
    filter: filterOf(v.filter),
    offset_window: str(v.offset_window),
    offset_to_grain: str(v.offset_to_grain),
  };
}

function measureOf(v: Obj, forLatest: boolean): DbtMeasure {
  const params = isObj(v.type_params) ? v.type_params : {};
  return {
    name: str(v.name) ?? '',
    agg: (str(v.agg) ?? '').toLowerCase(),
    expr: str(v.expr),
    description: str(v.description),
    agg_time_dimension: str(v.agg_time_dimension),
    fill_nulls_with: forLatest ? num(v.fill_nulls_with) : num(params.fill_nulls_with),
    join_to_timespine: forLatest ? v.join_to_timespine === true : params.join_to_timespine === true,
  };
}

/** A metric of either spec (legacy `type_params`, or the latest spec's top-level keys). */
function metricOf(v: Obj, file: string): DbtMetric {
  const p: Obj = isObj(v.type_params) ? v.type_params : v;
  const cumulative = isObj(p.cumulative_type_params) ? p.cumulative_type_params : p;
  const m = p.measure;
  const measure =
    typeof m === 'string'
      ? { name: m }
      : isObj(m)
        ? {
            name: str(m.name) ?? '',
            filter: filterOf(m.filter),
            fill_nulls_with: num(m.fill_nulls_with),
            join_to_timespine: m.join_to_timespine === true,
          }
        : undefined;
  const inputMetric = input(p.input_metric) ?? (isObj(p.conversion_type_params) ? input(p.conversion_type_params.base_measure) : undefined);
  return {
    name: str(v.name) ?? '',
    type: (str(v.type) ?? '').toLowerCase(),
    file,
    label: str(v.label),
    description: str(v.description),
    filter: filterOf(v.filter),
    measure,
    numerator: input(p.numerator),
    denominator: input(p.denominator),
    expr: str(p.expr),
    inputs: list(p.metrics ?? p.input_metrics)
      .map(input)
      .filter((i): i is DbtMetricInput => i !== undefined)
      .concat(inputMetric && !measure ? [inputMetric] : []),
    window: str(cumulative.window),
    grainToDate: str(cumulative.grain_to_date),
  };
}

function legacyModel(v: Obj, file: string, index: number, problems: string[]): DbtSemanticModel | undefined {
  const name = str(v.name);
  if (!name) {
    problems.push(`${file}: semantic_models[${index}]: no name; skipped`);
    return undefined;
  }
  const table = /ref\(\s*['"]([^'"]+)['"]/.exec(str(v.model) ?? '')?.[1] ?? name;
  const dimensions = list(v.dimensions)
    .filter(isObj)
    .map((d): DbtDimension => {
      const tp = isObj(d.type_params) ? d.type_params : {};
      return {
        name: str(d.name) ?? '',
        type: (str(d.type) ?? '').toLowerCase(),
        expr: str(d.expr),
        label: str(d.label),
        granularity: str(tp.time_granularity) ?? str(d.granularity),
      };
    });
  const entities = list(v.entities)
    .filter(isObj)
    .map((e): DbtEntity => ({ name: str(e.name) ?? '', type: (str(e.type) ?? '').toLowerCase(), expr: str(e.expr) }));
  const defaults = isObj(v.defaults) ? v.defaults : {};
  return {
    name,
    table,
    file,
    key: `semantic_models.${name}`,
    description: str(v.description),
    aggTimeDimension: str(defaults.agg_time_dimension),
    entities,
    dimensions,
    measures: list(v.measures)
      .filter(isObj)
      .map((x) => measureOf(x, false)),
  };
}

/** A column's `entity:` or `dimension:` annotation: a mapping, or the type alone (`entity: foreign`). */
const annotation = (v: unknown): Obj | undefined => (typeof v === 'string' ? { type: v } : isObj(v) ? v : undefined);

function latestModel(v: Obj, file: string, metrics: DbtMetric[]): DbtSemanticModel | undefined {
  const config = isObj(v.config) ? v.config : {};
  const sm = v.semantic_model ?? config.semantic_model;
  const enabled = sm === true || (isObj(sm) && sm.enabled !== false);
  const table = str(v.name);
  if (!enabled || !table) return undefined;
  const name = (isObj(sm) ? str(sm.name) : undefined) ?? table;
  const entities: DbtEntity[] = [];
  const dimensions: DbtDimension[] = [];
  for (const c of list(v.columns).filter(isObj)) {
    const column = str(c.name) ?? '';
    const e = annotation(c.entity);
    const d = annotation(c.dimension);
    if (e)
      entities.push({ name: str(e.name) ?? column, type: (str(e.type) ?? '').toLowerCase(), expr: str(e.expr) ?? str(c.expr) ?? column });
    if (d)
      dimensions.push({
        name: str(d.name) ?? column,
        type: (str(d.type) ?? '').toLowerCase(),
        expr: str(d.expr) ?? str(c.expr) ?? column,
        label: str(d.label),
        granularity: str(c.granularity) ?? str(d.granularity),
      });
  }
  const derived = isObj(v.derived_semantics) ? v.derived_semantics : {};
  for (const e of list(derived.entities).filter(isObj))
    entities.push({ name: str(e.name) ?? '', type: (str(e.type) ?? '').toLowerCase(), expr: str(e.expr) });
  for (const d of list(derived.dimensions).filter(isObj))
    dimensions.push({
      name: str(d.name) ?? '',
      type: (str(d.type) ?? '').toLowerCase(),
      expr: str(d.expr),
      label: str(d.label),
      granularity: str(d.granularity),
    });
  const primary = str(v.primary_entity);
  if (primary && !entities.some((e) => e.type === 'primary')) entities.push({ name: primary, type: 'primary', expr: '' });
  const measures: DbtMeasure[] = [];
  for (const raw of list(v.metrics).filter(isObj)) {
    const type = (str(raw.type) ?? 'simple').toLowerCase();
    if (type === 'simple' && str(raw.agg)) {
      // A simple metric of the latest spec is its own measure.
      const measure = measureOf(raw, true);
      measures.push(measure);
      metrics.push({ ...metricOf({ ...raw, type: 'simple' }, file), measure: { name: measure.name } });
    } else {
      metrics.push(metricOf(raw, file));
    }
  }
  return {
    name,
    table,
    file,
    key: `models.${table}.semantic_model`,
    description: str(v.description),
    aggTimeDimension: str(v.agg_time_dimension),
    entities,
    dimensions,
    measures,
  };
}

/** Every semantic model and metric of the documents, with one line for each thing that is not dbt or not well formed. */
export function readProject(docs: { file: string; doc: unknown }[]): DbtProject {
  const models: DbtSemanticModel[] = [];
  const metrics: DbtMetric[] = [];
  const problems: string[] = [];
  const columns: Record<string, string[]> = {};
  for (const { file, doc } of docs) {
    if (doc === null || doc === undefined) continue;
    if (!isObj(doc) || !Object.keys(doc).some((k) => DBT_KEYS.has(k))) {
      problems.push(
        `${file}: not a dbt file (top-level ${isObj(doc) ? `keys ${Object.keys(doc).slice(0, 4).join(', ')}` : 'value is not a mapping'}); skipped`,
      );
      continue;
    }
    list(doc.semantic_models).forEach((v, i) => {
      if (isObj(v)) {
        const m = legacyModel(v, file, i, problems);
        if (m) models.push(m);
      }
    });
    for (const v of list(doc.models).filter(isObj)) {
      const m = latestModel(v, file, metrics);
      if (m) models.push(m);
      const table = str(v.name);
      if (table)
        (columns[table] ??= []).push(
          ...list(v.columns)
            .filter(isObj)
            .map((c) => str(c.name))
            .filter((c): c is string => c !== undefined),
        );
    }
    for (const v of list(doc.metrics).filter(isObj)) metrics.push(metricOf(v, file));
  }
  // A legacy measure with `create_metric: true` is also a simple metric of its name.
  for (const m of models)
    for (const x of m.measures) {
      if (!metrics.some((y) => y.name === x.name) && createsMetric(docs, x.name))
        metrics.push({ name: x.name, type: 'simple', file: m.file, description: x.description, measure: { name: x.name } });
    }
  // MetricFlow requires entities (a primary one at least): without them a model has no grain to aggregate at.
  for (const m of models)
    if (m.entities.length === 0)
      problems.push(`${m.file}: ${m.key}: no entities (a semantic model needs a primary entity); skipped, with its measures`);
  return { models: models.filter((m) => m.entities.length > 0), metrics, problems, columns };
}

function createsMetric(docs: { doc: unknown }[], measure: string): boolean {
  return docs.some(
    ({ doc }) =>
      isObj(doc) &&
      list(doc.semantic_models).some(
        (sm) => isObj(sm) && list(sm.measures).some((x) => isObj(x) && x.name === measure && x.create_metric === true),
      ),
  );
}
