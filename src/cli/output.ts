/** How commands print a run: JSON, the answer, the step marks, a plan waiting for review. */
import pc from 'picocolors';
import type { AnalysisResult, Plan } from '../contracts';
import { config } from './context';
import { webUiLink } from './temporal';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function resultJson(workflowId: string, result: AnalysisResult): Record<string, unknown> {
  return {
    workflowId,
    status: result.status,
    answer: result.answer,
    // How the question was read: the same as the answer's first line, as fields.
    reading: result.reading ?? null,
    // Each metric says whether the validator verified it and, when it did, the calculation and the report's citation [n].
    metrics: result.metrics.map((m) => ({
      name: m.name,
      label: m.label,
      value: m.value,
      unit: m.unit,
      period: m.period,
      verified: m.verified === true,
      calculation_id: m.verified ? (m.calculation_id ?? null) : null,
      citation: m.verified ? (m.citation ?? null) : null,
    })),
    intent: result.intent.intent,
    intentDecidedBy: result.intent.decided_by,
    asOf: result.asOf,
    steps: result.steps.map((s) => ({
      step_id: s.step.step_id,
      description: s.step.description,
      status: s.status,
      attempts: s.attempts,
      sql: s.result?.sql ?? null,
    })),
    activitiesExecuted: result.activitiesExecuted,
    webUi: webUiLink(config, workflowId),
  };
}

export function printAnswer(workflowId: string, result: AnalysisResult): void {
  const colour = result.status === 'completed' ? pc.green : result.status === 'degraded' ? pc.yellow : pc.red;
  console.log(`\n${colour(`● ${result.status}`)}  ${pc.dim(workflowId)}`);
  console.log(result.answer);
  console.log(pc.dim(`\nWeb UI: ${webUiLink(config, workflowId)}`));
}

export const STATUS_MARK: Record<string, string> = {
  pending: '·',
  running: '▶',
  validating: '?',
  retrying: '↻',
  passed: '✔',
  done: '✔',
  failed: '✖',
  skipped: '–',
};

export function planText(plan: Plan): string {
  if (plan.kind === 'quality') return `  data quality: ${plan.statement}`;
  if (plan.kind !== 'plan')
    return plan.kind === 'cannot_answer' ? `cannot answer: ${plan.reason}` : `needs clarification: ${plan.question}`;
  const lines = plan.steps.map(
    (s) =>
      `  ${s.step_id}. ${s.description}${s.depends_on.length > 0 ? `  [after ${s.depends_on.join(', ')}]` : ''}\n      → ${s.expected_output}`,
  );
  return [...lines, ...plan.assumptions.map((a) => `  assumption: ${a}`)].join('\n');
}
