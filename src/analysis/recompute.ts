/**
 * One way to get a step's result from its operation, shared by the agent that
 * runs the step and the validator that recomputes it: read-only SQL rows with
 * numbers as numbers, then the vetted derivations of src/analysis/derive.ts
 * (which one, each operation module says: src/operations).
 */
import { types } from 'pg';
import type { Row, StepOperation, StepOutput } from '../contracts';
import { queryReadOnly, type ReadOnlyLimits } from '../storage/read-only';
import type { SqlGuardOptions } from '../storage/sql-guard';
import { operationOf } from '../operations';
import type { StepData } from '../operations/operation';
import type { Derived } from './derive';

export type { StepData } from '../operations/operation';

export const SQL_LIMITS: ReadOnlyLimits = { statementTimeoutMs: 25_000, rowCap: 10_000 };

const NUMERIC_TYPES = new Set([
  types.builtins.NUMERIC,
  types.builtins.INT8,
  types.builtins.INT4,
  types.builtins.INT2,
  types.builtins.FLOAT4,
  types.builtins.FLOAT8,
]);

function toCell(value: unknown, numeric: boolean): Row[string] {
  if (value === null || value === undefined) return null;
  if (numeric) return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Runs read-only SQL and returns rows with numeric columns (numeric, bigint, …) as JS numbers. */
export async function queryRows(
  databaseUrl: string,
  sql: string,
  params: unknown[],
  limits: ReadOnlyLimits = SQL_LIMITS,
  guard: SqlGuardOptions = {},
): Promise<{ rows: Row[]; capped: boolean }> {
  const result = await queryReadOnly(databaseUrl, sql, params, limits, guard);
  const numeric = new Set(result.fields.filter((f) => NUMERIC_TYPES.has(f.dataTypeID)).map((f) => f.name));
  return {
    rows: result.rows.map((raw) => Object.fromEntries(result.fields.map((f) => [f.name, toCell(raw[f.name], numeric.has(f.name))]))),
    capped: result.capped,
  };
}

/** The summary of a plain metric result. */
export function metricSummary(rows: Row[]): StepOutput['data_summary'] {
  const values = rows.map((r) => r.value).filter((v): v is number => typeof v === 'number');
  return {
    rows: rows.length,
    value_min: values.length > 0 ? Math.min(...values) : null,
    value_max: values.length > 0 ? Math.max(...values) : null,
    value_sum: values.length > 0 ? values.reduce((a, b) => a + b, 0) : null,
  };
}

/** Derivations an SQL step makes from its own rows (null for a plain metric). */
export function deriveFromSql(op: StepOperation, rows: Row[]): Derived | null {
  const operation = operationOf(op);
  return operation.deriveFromRows ? operation.deriveFromRows(op, rows) : null;
}

/** A computed step's result from its inputs' results, with the vetted library (the reference the generated code is checked against). */
export function deriveCompute(op: StepOperation, inputs: Record<string, StepData>, excludedPeriods: string[] = []): Derived {
  const input = (id: string): StepData => {
    const found = inputs[id];
    if (!found) throw new Error(`input ${id} is missing`);
    return found;
  };
  const operation = operationOf(op);
  if (!operation.deriveFromInputs) throw new Error(`"${op.kind}" is an SQL operation`);
  return operation.deriveFromInputs(op, input, excludedPeriods);
}

/** The value a calculation points at: a summary field, or a column of the row whose key columns match. */
export function pickValue(
  data: { rows: Row[]; summary: StepOutput['data_summary'] },
  pick: { field: string; match: Record<string, string | number> | null },
): unknown {
  if (pick.match === null) return data.summary[pick.field] ?? null;
  const entries = Object.entries(pick.match);
  const row = data.rows.find((r) => entries.every(([k, v]) => String(r[k]) === String(v)));
  return row ? (row[pick.field] ?? null) : null;
}
