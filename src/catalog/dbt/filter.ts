/**
 * A MetricFlow `filter` (a `where` in Jinja) as PostgreSQL on the catalog's columns.
 *
 *   {{ Dimension('order_id__is_food_order') }} = true          → orders.is_food_order = true
 *   {{ Dimension('country__region', entity_path=['customer']) }} → countries.region (reached through customers)
 *   {{ TimeDimension('order__ordered_at', 'month') }}            → date_trunc('month', orders.ordered_at)
 *   {{ TimeDimension('metric_time', 'day') }}                    → date_trunc('day', <the metric's time column>)
 *   {{ Entity('customer') }}                                     → orders.customer_id
 *   {{ Dimension('order__ordered_at').grain('week') }}           → date_trunc('week', orders.ordered_at)
 *
 * A reference names an entity (the part before the last `__`) and an element; the element is looked up on the
 * semantic model whose primary entity that is, then on the metric's own model. What cannot be resolved, and Jinja
 * other than these calls (`{{ Metric(...) }}`, `{% if %}`), makes the filter untranslatable, with the reason.
 */

export interface FilterContext {
  /** The SQL of a dimension: the entity (undefined for none) and the dimension's name. */
  dimension(entity: string | undefined, name: string): string | undefined;
  /** The SQL of an entity's column, preferring the metric's own model. */
  entity(name: string): string | undefined;
  /** The metric's time column (metric_time). */
  metricTime: string | undefined;
}

export type Translated = { sql: string } | { reason: string };

const CALL = /\{\{\s*(Dimension|TimeDimension|Entity|Metric)\s*\(([^)]*)\)((?:\s*\.\s*\w+\s*\([^)]*\))*)\s*\}\}/g;
const quoted = (s: string) => [...s.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');

/** One `{{ ... }}` call as SQL, or the reason it cannot be one. */
function translateCall(kind: string, args: string, chain: string, ctx: FilterContext): Translated {
  if (kind === 'Metric')
    return { reason: 'it filters on a metric ({{ Metric(...) }}), which Baton has no way to write as a row condition' };
  const path = /entity_path\s*=\s*\[([^\]]*)\]/.exec(args);
  const positional = quoted(args.replace(/\w+\s*=\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g, ''));
  const ref = positional[0] ?? '';
  const named = /(?:time_granularity_name|grain)\s*=\s*['"](\w+)['"]/.exec(args)?.[1];
  const chained = /\.\s*grain\s*\(\s*['"](\w+)['"]\s*\)/.exec(chain)?.[1];
  if (/\.\s*date_part\s*\(/.test(chain))
    return { reason: `${kind}('${ref}').date_part(...) is not translated; filter on the time field in the question instead` };
  const grain = positional[1] ?? named ?? chained;
  const parts = ref.split('__');
  const name = parts[parts.length - 1] ?? '';
  const entity = parts.length > 1 ? parts[parts.length - 2] : quoted(path?.[1] ?? '').pop();
  let sql: string | undefined;
  if (kind === 'Entity') sql = ctx.entity(name);
  else if (name === 'metric_time') sql = ctx.metricTime;
  else sql = ctx.dimension(entity, name);
  if (!sql) return { reason: `${kind}('${ref}') names ${kind === 'Entity' ? 'an entity' : 'a dimension'} no semantic model defines` };
  return { sql: grain && kind !== 'Entity' ? `date_trunc('${grain.toLowerCase()}', ${sql})` : sql };
}

/** A dbt filter as SQL; undefined for no filter. */
export function translateFilter(filter: string | undefined, ctx: FilterContext): Translated | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  let reason: string | undefined;
  const sql = filter.trim().replace(CALL, (_all, kind: string, args: string, chain: string) => {
    const t = translateCall(kind, args, chain, ctx);
    if ('reason' in t) {
      reason ??= t.reason;
      return '';
    }
    return t.sql;
  });
  if (reason) return { reason };
  if (/\{\{|\{%|\}\}/.test(sql)) return { reason: 'it has Jinja other than Dimension(), TimeDimension() and Entity()' };
  return { sql: sql.trim() };
}
