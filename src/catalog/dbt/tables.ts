/**
 * Semantic models as catalog tables, joins, time fields and dimensions.
 *
 *   semantic model → a table (its dbt model's name); primary entity → primary_key; foreign entity → a join to the
 *   model (in any file) whose primary entity has that name; time dimension → a time field on the column under its
 *   expression (see time.ts); categorical dimension → a dimension; agg_time_dimension → the table's time_column.
 *
 * Names that two models share are prefixed with the model's name, decided over every model of the project, so a
 * file imported alone names things as the whole folder does.
 */
import { type DbtEntity, type DbtSemanticModel } from './model';
import { timeColumnOf } from './time';

export interface TableOptions {
  columns?: Record<string, string[]>;
  timeTypes?: Record<string, 'timestamp' | 'timestamptz' | 'date'>;
}

type Def = Record<string, unknown>;
export interface Tables {
  tables: Record<string, Def>;
  joins: { from: string; to: string }[];
  timeFields: Record<string, Def>;
  dimensions: Record<string, Def>;
  /** "<model>.<time dimension>" → time field id. */
  timeFieldOf: Map<string, string>;
  /** "<model>.<dimension>" → SQL, time dimensions included. */
  dimensionSql: Map<string, string>;
  /** "<model>.<time dimension>" → why it is not a time field. */
  unreadTime: Map<string, string>;
}

const SQL_WORDS = new Set([
  'case',
  'when',
  'then',
  'else',
  'end',
  'and',
  'or',
  'not',
  'null',
  'is',
  'in',
  'true',
  'false',
  'as',
  'distinct',
  'between',
  'like',
  'ilike',
  'interval',
  'day',
  'month',
  'year',
  'week',
  'quarter',
  'date',
  'timestamp',
  'cast',
  'numeric',
  'integer',
  'int',
  'text',
  'boolean',
  'filter',
  'where',
]);
export const plainIdentifier = (s: string) => /^[a-z_][a-z0-9_]*$/i.test(s);
export const words = (s: string) => s.replace(/_/g, ' ');
export const entityColumn = (e: DbtEntity) => e.expr ?? e.name;
const entityKey = (name: string) => name.toLowerCase().replace(/_id$/, '');
export const primaryOf = (m: DbtSemanticModel) =>
  m.entities.find((e) => e.type === 'primary' || e.type === 'natural' || e.type === 'unique');

/** Looks things up across every semantic model of the project. */
export class Project {
  private readonly known = new Map<string, Set<string>>();
  constructor(
    readonly models: DbtSemanticModel[],
    options: TableOptions,
  ) {
    for (const m of models) {
      const set = this.known.get(m.table) ?? new Set(options.columns?.[m.table] ?? []);
      for (const e of m.entities) if (plainIdentifier(entityColumn(e))) set.add(entityColumn(e));
      for (const d of m.dimensions) set.add(plainIdentifier(d.expr ?? d.name) ? (d.expr ?? d.name) : d.name);
      for (const x of m.measures) set.add(x.expr !== undefined && plainIdentifier(x.expr) ? x.expr : x.name);
      this.known.set(m.table, set);
    }
  }
  /** The model whose primary entity is this entity (`customer` and `customer_id` match). */
  modelOfEntity(entity: string): DbtSemanticModel | undefined {
    return this.models.find((m) => {
      const p = primaryOf(m);
      return p !== undefined && entityKey(p.name) === entityKey(entity);
    });
  }
  /** The entity's column: on the model given when it has it, else on the model whose primary entity it is. */
  entitySql(name: string, home: DbtSemanticModel | undefined): string | undefined {
    for (const m of [home, this.modelOfEntity(name), ...this.models]) {
      const e = m?.entities.find((x) => entityKey(x.name) === entityKey(name));
      if (m && e && entityColumn(e)) return `${m.table}.${entityColumn(e)}`;
    }
    return undefined;
  }
  /** An SQL expression of one model with its columns written table.column. */
  qualify(table: string, sql: string): string {
    return sql.replace(/(?<![.\w'"])([a-z_][a-z0-9_]*)(?![\w'"(.])/gi, (word: string) =>
      this.known.get(table)?.has(word) && !SQL_WORDS.has(word.toLowerCase()) ? `${table}.${word}` : word,
    );
  }
  /** A column or expression of the model as SQL. */
  sqlOf(table: string, expr: string): string {
    return plainIdentifier(expr) ? `${table}.${expr}` : /^\d+$/.test(expr) ? expr : this.qualify(table, expr);
  }
  /** Models the given ones reach through foreign entities, the given ones included. */
  reach(start: Iterable<DbtSemanticModel>): Set<DbtSemanticModel> {
    const seen = new Set<DbtSemanticModel>();
    const todo = [...start];
    for (let m = todo.pop(); m; m = todo.pop()) {
      if (seen.has(m)) continue;
      seen.add(m);
      for (const e of m.entities.filter((x) => x.type === 'foreign')) {
        const t = this.modelOfEntity(e.name);
        if (t) todo.push(t);
      }
    }
    return seen;
  }
}

const shared = (names: string[]) => {
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  return (n: string) => (count.get(n) ?? 0) > 1;
};

/** The catalog's tables and what hangs on them, for the models included; `note` takes a line about a model. */
export function buildTables(
  project: Project,
  included: Set<DbtSemanticModel>,
  options: TableOptions,
  note: (m: DbtSemanticModel, line: string) => void,
): Tables {
  const out: Tables = {
    tables: {},
    joins: [],
    timeFields: {},
    dimensions: {},
    timeFieldOf: new Map(),
    dimensionSql: new Map(),
    unreadTime: new Map(),
  };
  const all = project.models;
  const sharedTime = shared(all.flatMap((m) => m.dimensions.filter((d) => d.type === 'time').map((d) => d.name)));
  const sharedDim = shared(all.flatMap((m) => m.dimensions.filter((d) => d.type !== 'time').map((d) => d.name)));
  for (const m of all.filter((x) => included.has(x))) {
    const t = m.table;
    const def: Def = { description: (m.description ?? '').trim() || `The ${words(m.name)} semantic model.` };
    if (t !== m.name) note(m, `semantic model ${m.name}: read as table ${t} (its model); the catalog calls it ${t}`);
    const p = primaryOf(m);
    if (p && plainIdentifier(entityColumn(p))) def.primary_key = entityColumn(p);
    else if (m.entities.length > 0)
      note(
        m,
        `semantic model ${m.name}: no primary entity on a column, so no primary_key; declare it by hand if a metric is grouped across a one-to-many join`,
      );
    for (const d of m.dimensions.filter((x) => x.type === 'time')) {
      const expr = d.expr ?? d.name;
      const read = timeColumnOf(expr);
      if ('reason' in read) {
        out.unreadTime.set(`${m.name}.${d.name}`, read.reason);
        note(m, `time dimension ${m.name}.${d.name}: expr "${expr.trim()}" is not read as a time field: ${read.reason}`);
        continue;
      }
      const id = sharedTime(d.name) ? `${t}_${d.name}` : d.name;
      out.timeFields[id] = {
        column: `${t}.${read.column}`,
        meaning: `${d.label ?? words(d.name)} of ${words(m.name)}${d.granularity ? ` (dbt granularity: ${d.granularity}; questions choose their own grain)` : ''}`,
        type: options.timeTypes?.[`${t}.${read.column}`] ?? 'timestamp',
      };
      out.timeFieldOf.set(`${m.name}.${d.name}`, id);
      out.dimensionSql.set(`${m.name}.${d.name}`, `${t}.${read.column}`);
    }
    const aggColumn = m.aggTimeDimension ? out.timeFieldOf.get(`${m.name}.${m.aggTimeDimension}`) : undefined;
    if (aggColumn) def.time_column = String(out.timeFields[aggColumn]?.column).split('.')[1];
    out.tables[t] = def;
    for (const e of m.entities.filter((x) => x.type === 'foreign')) {
      const target = project.modelOfEntity(e.name);
      const tp = target && primaryOf(target);
      if (!target || !tp || !entityColumn(tp))
        note(
          m,
          `entity ${e.name} of ${m.name} (${t}.${entityColumn(e)}): no semantic model has it as its primary entity on a column, so no join`,
        );
      else if (!plainIdentifier(entityColumn(e)))
        note(m, `entity ${e.name} of ${m.name}: expr "${entityColumn(e)}" is not a column, so no join`);
      else out.joins.push({ from: `${t}.${entityColumn(e)}`, to: `${target.table}.${entityColumn(tp)}` });
    }
    for (const d of m.dimensions.filter((x) => x.type !== 'time')) {
      const expr = d.expr ?? d.name;
      const sql = project.sqlOf(t, expr);
      out.dimensionSql.set(`${m.name}.${d.name}`, sql);
      const id = sharedDim(d.name) ? `${m.name}_${d.name}` : d.name;
      const label = d.label ?? words(d.name);
      out.dimensions[id] = {
        label,
        aliases: [...new Set([label.toLowerCase(), words(d.name)])],
        ...(plainIdentifier(expr) ? { column: sql } : { expression: sql }),
      };
    }
  }
  return out;
}
