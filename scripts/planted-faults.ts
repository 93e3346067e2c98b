/**
 * Planted faults, for tests and chaos runs only: wrappers around the real agents
 * that make one known mistake, so that the path meant to catch it is shown to.
 *
 *   failingCodeAttempts  the coder writes a buggy script on its first n attempts (the tester catches it)
 *   skewedCalculations   these calculation ids are reported 10 % off (the validator catches it)
 *   reportTypoAttempts   the reporter writes one number wrong on its first n attempts (the auditor catches it)
 *
 * A production worker never registers these: a test passes them to createWorker as
 * activityOverrides, and the chaos run starts its workers with scripts/chaos-worker.ts.
 * Nothing a client sends can arm them.
 */
import { Context } from '@temporalio/activity';
import * as activities from '../src/activities';
import { loadArtifact, loadCalculations, storeArtifact, storeCalculations } from '../src/storage/artifacts';
import { writeStepCode } from '../src/coding/rules-coder';
import { PlanStep, type CoderInput, type ReportInput, type ReportOutput, type StepOutput } from '../src/contracts';

export interface PlantedFaults {
  failingCodeAttempts?: number;
  skewedCalculations?: string[];
  reportTypoAttempts?: number;
}

/** The faults for the run an activity belongs to: fixed, or chosen by its workflow id (chaos scenarios). */
export type FaultPlan = PlantedFaults | ((workflowId: string) => PlantedFaults);

function faultsNow(plan: FaultPlan): PlantedFaults {
  return typeof plan === 'function' ? plan(Context.current().info.workflowExecution?.workflowId ?? '') : plan;
}

/** A step's output with the listed calculations 10 % off (1 where the value was 0), stored as a new artifact. */
async function skewed(output: StepOutput, ids: string[], workflowId: string): Promise<StepOutput> {
  if (ids.length === 0 || !output.calculations_ref) return output;
  const calculations = await loadCalculations([output.calculations_ref]);
  if (!calculations.some((c) => ids.includes(c.id))) return output;
  const planted = calculations.map((c) => (ids.includes(c.id) ? { ...c, value: c.value * 1.1 + (c.value === 0 ? 1 : 0) } : c));
  return { ...output, calculations_ref: await storeCalculations(workflowId, output.task_id, planted) };
}

/** The first cited number of the body with its last digit changed: a value the citation does not state. */
function withTypo(body: string): string | null {
  const m = /(\d)((?:%|\s?个百分点|\s?pp)?\[\d+\])/.exec(body);
  if (!m) return null;
  const digit = (Number(m[1]) + 5) % 10;
  return `${body.slice(0, m.index)}${digit}${body.slice(m.index + 1)}`;
}

/** Agents that plant the faults, to pass as a worker's activityOverrides. */
export function plantFaults(plan: FaultPlan): Partial<typeof activities> {
  return {
    writeCode: async (input: CoderInput) => {
      const draft = await activities.writeCode(input);
      if (input.attempt > (faultsNow(plan).failingCodeAttempts ?? 0)) return draft;
      const { step, workflow_id } = input.requirements;
      const buggy = writeStepCode(PlanStep.parse(step), input.attempt, input.failures ?? [], true);
      return { ...draft, code_ref: await storeArtifact(workflow_id, step.step_id, 'code', { language: 'javascript', ...buggy }) };
    },
    runSqlStep: async (input) => {
      const output = await activities.runSqlStep(input);
      return skewed(output, faultsNow(plan).skewedCalculations ?? [], input.workflow_id);
    },
    analyzeTrend: async (input) => {
      const output = await activities.analyzeTrend(input);
      return skewed(output, faultsNow(plan).skewedCalculations ?? [], input.workflow_id);
    },
    testCode: async (input) => {
      const tested = await activities.testCode(input);
      const ids = faultsNow(plan).skewedCalculations ?? [];
      if (!tested.result || ids.length === 0) return tested;
      const requirements = await loadArtifact<{ workflow_id: string }>(input.draft.requirements_ref);
      return { ...tested, result: await skewed(tested.result, ids, requirements.workflow_id) };
    },
    writeReport: async (input: ReportInput) => {
      const draft = await activities.writeReport(input);
      if ((input.attempt ?? 1) > (faultsNow(plan).reportTypoAttempts ?? 0)) return draft;
      // One number wrong in the first section this attempt wrote.
      const report = await loadArtifact<ReportOutput>(draft.report_ref);
      const written = input.revision ? new Set(input.revision.audit.sections_to_fix) : null;
      const index = report.sections.findIndex((s) => (!written || written.has(s.id)) && withTypo(s.body) !== null);
      const section = report.sections[index];
      if (!section) return draft;
      const body = withTypo(section.body) as string;
      const sections = report.sections.map((s, i) => (i === index ? { ...s, body } : s));
      const report_ref = await storeArtifact(input.workflow_id, 'report', 'report', { ...report, sections });
      return { ...draft, report_ref, summary: sections.find((s) => s.id === 'summary')?.body ?? draft.summary };
    },
  };
}
