/**
 * `node dist/scripts/dbt-public-check.js <dbt project folder or file> [...]`: imports a dbt project's Semantic
 * Layer with `importDbt` and counts its metrics: all, those Baton can express, and those imported, with the reason
 * for each that is not. docs/catalog.md records the counts on public projects.
 *
 * "Can express" is decided here from the dbt definitions alone, not from what the import did: a simple metric over
 * a sum / count / count_distinct / average / min / max / sum_boolean measure; a ratio or derived metric whose
 * inputs all can, without an offset, on one semantic model. Percentiles, medians, cumulative and conversion
 * metrics, offsets and inputs on two models cannot.
 */
import { importDbt, readDbtFiles } from '../src/catalog/dbt';
import { type DbtMetric, readProject } from '../src/catalog/dbt/model';

const AGGS = new Set(['sum', 'count', 'count_distinct', 'average', 'avg', 'min', 'max', 'sum_boolean']);

/** The semantic model a metric aggregates on, or undefined when Baton cannot express it. */
function expressible(
  name: string,
  metrics: Map<string, DbtMetric>,
  hostOf: Map<string, { model: string; agg: string }>,
  depth = 0,
): string | undefined {
  const m = metrics.get(name);
  if (!m || depth > 8) return undefined;
  if (m.type === 'simple') {
    const host = hostOf.get(m.measure?.name ?? '');
    return host && AGGS.has(host.agg) ? host.model : undefined;
  }
  const inputs = m.type === 'ratio' ? [m.numerator, m.denominator] : m.type === 'derived' ? (m.inputs ?? []) : [];
  if (inputs.length === 0 || inputs.some((i) => !i || i.offset_window || i.offset_to_grain)) return undefined;
  const models = new Set(inputs.map((i) => (i ? expressible(i.name, metrics, hostOf, depth + 1) : undefined)));
  const [only] = [...models];
  return models.size === 1 && only !== undefined ? only : undefined;
}

function check(target: string): void {
  const docs = readDbtFiles(target);
  const project = readProject(docs);
  const result = importDbt(docs, { name: 'public_check' });
  const metrics = new Map(project.metrics.map((m) => [m.name, m]));
  const hostOf = new Map(project.models.flatMap((sm) => sm.measures.map((x) => [x.name, { model: sm.name, agg: x.agg }] as const)));
  const can = result.metrics.filter((m) => expressible(m.name, metrics, hostOf) !== undefined);
  const imported = result.metrics.filter((m) => m.imported);
  const canImported = can.filter((m) => m.imported);
  console.log(
    `${target}: ${project.models.length} semantic models, ${result.metrics.length} metrics, ${can.length} Baton can express, ${imported.length} imported (${canImported.length} of the ${can.length}: ${can.length ? ((100 * canImported.length) / can.length).toFixed(0) : '-'} %); ${result.imported.tables} tables, ${result.imported.dimensions} dimensions`,
  );
  for (const m of result.metrics.filter((x) => !x.imported))
    console.log(`  not imported${can.includes(m) ? ' (expressible!)' : ''}: ${m.name} (${m.type}): ${m.reason ?? ''}`);
  for (const line of result.unmapped.filter((u) => !/: metric \w+ \(/.test(u))) console.log(`  note: ${line}`);
}

for (const target of process.argv.slice(2)) check(target);
