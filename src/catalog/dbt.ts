/**
 * `baton catalog import-dbt <path>`: a Baton catalog from a dbt project's Semantic Layer, in either spec
 * generation (the legacy top-level `semantic_models:` with measures, or the latest spec's `semantic_model:`
 * annotations on models with simple metrics; see dbt/model.ts).
 *
 *   semantic model → a table; entities → primary_key and joins, across every file of the project;
 *   time dimension → a time field on the column under `cast(col as date)`, `col::date`, `date_trunc('day', col)`,
 *   `date(col)` or `col`; categorical dimension → a dimension                                   (dbt/tables.ts)
 *   simple, ratio and derived metrics over one table → metrics, their filters as SQL           (dbt/metrics.ts)
 *
 * Importing one file of a project reads the other files beside it for the models its entities and metrics need,
 * so it names and joins things exactly as importing the whole folder does. Whatever cannot be mapped (a median, a
 * cumulative or conversion metric, an offset, inputs on two grains, a time expression that is not a column, a file
 * that is not dbt) is one line in the result and at the top of the written file, never dropped silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Document, isPair, isScalar, isSeq, parse as parseYaml, visit } from 'yaml';
import { parseCatalog } from './catalog';
import { MetricMapper } from './dbt/metrics';
import { type DbtMetric, type DbtSemanticModel, readProject } from './dbt/model';
import { buildTables, Project } from './dbt/tables';

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

export interface DbtMetricOutcome {
  name: string;
  type: string;
  file: string;
  imported: boolean;
  reason?: string;
}

export interface DbtImport {
  text: string;
  /** What was not mapped, or mapped with a change, and why; one line each, starting with the file. */
  unmapped: string[];
  imported: { tables: number; metrics: number; dimensions: number };
  /** Every metric of the files imported, and whether it was. */
  metrics: DbtMetricOutcome[];
}

/** A dbt YAML document; `context` marks a file read only for the models and metrics the others refer to. */
export interface DbtFile {
  file: string;
  doc: unknown;
  context?: boolean;
  error?: string;
}

const SKIP_DIRS = new Set(['target', 'dbt_packages', 'dbt_modules', 'logs', 'node_modules']);

function yamlFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.ya?ml$/i.test(f) && !f.split(path.sep).some((part) => part.startsWith('.') || SKIP_DIRS.has(part)))
    .sort();
}

function readOne(root: string, rel: string, context: boolean): DbtFile {
  try {
    return { file: rel, doc: parseYaml(fs.readFileSync(path.join(root, rel), 'utf8')) as unknown, context };
  } catch (err) {
    return { file: rel, doc: null, context, error: (err as Error).message.split('\n')[0] };
  }
}

/** The folder a file's project starts at: the nearest one above with dbt_project.yml, else the file's own. */
function projectRoot(file: string): string {
  for (let dir = path.dirname(path.resolve(file)), i = 0; i < 6; i++, dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'dbt_project.yml'))) return dir;
    if (path.dirname(dir) === dir) break;
  }
  return path.dirname(path.resolve(file));
}

/**
 * Every YAML file under a folder; or one file, with the other YAML files of its project (the folder holding
 * dbt_project.yml, else its own folder) as context. Names are relative to that folder.
 */
export function readDbtFiles(target: string): DbtFile[] {
  if (fs.statSync(target).isDirectory()) return yamlFiles(target).map((f) => readOne(target, f, false));
  const root = projectRoot(target);
  const own = path.relative(root, path.resolve(target));
  return [
    readOne(root, own, false),
    ...yamlFiles(root)
      .filter((f) => f !== own)
      .map((f) => readOne(root, f, true)),
  ];
}

/** The models the imported files need: their own, those hosting their metrics' measures, and all they join to. */
function includedModels(project: Project, mine: Set<string>, metrics: DbtMetric[]): Set<DbtSemanticModel> {
  const start = project.models.filter((m) => mine.has(m.file));
  const byName = new Map(metrics.map((m) => [m.name, m]));
  const seen = new Set<string>();
  const visitMetric = (name: string) => {
    const m = byName.get(name);
    if (!m || seen.has(name)) return;
    seen.add(name);
    const host = project.models.find((x) => x.measures.some((y) => y.name === m.measure?.name));
    if (host) start.push(host);
    for (const i of [m.numerator, m.denominator, ...(m.inputs ?? [])]) if (i) visitMetric(i.name);
  };
  for (const m of metrics.filter((x) => mine.has(x.file))) visitMetric(m.name);
  return project.reach(start);
}

/** The catalog for a set of dbt YAML documents (what `readDbtFiles` returns). */
export function importDbt(docs: DbtFile[], options: DbtImportOptions): DbtImport {
  const mine = new Set(docs.filter((d) => !d.context).map((d) => d.file));
  const read = readProject(docs.filter((d) => !d.error));
  const unmapped = [
    ...docs.filter((d) => d.error && !d.context).map((d) => `${d.file}: not read as YAML (${d.error}); skipped`),
    ...read.problems.filter((p) => [...mine].some((f) => p.startsWith(`${f}: `))),
  ];
  if (read.models.length === 0)
    throw new Error(
      'no semantic models found in the dbt files given (neither top-level semantic_models nor models with a semantic_model annotation)',
    );
  const columns: Record<string, string[]> = { ...read.columns };
  for (const [table, cols] of Object.entries(options.columns ?? {})) columns[table] = [...(columns[table] ?? []), ...cols];
  const project = new Project(read.models, { ...options, columns });
  const included = includedModels(project, mine, read.metrics);
  const built = buildTables(project, included, options, (m, line) => unmapped.push(`${m.file}: ${line}`));
  const mapper = new MetricMapper(project, built, read.metrics, options);
  const metrics: Record<string, Record<string, unknown>> = {};
  const outcomes: DbtMetricOutcome[] = [];
  for (const metric of read.metrics.filter((m) => mine.has(m.file))) {
    const r = mapper.map(metric);
    const outcome: DbtMetricOutcome = { name: metric.name, type: metric.type, file: metric.file, imported: !('reason' in r) };
    if ('reason' in r) {
      outcome.reason = r.reason;
      unmapped.push(`${metric.file}: metric ${metric.name} (${metric.type}): ${r.reason}`);
    } else {
      metrics[metric.name] = r.def;
    }
    outcomes.push(outcome);
  }
  unmapped.push(...mapper.notes.map((n) => `${read.metrics.find((m) => n.startsWith(`metric ${m.name}:`))?.file ?? ''}: ${n}`));
  const text = writeCatalog(
    options,
    [...included].map((m) => m.name),
    built,
    metrics,
    unmapped,
  );
  return {
    text,
    unmapped,
    metrics: outcomes,
    imported: {
      tables: Object.keys(built.tables).length,
      metrics: Object.keys(metrics).length,
      dimensions: Object.keys(built.dimensions).length,
    },
  };
}

function writeCatalog(
  options: DbtImportOptions,
  modelNames: string[],
  built: ReturnType<typeof buildTables>,
  metrics: Record<string, unknown>,
  unmapped: string[],
): string {
  const catalogObject = {
    name: options.name,
    description: `Imported from dbt semantic models (${modelNames.sort().join(', ')}) by "baton catalog import-dbt".`,
    timezone: options.timezone ?? 'UTC',
    tables: built.tables,
    joins: built.joins,
    time_fields: built.timeFields,
    metrics,
    dimensions: built.dimensions,
  };
  const doc = new Document(catalogObject, { aliasDuplicateObjects: false });
  doc.commentBefore = [
    ` Metric catalog imported from dbt MetricFlow by "baton catalog import-dbt". Check it with "baton catalog check".`,
    ...(unmapped.length > 0
      ? [' Not imported, or imported with a change:', ...unmapped.map((u) => `   - ${u}`)]
      : [' Everything was imported.']),
  ].join('\n');
  visit(doc, {
    Pair: (_, pair) => {
      if (isPair(pair) && isScalar(pair.key) && pair.key.value === 'aliases' && isSeq(pair.value)) pair.value.flow = true;
    },
  });
  const text = doc.toString({ lineWidth: 0 });
  parseCatalog(text, '(imported)');
  return text;
}
