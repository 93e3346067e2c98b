/**
 * SQL agent: compiles the step's metric query from the catalog and runs it
 * read-only, with a statement timeout and a row cap, heartbeating meanwhile.
 */
import { ApplicationFailure } from '@temporalio/common';
import { types } from 'pg';
import { defineAgent } from '../agent';
import { UnknownCatalogNameError, compileMetricQuery } from '../catalog/sql';
import { SqlStepInput, SqlStepOutput, type Row } from '../contracts';
import { DatabaseUnreachableError, queryReadOnly } from '../db';
import { catalogFor, databaseFor } from '../sources';

export const SQL_LIMITS = { statementTimeoutMs: 25_000, rowCap: 10_000 };
/** Rows that travel inline in the hand-off; larger results are summarised. */
export const INLINE_ROWS = 50;

const NUMERIC_TYPES = new Set([types.builtins.NUMERIC, types.builtins.INT8, types.builtins.INT4, types.builtins.INT2, types.builtins.FLOAT4, types.builtins.FLOAT8]);

function toCell(value: unknown, numeric: boolean): Row[string] {
  if (value === null || value === undefined) return null;
  if (numeric) return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export const runSqlStep = defineAgent({
  name: 'sql',
  input: SqlStepInput,
  output: SqlStepOutput,
  run: async ({ step, catalogPath, databaseUrl }) => {
    const catalog = catalogFor(catalogPath);
    let compiled;
    try {
      compiled = compileMetricQuery(catalog, step.query);
    } catch (err) {
      if (err instanceof UnknownCatalogNameError) {
        throw ApplicationFailure.create({ type: 'UnknownCatalogName', nonRetryable: true, message: `sql agent, step ${step.step_id}: ${err.message}` });
      }
      throw err;
    }

    const started = process.hrtime.bigint();
    let result;
    try {
      result = await queryReadOnly(databaseFor(databaseUrl), compiled.sql, compiled.params, SQL_LIMITS);
    } catch (err) {
      if (err instanceof DatabaseUnreachableError) {
        // Retryable: the database may come back within the retry policy.
        throw ApplicationFailure.create({ type: 'DatabaseUnreachable', message: err.message });
      }
      const pgError = err as { code?: string; message?: string };
      throw ApplicationFailure.create({
        type: pgError.code === '57014' ? 'StatementTimeout' : 'SqlError',
        message: `sql agent, step ${step.step_id}: ${pgError.message ?? String(err)}`,
        nonRetryable: pgError.code !== '57014' && pgError.code !== undefined && !pgError.code.startsWith('08'),
      });
    }
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;

    const numeric = new Set(result.fields.filter((f) => NUMERIC_TYPES.has(f.dataTypeID)).map((f) => f.name));
    const rows: Row[] = result.rows.map((raw) =>
      Object.fromEntries(result.fields.map((f) => [f.name, toCell(raw[f.name], numeric.has(f.name))])),
    );
    const values = rows.map((r) => r.value).filter((v): v is number => typeof v === 'number');
    const anomalies: string[] = [];
    if (rows.length === 0) anomalies.push('the query returned no rows');
    if (rows.some((r) => r.value === null)) anomalies.push('some groups have no value (no qualifying orders)');
    if (result.capped) anomalies.push(`more than ${SQL_LIMITS.rowCap} rows; the result was capped`);

    return {
      task_id: step.step_id,
      sql: compiled.sql,
      params: compiled.params,
      result_shape: [rows.length, result.fields.length] as [number, number],
      columns: compiled.columns,
      rows: rows.slice(0, INLINE_ROWS),
      filters_applied: compiled.filters_applied,
      aggregation_logic: compiled.aggregation_logic,
      execution_time_ms: Math.round(elapsedMs * 10) / 10,
      data_summary: {
        rows: rows.length,
        value_min: values.length > 0 ? Math.min(...values) : null,
        value_max: values.length > 0 ? Math.max(...values) : null,
        value_sum: values.length > 0 ? values.reduce((a, b) => a + b, 0) : null,
      },
      anomalies_found: anomalies,
      result_ref: rows.length > INLINE_ROWS ? `rows ${INLINE_ROWS + 1}-${rows.length} not inline` : null,
    };
  },
});
