/**
 * The analysis workflow: the story of one run, from question to audited report.
 *
 *   1. understand    - the catalog's names, the kind of question (keyword rules, else the
 *                      model), where the data is, and a plan of at most 6 steps that passes
 *                      the checks (cycles, unknown dependencies, names not in the catalog;
 *                      the reasons go back to the planner at most 3 times)
 *   2. review        - optional: wait for a person to approve, revise or reject the plan
 *   3. data quality  - count what is wrong with the tables the plan reads; find partial periods.
 *                      A data-quality question ends here instead (quality.ts): the checks on the tables it
 *                      names, every count recounted independently, the failing checks or the named one's count
 *   4. steps         - run as a DAG (steps.ts): SQL steps go to the SQL agent, trends to the
 *                      trend agent, other computations to the coder and the tester; every
 *                      result is checked (checkStep), and a failing step is retried with the reason
 *   5. statistics    - a two-sample test of the change or gap the question is about
 *   6. analysis      - the steps' hand-offs, compressed by distance, go to the analysis agent
 *   7. verification  - every reported number is recomputed from the source (recomputeNumbers);
 *                      only matches can be cited
 *   8. report, audit - the reporter writes the report with citations; the auditor checks it;
 *                      flagged sections are rewritten at most 2 times, then it is published
 *                      with the audit's note
 *
 * Every agent is an activity, so the run's event history is its state: a worker
 * that dies mid-run is replaced and the run continues where it stopped. The run's
 * state and plumbing (calling agents, the checklist the tracker shows) live in run.ts, the report
 * and its audit in report.ts.
 */
import {
  ApplicationFailure,
  CancellationScope,
  condition,
  continueAsNew,
  isCancellation,
  patched,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type {
  AnalysisRequest,
  AnalysisOutput,
  CatalogIndex,
  DataExtent,
  Recipe,
  RecipeOrRef,
  ReviewDecision,
  RunResult,
  StatisticsOutput,
  StepRecord,
} from '../contracts';
import { render } from '../messages';
import { qualitySummary } from '../messages/quality';
import { INTENT_ATTRIBUTE } from '../temporal/search-attributes';
import { relayChain, toHandoff } from '../relay/compress';
import type { StepsPlan } from '../planning/plan-checks';
import { answerQualityQuestion } from './quality';
import { writeAuditedReport } from './report';
import { ActivityCapReached, AnalysisRun, failureMessage } from './run';
import { isModelFailure } from '../temporal/failures';
import { executePlan } from './steps';
import { planChecked, showStepsPending } from './planning';
import { runAhead, type Ahead, type PlanOutcome } from './ahead';
import { filterLine } from '../contracts/query';
import { carriedQuality, offeredToAgents, sameValue } from './reuse';

export async function analysisWorkflow(request: AnalysisRequest): Promise<RunResult> {
  const run = new AnalysisRun(request);
  try {
    const understood = await understandQuestion(run);
    const ended = understood.ended ?? (await reviewPlan(run, understood.ahead !== null));
    if (ended) return ended;
    // A data-quality question is answered by the data-quality agent, its counts recounted independently (quality.ts).
    if (run.plan.kind === 'quality' && (run.waysAtStart || patched('quality-questions'))) return await answerQualityQuestion(run, run.plan);
    const plan = run.plan as StepsPlan;
    // A follow-up run ahead on the earlier turn's reads has its data quality and steps under way already (ahead.ts).
    const { partialPeriods, passed, significance } = await (understood.ahead ?? runPlan(run, plan));
    const noData = await answerWithoutData(run, passed, significance);
    if (noData) return noData;
    await testSignificance(run, plan, passed, partialPeriods, significance);
    // The analysis agent and the verifier read the same steps and neither reads the other's output: since the patch
    // 'parallel-agents' they run at once.
    const [analysis, calculationRefs] = run.parallelAgents
      ? await Promise.all([analyse(run, plan), verifyNumbers(run, passed, partialPeriods)])
      : [await analyse(run, plan), await verifyNumbers(run, passed, partialPeriods)];
    return await writeAuditedReport(run, analysis, passed, calculationRefs);
  } catch (err) {
    if (run.endsCancelledWithReason && isCancellation(err)) return endCancelled(run);
    if (!(err instanceof ActivityCapReached)) throw err;
    return run.finish({
      status: 'degraded',
      answer: `stopped: the run reached its cap of ${run.maxActivities} activity executions before it could answer; simplify the question or raise the cap`,
      metrics: [],
    });
  }
}

/**
 * `baton cancel`: the run was cancelled (its activities have stopped, their SQL cancelled on the server).
 * It ends `cancelled` with the reason the cancelReason signal brought, and the status search attribute says
 * so; the ending runs outside the cancelled scope so nothing in it is cancelled in turn.
 */
async function endCancelled(run: AnalysisRun): Promise<RunResult> {
  return CancellationScope.nonCancellable(async () => {
    const answer = run.cancelReason ? `cancelled: ${run.cancelReason}` : 'cancelled (no reason given)';
    return run.finish({ status: 'cancelled', answer, metrics: [] });
  });
}

/**
 * 1. What exists, what kind of question this is, where the data is, and a plan that passes the checks.
 * Returns the run's result when it ends there (the intent agent failed), and the steps a follow-up started ahead (ahead.ts).
 */
async function understandQuestion(run: AnalysisRun): Promise<{ ended: RunResult | null; ahead: Promise<PlanOutcome> | null }> {
  const { question, asOf, catalogPath, databaseUrl, progress } = run;
  run.show();
  // The catalog, the kind of question and where the data is do not depend on each other: since the patch 'parallel-agents'
  // the three agents run at once (a model that cannot classify still ends the run below, the extent read for nothing).
  const describe = () => run.call('describeCatalog', 'catalog', { catalogPath });
  // A model that cannot classify (rejected key, invalid replies after its repairs) ends the run degraded, said once.
  const classify = () =>
    run.call('classifyIntent', 'intent', { question, catalogPath }).catch((err: unknown) => {
      if (!isModelFailure(err)) throw err;
      return failureMessage(err);
    });
  // Where the data is: "no period" means the latest data, and a period without data is said to be one.
  const readExtent = () =>
    run
      .call('readDataExtent', 'data extent', { catalogPath, databaseUrl, asOf, ...(run.conversation ? { count_rows: true } : {}) })
      .catch((err: unknown) => {
        run.throwIfStopping(err);
        return null;
      });
  // A conversation's follow-up runs ahead on what the earlier turn read while the agents read it again (ahead.ts).
  const earlier = run.parallelAgents && run.request.earlierReads && patched('plan-beside-reads') ? run.request.earlierReads : null;
  let catalog: CatalogIndex;
  let classified: Awaited<ReturnType<typeof classify>>;
  let ahead: Ahead = { plan: null, outcome: null };
  if (run.parallelAgents) {
    const reads = { catalog: describe(), intent: classify(), extent: readExtent() };
    const started = earlier ? runAhead(run, earlier, reads, runPlan) : null;
    // Awaited below; if a read fails first, the run fails with that read's error, not with this one left unhandled.
    started?.catch(() => undefined);
    let extent: DataExtent | null;
    [catalog, classified, extent] = await Promise.all([reads.catalog, reads.intent, reads.extent]);
    if (started) ahead = await started;
    run.extent = extent;
  } else {
    catalog = await describe();
    classified = await classify();
  }
  const readAsEarlier = earlier !== null && sameValue(classified, earlier.intent) && sameValue(run.extent, earlier.extent);
  if (ahead.outcome && !readAsEarlier) {
    // The data changed since the earlier turn: what ran ahead on it ends, and the run starts over without it.
    const ended = await ahead.outcome.catch(() => null);
    await ended?.significance?.catch(() => null);
    const { earlierReads: _earlier, ...request } = run.request;
    return await continueAsNew<typeof analysisWorkflow>(request);
  }
  run.catalog = catalog;
  if (typeof classified === 'string')
    return { ended: await run.finish({ status: 'degraded', answer: `the intent agent failed: ${classified}`, metrics: [] }), ahead: null };
  run.intent = classified;
  progress.intent = classified;
  upsertSearchAttributes([{ key: INTENT_ATTRIBUTE, value: classified.intent }]);
  if (!run.parallelAgents && patched('data-extent')) run.extent = await readExtent();

  run.plan = await planChecked(run, catalog, [], readAsEarlier ? ahead.plan : null);
  progress.plan = run.plan;
  if (ahead.outcome) progress.phase = 'executing';
  return { ended: null, ahead: ahead.outcome };
}

/**
 * 2. The optional review: approve, revise (back to the planner with the feedback) or reject. Then the plan
 * either runs (null) or the run ends: rejected, not approved in time, cannot answer, or needs clarification.
 */
async function reviewPlan(run: AnalysisRun, ranAhead: boolean): Promise<RunResult | null> {
  const { progress, review } = run;
  const reviewerFeedback: string[] = [];
  while (review && run.plan.kind === 'plan') {
    progress.phase = 'awaiting_approval';
    run.show();
    run.decision = null;
    const decided = await condition(() => run.decision !== null, review.timeoutSeconds * 1000);
    const d = run.decision as ReviewDecision | null;
    if (!decided || !d) {
      progress.reviews.push({ action: 'timeout', feedback: null });
      if (review.onTimeout === 'approve') break;
      return run.finish({
        status: 'rejected',
        answer: `cancelled: the plan was not approved within ${review.timeoutSeconds} s`,
        metrics: [],
      });
    }
    progress.reviews.push({ action: d.action, feedback: d.action === 'approve' ? null : (d.feedback ?? null) });
    if (d.action === 'approve') break;
    if (d.action === 'reject') {
      return run.finish({ status: 'rejected', answer: `rejected by the reviewer${d.feedback ? `: ${d.feedback}` : ''}`, metrics: [] });
    }
    reviewerFeedback.push(d.feedback);
    run.plan = await planChecked(run, run.catalog, reviewerFeedback, null);
    progress.plan = run.plan;
  }
  const plan = run.plan;
  if (plan.kind === 'cannot_answer') return run.finish({ status: 'cannot_answer', answer: `cannot answer: ${plan.reason}`, metrics: [] });
  if (plan.kind === 'needs_clarification')
    return run.finish({ status: 'needs_clarification', answer: `${plan.question} (${plan.reason})`, metrics: [] });
  if (plan.kind === 'quality') return null;

  // Steps run ahead are in the checklist already, with their progress.
  if (!ranAhead) showStepsPending(run, plan);
  return null;
}

/** 3 and 4: data quality, then the steps; given earlier results, the significance test beside them (statistics below). */
async function runPlan(run: AnalysisRun, plan: StepsPlan): Promise<PlanOutcome> {
  const partialPeriods = await checkDataQuality(run, plan);
  const besideSteps = run.reuseLocallyAfterSteps && (run.waysAtStart || patched('significance-beside-steps'));
  const significance = besideSteps ? startSignificance(run, plan, partialPeriods) : null;
  const passed = await runSteps(run, plan, partialPeriods);
  return { partialPeriods, passed, significance };
}

/** 3. Data quality of what the plan reads, before anything reads it. Returns the months the data covers only partly. */
async function checkDataQuality(run: AnalysisRun, plan: StepsPlan): Promise<string[]> {
  run.progress.phase = 'checking_data';
  run.stage('data_quality', 'running');
  const windows = plan.steps.flatMap((s) => ('query' in s.operation ? [s.operation.query.window] : []));
  const metrics = [...new Set(plan.steps.flatMap((s) => s.metrics))];
  if (windows.length > 0 && metrics.length > 0) {
    const asked = { catalogPath: run.catalogPath, databaseUrl: run.databaseUrl, metrics, windows, language: run.intent.language };
    const input = {
      workflow_id: run.workflowId,
      ...asked,
      ...(run.conversation ? { reuse: offeredToAgents(run.request.reuse), data_version: run.extent?.data_version ?? null } : {}),
    };
    run.qualityAsked = { asked, dataVersion: run.extent?.data_version ?? null };
    // Given earlier results, an earlier turn's outcome of the same question on the same data is taken as it is (since
    // the patch 'quality-carried-over', now 'ways-at-start'; src/workflows/reuse.ts): the agent is not asked again.
    const carried =
      run.reuseLocally && (run.waysAtStart || patched('quality-carried-over'))
        ? carriedQuality(run.request.reuse, asked, run.extent?.data_version, new Date().getTime())
        : null;
    run.dataQuality = carried ?? (await run.optional('data_quality', () => run.call('checkDataQuality', 'data quality', input)));
    if (run.dataQuality?.calculations_ref) run.calculations.set('dq', run.dataQuality.calculations_ref);
    const lang = run.intent.language;
    const reused = run.dataQuality?.reuse?.reused ? ` (${render('sessions.reuse.stage-reused', {}, lang)})` : '';
    if (run.dataQuality) run.stage('data_quality', 'done', `${qualitySummary(run.dataQuality, lang)}${reused}`);
  } else {
    run.stage('data_quality', 'skipped', 'the plan reads no table');
  }
  return run.dataQuality?.partial_periods.map((p) => p.period) ?? [];
}

/** 4. The steps, as a DAG. Returns the steps that passed; with onStepFailure "fail", a failed step fails the run. */
async function runSteps(run: AnalysisRun, plan: StepsPlan, partialPeriods: string[]): Promise<StepRecord[]> {
  run.progress.phase = 'executing';
  run.show();
  run.records = await executePlan(run, plan, partialPeriods);
  const failed = run.records.find((r) => r.status === 'failed');
  if (failed && run.request.onStepFailure === 'fail') {
    throw ApplicationFailure.nonRetryable(
      `step ${failed.step.step_id} (${failed.step.description}) failed after ${failed.attempts} attempt(s): ${failed.error ?? 'validation failed'}`,
      'StepFailed',
      { step: failed.step, validations: failed.validations },
    );
  }
  return run.records.filter((r) => r.status === 'passed');
}

/** A window with no rows is never answered as a number (no zero sum, no average of nothing): the run asks back instead. */
async function answerWithoutData(
  run: AnalysisRun,
  passed: StepRecord[],
  significance: Promise<StatisticsOutput | null> | null,
): Promise<RunResult | null> {
  const metricSteps = passed.filter((r) => r.step.operation.kind === 'metric');
  if (
    metricSteps.length === 0 ||
    !metricSteps.every((r) => (r.result?.rows ?? []).every((row) => row.value === null || row.value === undefined))
  )
    return null;
  const q = metricSteps[0]?.step.operation;
  const where =
    q && 'query' in q
      ? `${q.query.window.label_en}${q.query.filters.length ? ` for ${q.query.filters.map((f) => filterLine(f, ' or ')).join(', ')}` : ''}`
      : '';
  // A test running beside the steps ends before the run does; its outcome is not used.
  await significance?.catch(() => null);
  return run.finish({
    status: 'needs_clarification',
    answer: render('analysis.no-rows', { where }, run.intent.language),
    metrics: [],
  });
}

/**
 * 5. Is the change (or gap) larger than chance? The test reads the plan, not the steps' rows: given earlier results it
 * runs beside the steps (`started`, patched 'significance-beside-steps'), which read stored rows and nearly always pass.
 * A fresh run's steps query the database and may fail, so its test, which queries the database too, waits for them.
 */
async function testSignificance(
  run: AnalysisRun,
  plan: StepsPlan,
  passed: StepRecord[],
  partialPeriods: string[],
  started: Promise<StatisticsOutput | null> | null,
): Promise<void> {
  run.progress.phase = 'answering';
  const statistics = started ? await started : null;
  if (passed.length === 0) {
    run.stage('statistics', 'skipped', 'no step passed');
    return;
  }
  run.statistics = started ? statistics : await startSignificance(run, plan, partialPeriods);
  if (run.statistics?.calculations_ref) run.calculations.set('stats', run.statistics.calculations_ref);
  if (run.statistics) run.stage('statistics', 'done', run.statistics.summary);
}

/** The statistics agent's test of the plan's change or gap; null when it failed (the stage says why). */
function startSignificance(run: AnalysisRun, plan: StepsPlan, partialPeriods: string[]): Promise<StatisticsOutput | null> {
  run.stage('statistics', 'running');
  const input = {
    workflow_id: run.workflowId,
    catalogPath: run.catalogPath,
    databaseUrl: run.databaseUrl,
    intent: run.intent,
    steps: plan.steps,
    partial_periods: partialPeriods,
  };
  const started = run.optional('statistics', () => run.call('testSignificance', 'statistics', input));
  // Awaited later: a failure that stops the run (the activity cap, a cancellation) is thrown there, not left unhandled.
  started.catch(() => undefined);
  return started;
}

/** 6. The relay: the steps' hand-offs (compressed by distance) to the analysis agent. */
async function analyse(run: AnalysisRun, plan: StepsPlan): Promise<AnalysisOutput> {
  run.stage('analysis', 'running');
  const { records } = run;
  const chain = relayChain(records.map(toHandoff), records.length);
  const snapshot = run.memory.snapshot();
  const analysis = await run.call('analyzeResults', 'analysis', {
    task_id: 'analysis',
    question: run.question,
    intent: run.intent,
    chain,
    assumptions: plan.assumptions,
    metrics: records.flatMap((r) => run.keyMetrics.get(r.step.step_id) ?? []),
    metrics_refs: records.flatMap((r) => run.metricsRefs.get(r.step.step_id) ?? []),
    contradictions: snapshot.contradictions,
    statistical_tests: run.statistics?.tests ?? [],
  });
  run.stage('analysis', 'done', `${analysis.findings.length} finding(s), confidence ${analysis.confidence_level}`);
  return analysis;
}

/** How recomputeNumbers recomputes a passed step from the source: its SQL, or its operation over its inputs. */
function recipeOf(record: StepRecord, partialPeriods: string[]): Recipe | null {
  const { step, result } = record;
  if (!result) return null;
  if (result.sql) return { kind: 'sql', step_id: step.step_id, sql: result.sql, params: result.params, operation: step.operation };
  return { kind: 'compute', step_id: step.step_id, operation: step.operation, inputs: step.depends_on, excluded_periods: partialPeriods };
}

/** 7. Every number recomputed from the source; only matches may be cited. Returns the calculation artifacts, in a fixed order. */
async function verifyNumbers(run: AnalysisRun, passed: StepRecord[], partialPeriods: string[]): Promise<string[]> {
  run.progress.phase = 'verifying';
  run.stage('verification', 'running');
  // In a fixed order (data quality, the plan's steps, statistics), never the order parallel steps happened to finish in,
  // so the same question gives the same report.
  const calculationRefs = ['dq', ...run.records.map((r) => r.step.step_id), 'stats'].flatMap((id) => run.calculations.get(id) ?? []);
  const recipes: RecipeOrRef[] = [
    ...passed.map((r) => recipeOf(r, partialPeriods)).filter((r): r is Recipe => r !== null),
    ...(run.dataQuality ? [run.dataQuality.recipe] : []),
    ...(run.statistics?.recipe ? [run.statistics.recipe] : []),
  ];
  run.verification = await run.optional('verification', () =>
    run.call('recomputeNumbers', 'recompute numbers', {
      workflow_id: run.workflowId,
      calculation_refs: calculationRefs,
      recipes,
      databaseUrl: run.databaseUrl,
      catalogPath: run.catalogPath,
      // A conversation's turn: the verifier reads back its own earlier results of the same queries on the same data.
      ...(run.conversation ? { reuse: offeredToAgents(run.request.reuse), data_version: run.extent?.data_version ?? null } : {}),
    }),
  );
  const { verification } = run;
  if (verification) {
    const { verified, mismatches } = verification;
    run.stage(
      'verification',
      mismatches.length > 0 ? 'failed' : 'done',
      `${verified.length} of ${verification.checked_count} recomputed numbers match${mismatches.length > 0 ? `; mismatched: ${mismatches.join(', ')}` : ''} (${verification.rule})`,
    );
  }
  return calculationRefs;
}
