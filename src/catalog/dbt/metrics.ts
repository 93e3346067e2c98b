/**
 * dbt metrics as catalog metrics.
 *
 *   measure sum / count / count_distinct / average / min / max / sum_boolean, `expr`   → the aggregate
 *   simple (with filter, fill_nulls_with)   → a metric; its filter a catalog filter; fill_nulls_with → COALESCE(…, v)
 *   ratio                                   → numerator / denominator, each side's filter as FILTER (WHERE …)
 *   derived over metrics of one table       → one expression (`a / b` alone → numerator / denominator); inputs are
 *                                             plain names or {name, alias, filter}, and may be derived or ratios
 *   per-measure (or per-metric) agg_time_dimension → that time field, not the model's default
 *
 * Each metric that is not imported is one line with its reason and what to ask Baton instead.
 */
import { translateFilter } from './filter';
import { type DbtMeasure, type DbtMetric, type DbtMetricInput, type DbtSemanticModel } from './model';
import { type Project, type Tables, words } from './tables';

type Def = Record<string, unknown>;
interface Part {
  table: string;
  model: DbtSemanticModel;
  sql: string;
  format: string;
  measure: DbtMeasure;
  composite: boolean;
}
type Result<T> = T | { reason: string };
/** Two filters as one (either may be absent). */
const both = (a: string | undefined, b: string | undefined) => (a && b ? `(${a.trim()}) AND (${b.trim()})` : (a ?? b));
const failed = <T extends object>(r: Result<T>): r is { reason: string } => 'reason' in r;

const COUNTS = new Set(['count', 'count_distinct', 'sum_boolean']);
const money = /(total|revenue|price|cost|amount|spend|paid|profit|sales|usd)/i;

export interface MetricOptions {
  currency?: string;
}

export class MetricMapper {
  private readonly byName: Map<string, DbtMetric>;
  private readonly measures = new Map<string, { measure: DbtMeasure; model: DbtSemanticModel }>();
  /** Lines about imported metrics that changed on the way (join_to_timespine). */
  readonly notes: string[] = [];

  constructor(
    private readonly project: Project,
    private readonly built: Tables,
    metrics: DbtMetric[],
    private readonly options: MetricOptions,
  ) {
    this.byName = new Map(metrics.map((m) => [m.name, m]));
    for (const model of project.models) for (const measure of model.measures) this.measures.set(measure.name, { measure, model });
  }

  /** The filter as SQL for a metric whose aggregate is on `home`. */
  private filter(filter: string | undefined, home: DbtSemanticModel, measure: DbtMeasure | undefined): Result<{ sql?: string }> {
    const t = translateFilter(filter, {
      dimension: (entity, name) => {
        const owner = entity ? this.project.modelOfEntity(entity) : undefined;
        for (const m of [owner, home, ...(entity ? [] : this.project.models)]) {
          const hit = m && this.built.dimensionSql.get(`${m.name}.${name}`);
          if (hit) return hit;
        }
        return undefined;
      },
      entity: (name) => this.project.entitySql(name, home),
      metricTime: this.timeColumn(home, measure),
    });
    if (!t) return {};
    return failed(t) ? { reason: `filter "${(filter ?? '').trim()}" is not translated: ${t.reason}` } : { sql: t.sql };
  }

  private timeFieldId(model: DbtSemanticModel, measure: DbtMeasure | undefined): string | undefined {
    const dim = measure?.agg_time_dimension ?? model.aggTimeDimension;
    return dim ? this.built.timeFieldOf.get(`${model.name}.${dim}`) : undefined;
  }
  private timeColumn(model: DbtSemanticModel, measure: DbtMeasure | undefined): string | undefined {
    const id = this.timeFieldId(model, measure);
    return id ? String(this.built.timeFields[id]?.column) : undefined;
  }

  /** A measure as an aggregate on its table, with an optional condition folded in. */
  private aggregate(name: string, where: string | undefined, fill: number | undefined): Result<Part> {
    const hit = this.measures.get(name);
    if (!hit) return { reason: `measure ${name} is not defined in any semantic model` };
    const { measure: x, model } = hit;
    const t = model.table;
    const raw = x.expr === undefined ? x.name : x.expr.trim();
    const col = this.project.sqlOf(t, raw);
    const filter = where ? ` FILTER (WHERE ${where})` : '';
    const one = raw === '1';
    let sql: string;
    let format = 'number';
    switch (x.agg) {
      case 'sum':
        sql = one ? `COUNT(*)${filter}` : `SUM(${col})${filter}`;
        format = one ? 'integer' : 'number';
        break;
      case 'count':
        sql = one ? `COUNT(*)${filter}` : `COUNT(${col})${filter}`;
        format = 'integer';
        break;
      case 'count_distinct':
        sql = `COUNT(DISTINCT ${col})${filter}`;
        format = 'integer';
        break;
      case 'sum_boolean':
        sql = `COUNT(*) FILTER (WHERE ${/^[\w.]+$/.test(col) ? col : `(${col})`}${where ? ` AND ${where}` : ''})`;
        format = 'integer';
        break;
      case 'min':
      case 'max':
        sql = `${x.agg.toUpperCase()}(${col})${filter}`;
        break;
      case 'average':
      case 'avg':
        sql = `AVG(${col})${filter}`;
        break;
      case 'median':
      case 'percentile':
        return {
          reason: `measure ${name} aggregates with ${x.agg}, which a Baton metric cannot express; ask Baton for the average, or the metric grouped by a dimension, instead`,
        };
      default:
        return {
          reason: `measure ${name} aggregates with "${x.agg}", which a Baton metric cannot express (sum, count, count_distinct, average, min, max, sum_boolean can)`,
        };
    }
    const fills = fill ?? x.fill_nulls_with;
    if (fills !== undefined && !COUNTS.has(x.agg) && !one) sql = `COALESCE(${sql}, ${fills})`;
    return { table: t, model, sql, format, measure: x, composite: false };
  }

  /** A metric used inside another (a ratio side, a derived input), as one SQL expression on one table. */
  private inputSql(ref: DbtMetricInput, depth = 0): Result<Part> {
    const metric = this.byName.get(ref.name);
    if (!metric) return { reason: `input metric ${ref.name} is not defined` };
    if (ref.offset_window || ref.offset_to_grain)
      return {
        reason: `input ${ref.name} has an offset (${ref.offset_window ?? ref.offset_to_grain}); ask Baton period over period (环比/同比) on ${ref.name} instead`,
      };
    if (depth > 8) return { reason: `input ${ref.name} nests too deep` };
    if (metric.type === 'simple') return this.simplePart(metric, ref.filter, true);
    if (metric.type === 'ratio') {
      const r = this.ratioParts(metric, ref.filter, depth);
      return failed(r) ? r : { ...r.num, sql: `(${r.num.sql}) / NULLIF(${r.den.sql}, 0)`, composite: true };
    }
    if (metric.type === 'derived') {
      const d = this.derivedSql(metric, ref.filter, depth);
      return failed(d) ? d : { ...d.first, sql: `(${d.sql})`, composite: true };
    }
    return { reason: `input ${ref.name} is a ${metric.type} metric: ${this.instead(metric)}` };
  }

  /** A simple metric's aggregate; `fold` puts its filters inside the aggregate (for ratio sides and derived inputs). */
  private simplePart(metric: DbtMetric, extra: string | undefined, fold: boolean): Result<Part & { filters: string[] }> {
    const measureName = metric.measure?.name ?? '';
    const home = this.measures.get(measureName);
    if (!home) return { reason: `measure ${measureName || '(none)'} is not defined in any semantic model` };
    const conditions: string[] = [];
    for (const f of [metric.filter, metric.measure?.filter, extra]) {
      const c = this.filter(f, home.model, home.measure);
      if (failed(c)) return c;
      if (c.sql) conditions.push(c.sql);
    }
    const agg = this.aggregate(
      measureName,
      fold && conditions.length > 0 ? conditions.map((c) => `(${c})`).join(' AND ') : undefined,
      metric.measure?.fill_nulls_with,
    );
    if (failed(agg)) return agg;
    return { ...agg, filters: fold ? [] : conditions };
  }

  private ratioParts(metric: DbtMetric, extra: string | undefined, depth: number): Result<{ num: Part; den: Part }> {
    if (!metric.numerator || !metric.denominator) return { reason: 'it needs a numerator and a denominator' };
    const withExtra = (i: DbtMetricInput) => ({ ...i, filter: both(i.filter, extra) });
    const num = this.inputSql(withExtra(metric.numerator), depth + 1);
    if (failed(num)) return num;
    const den = this.inputSql(withExtra(metric.denominator), depth + 1);
    if (failed(den)) return den;
    if (num.table !== den.table)
      return {
        reason: `numerator on ${num.table}, denominator on ${den.table}: two grains; a Baton metric aggregates one table (ask for each and compare)`,
      };
    return { num, den };
  }

  private derivedSql(
    metric: DbtMetric,
    extra: string | undefined,
    depth: number,
  ): Result<{ sql: string; first: Part; parts: Map<string, Part> }> {
    const inputs = metric.inputs ?? [];
    if (inputs.length === 0 || !metric.expr) return { reason: 'it names no input metrics or no expr' };
    const parts = new Map<string, Part>();
    for (const i of inputs) {
      const p = this.inputSql({ ...i, filter: both(i.filter, extra) }, depth + 1);
      if (failed(p)) return p;
      parts.set(i.alias ?? i.name, p);
    }
    const tables = [...new Set([...parts.values()].map((p) => p.table))];
    if (tables.length > 1)
      return {
        reason: `its inputs are on ${tables.sort().join(' and ')}, two grains; a Baton metric aggregates one table (ask for each and compare)`,
      };
    const sql = metric.expr.trim().replace(/\b[a-z_][a-z0-9_]*\b/gi, (w) => parts.get(w)?.sql ?? w);
    const first = [...parts.values()][0];
    if (!first) return { reason: 'it has no inputs' };
    return { sql, first, parts };
  }

  /** What to ask instead of a metric type Baton has no equivalent for. */
  private instead(metric: DbtMetric): string {
    const input = metric.inputs?.[0]?.name ?? metric.measure?.name ?? 'its input';
    if (metric.type === 'cumulative')
      return `a running total of ${input} (${metric.window ? `over ${metric.window}` : metric.grainToDate ? `${metric.grainToDate} to date` : 'all time'}) has no Baton equivalent; ask for ${input} over the window you mean instead`;
    if (metric.type === 'conversion')
      return `a conversion rate within a window has no Baton equivalent; ask for the base and the conversion counts separately and compare`;
    return `a ${metric.type} metric has no Baton equivalent`;
  }

  private base(metric: DbtMetric): Def {
    const label = metric.label ?? words(metric.name);
    return {
      label,
      aliases: [...new Set([label.toLowerCase(), words(metric.name)])],
      description: (metric.description ?? '').trim() || label,
    };
  }

  /** One dbt metric as a catalog metric, or why not. */
  map(metric: DbtMetric): Result<{ def: Def }> {
    if (metric.type === 'simple') return this.mapSimple(metric);
    if (metric.type === 'ratio') {
      const r = this.ratioParts(metric, undefined, 0);
      if (failed(r)) return r;
      const timeField = this.timeFieldId(r.num.model, r.num.measure);
      if (!timeField) return this.noTime(r.num.model, r.num.measure);
      return {
        def: {
          ...this.base(metric),
          table: r.num.table,
          numerator: r.num.sql,
          denominator: r.den.sql,
          time_field: timeField,
          format: 'ratio',
        },
      };
    }
    if (metric.type === 'derived') return this.mapDerived(metric);
    if (metric.type === 'cumulative' || metric.type === 'conversion') return { reason: this.instead(metric) };
    return { reason: `metric type "${metric.type || '(none)'}" is not one dbt defines` };
  }

  private noTime(model: DbtSemanticModel, measure: DbtMeasure | undefined): { reason: string } {
    const dim = measure?.agg_time_dimension ?? model.aggTimeDimension;
    if (!dim) return { reason: `semantic model ${model.name} names no agg_time_dimension` };
    const why = this.built.unreadTime.get(`${model.name}.${dim}`);
    return {
      reason: `its agg_time_dimension ${model.name}.${dim} is ${why ? `not read as a time field (${why})` : 'not a time dimension of the model'}`,
    };
  }

  private mapSimple(metric: DbtMetric): Result<{ def: Def }> {
    const agg = this.simplePart(metric, undefined, false);
    if (failed(agg)) return agg;
    const timeField = this.timeFieldId(agg.model, agg.measure);
    if (!timeField) return this.noTime(agg.model, agg.measure);
    if (metric.measure?.join_to_timespine ?? agg.measure.join_to_timespine)
      this.notes.push(
        `metric ${metric.name}: join_to_timespine is not kept; Baton's series list the periods that have rows${(metric.measure?.fill_nulls_with ?? agg.measure.fill_nulls_with) !== undefined ? ' (fill_nulls_with is kept for totals)' : ''}`,
      );
    const isMoney = agg.format === 'number' && money.test(agg.measure.name) && this.options.currency;
    const filters = agg.filters.map((sql) => ({ sql, description: `dbt filter: ${sql}` }));
    return {
      def: {
        ...this.base(metric),
        table: agg.table,
        expression: agg.sql,
        time_field: timeField,
        ...(filters.length > 0 ? { filters } : {}),
        ...(isMoney ? { unit: this.options.currency, format: 'currency' } : { format: agg.format }),
      },
    };
  }

  private mapDerived(metric: DbtMetric): Result<{ def: Def }> {
    const d = this.derivedSql(metric, undefined, 0);
    if (failed(d)) return d;
    const timeField = this.timeFieldId(d.first.model, d.first.measure);
    if (!timeField) return this.noTime(d.first.model, d.first.measure);
    const base = { ...this.base(metric), table: d.first.table, time_field: timeField };
    // `a / b` alone is a ratio: Baton decomposes its change into mix and rate.
    const ratio = /^\s*([a-z_][a-z0-9_]*)\s*\/\s*([a-z_][a-z0-9_]*)\s*$/i.exec(metric.expr ?? '');
    const num = ratio?.[1] ? d.parts.get(ratio[1]) : undefined;
    const den = ratio?.[2] ? d.parts.get(ratio[2]) : undefined;
    if (num && den) return { def: { ...base, numerator: num.sql, denominator: den.sql, format: 'number' } };
    return { def: { ...base, expression: d.sql, format: 'number' } };
  }
}
