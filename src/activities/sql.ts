/**
 * SQL agent: compiles the step's metric query from its catalog fragment, runs it
 * read-only (statement timeout, row cap), and for decompositions derives the
 * effects from its own rows (what else a kind adds, its operation module says:
 * src/operations). Heartbeats come from the worker's interceptor.
 */
import { ApplicationFailure } from '@temporalio/common';
import { defineAgent } from '../agents/contract';
import { stepCalculations } from '../analysis/calculations';
import type { Derived } from '../analysis/derive';
import { deriveFromSql, metricSummary, queryRows, SQL_LIMITS } from '../analysis/recompute';
import { UnknownCatalogNameError, compileMetricQuery } from '../catalog/sql';
import { StepInput, StepOutput, type MemoryDraft, type MemoryEntry, type Row } from '../contracts';
import { loadResult, matchReuse, rankStored, reuseKey, storeResult } from '../storage/reuse';
import { render } from '../messages';
import { DatabaseUnreachableError, isTransientDatabaseError } from '../storage/db';
import { isConnectionLost } from '../temporal/failures';
import { resolveTimeFieldTypes } from '../catalog/time-types';
import { databaseFor } from '../settings/sources';
import { isSqlOperation, operationOf, type SqlOperation } from '../operations';
import { buildStepOutput, fragmentCatalog } from '../storage/step-output';
import { stepFragment } from '../storage/fragments';
import { describeStep } from '../analysis/findings';

export const runSqlStep = defineAgent({
  name: 'sql',
  input: StepInput,
  output: StepOutput,
  run: async ({ workflow_id, step, catalog: inline, catalog_ref, databaseUrl, language, memory, partial_periods, reuse, data_version }) => {
    const fragment = await stepFragment(inline, catalog_ref, step.step_id);
    const op = step.operation;
    if (!isSqlOperation(op)) {
      throw ApplicationFailure.create({
        type: 'WrongAgent',
        nonRetryable: true,
        message: `sql agent, step ${step.step_id}: "${op.kind}" is not an SQL operation`,
      });
    }
    const catalog = await resolveTimeFieldTypes(fragmentCatalog(fragment), databaseFor(databaseUrl));
    const operation = operationOf(op);
    const compiled = compile(step.step_id, catalog, op, operation);

    const started = process.hrtime.bigint();
    const db = databaseFor(databaseUrl);
    const turn = reuse
      ? await stepRows(workflow_id, step.step_id, { db, catalog, op, operation, compiled, reuse, dataVersion: data_version })
      : null;
    const result = turn?.result ?? (await run(step.step_id, db, compiled));
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;

    const rows = result.rows;
    const groupRows = rows.filter((r) => r.is_total !== true);
    const anomalies: string[] = [];
    if (rows.length === 0) anomalies.push('the query returned no rows');
    if (rows.some((r) => r.value === null)) anomalies.push('some groups have no value (no qualifying rows)');
    if (result.capped) anomalies.push(`more than ${SQL_LIMITS.rowCap} rows; the result was capped`);
    const partial = [...new Set(rows.map((r) => String(r.month)).filter((m) => partial_periods.includes(m)))];
    if (partial.length > 0)
      anomalies.push(`${partial.join(', ')}: only partly covered by data (see the data-quality check); not comparable with full months`);
    if (turn?.reuse.data_changed) anomalies.push(render('sessions.reuse.data-changed', {}, language));

    const derived: Derived | null = deriveFromSql(op, rows);
    const columns = derived?.columns ?? compiled.columns;
    const handedOn = derived?.rows ?? rows;
    const summary = derived?.summary ?? metricSummary(rows);
    const facts = describeStep(step, { columns, rows: handedOn, data_summary: summary }, {}, catalog, language);
    anomalies.push(...disagreements(facts.memory, memory));
    return buildStepOutput(workflow_id, step, {
      sql: compiled.sql,
      params: compiled.params,
      columns,
      rows: handedOn,
      filters_applied: compiled.filters_applied,
      aggregation_logic: derived
        ? [...compiled.aggregation_logic, `then ${op.kind.replace('_', ' ')} over ${groupRows.length} grouped rows`]
        : compiled.aggregation_logic,
      execution_time_ms: elapsedMs,
      data_summary: summary,
      anomalies_found: anomalies,
      value_metric: derived ? null : op.query.metric,
      facts,
      paths_excluded: derived && operation.ruledOut ? operation.ruledOut(op, { derived, inputs: [], inputRows: new Map(), language }) : [],
      metrics: operation.keyMetrics ? operation.keyMetrics(op, groupRows, catalog, step) : [],
      calculations: stepCalculations(step, handedOn, summary, catalog, language),
      reuse: turn?.reuse ?? null,
    });
  },
});

/**
 * A conversation's turn (src/storage/reuse.ts): the step's rows from an earlier turn's stored result when its key is
 * offered (a ranked query re-ranked over the stored groups), else queried; either way the result it offers later turns.
 * A ranked query stores its unranked groups (one more query, over the same rows) so that a later turn may rank again.
 */
async function stepRows(
  workflowId: string,
  stepId: string,
  args: {
    db: string;
    catalog: ReturnType<typeof fragmentCatalog>;
    op: SqlOperation;
    operation: ReturnType<typeof operationOf>;
    compiled: ReturnType<typeof compile>;
    reuse: { key: string; result_ref: string }[];
    dataVersion: string | null | undefined;
  },
): Promise<{ result: Awaited<ReturnType<typeof queryRows>>; reuse: NonNullable<StepOutput['reuse']> } | null> {
  const { db, catalog, op, operation, compiled } = args;
  const groups = op.query.group_by;
  const ranked = op.kind === 'metric' && op.query.order !== null && op.query.limit !== null && groups.length > 0;
  const unranked = ranked ? compile(stepId, catalog, { ...op, query: { ...op.query, order: null, limit: null } }, operation) : compiled;
  const key = reuseKey(unranked.sql, unranked.params, args.dataVersion);
  if (!key) return null;
  const rank = (rows: Row[]) => (ranked ? rankStored(rows, groups, op.query.order ?? 'desc', op.query.limit ?? 1) : rows);
  const match = matchReuse(key, args.reuse);
  if (match.kind === 'hit') {
    const stored = await loadResult(match.result_ref);
    return {
      result: { rows: rank(stored.rows), capped: false },
      reuse: { key, result_ref: match.result_ref, reused: true, data_changed: false },
    };
  }
  const result = await run(stepId, db, compiled);
  const groupsRun = ranked ? await run(stepId, db, unranked) : result;
  const ref = groupsRun.capped ? null : await storeResult(workflowId, stepId, { columns: unranked.columns, rows: groupsRun.rows });
  return { result, reuse: { key, result_ref: ref, reused: false, data_changed: match.kind === 'stale' } };
}

/** The step's query compiled from its fragment; a name the catalog lacks is final. */
function compile(stepId: string, catalog: ReturnType<typeof fragmentCatalog>, op: SqlOperation, operation: ReturnType<typeof operationOf>) {
  try {
    return compileMetricQuery(catalog, op.query, { totalsWithout: operation.totalsWithout?.(op) });
  } catch (err) {
    if (err instanceof UnknownCatalogNameError) {
      throw ApplicationFailure.create({
        type: 'UnknownCatalogName',
        nonRetryable: true,
        message: `sql agent, step ${stepId}: ${err.message}`,
      });
    }
    throw err;
  }
}

/** Runs the compiled query read-only; each failure classed as infrastructure, retryable or final. */
async function run(stepId: string, db: string, compiled: { sql: string; params: unknown[] }): ReturnType<typeof queryRows> {
  try {
    return await queryRows(db, compiled.sql, compiled.params, SQL_LIMITS);
  } catch (err) {
    // A connection cut under the query (or while it was being made) is infrastructure (src/temporal/failures.ts):
    // retried as a whole, never counted against the step.
    if (isConnectionLost(err)) throw err;
    if (err instanceof DatabaseUnreachableError) {
      // Retryable: the database may come back within the retry policy.
      throw ApplicationFailure.create({ type: 'DatabaseUnreachable', message: err.message });
    }
    const pgError = err as { code?: string; message?: string };
    throw ApplicationFailure.create({
      type: pgError.code === '57014' ? 'StatementTimeout' : 'SqlError',
      message: `sql agent, step ${stepId}: ${pgError.message ?? String(err)}`,
      // A lost connection or a timeout may pass on the next attempt; a wrong query never does.
      nonRetryable: !isTransientDatabaseError(err),
    });
  }
}

/** A value that disagrees with an accepted fact from another step is an anomaly worth saying. */
function disagreements(proposed: MemoryDraft[], memory: MemoryEntry[]): string[] {
  const out: string[] = [];
  for (const fact of proposed) {
    const known = memory.find(
      (m) =>
        m.type === 'fact' && m.tags.metric === fact.tags.metric && m.tags.scope === fact.tags.scope && m.tags.period === fact.tags.period,
    );
    if (
      known &&
      known.value !== null &&
      fact.value !== null &&
      Math.abs(known.value - fact.value) > 1e-6 * Math.max(1, Math.abs(known.value))
    )
      out.push(`${fact.content} disagrees with ${known.id} (${known.content})`);
  }
  return out;
}
