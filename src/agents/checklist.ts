/** The run as the tracker shows it: a Markdown checklist of the stages and steps. */
import type { RunProgress, StageProgress } from '../contracts';
import { STAGES } from './table';

/**
 * The run as a Markdown checklist ([ ] / [x], one line of result each): the Web UI's current details, `baton status`
 * and the progress query. The stages come in the agents' table's order, before or after the plan's steps.
 */
export function checklist(question: string, progress: RunProgress): string {
  const lines = [
    `**${question}**`,
    '',
    `phase: ${progress.phase}${progress.intent ? ` · intent: ${progress.intent.intent} (${progress.intent.decided_by})` : ''}`,
    '',
  ];
  // Runs started before stages existed have none.
  const stageLine = (id: StageProgress['id']) => {
    const s = (progress.stages ?? []).find((x) => x.id === id);
    if (!s) return;
    lines.push(`- ${s.status === 'done' ? '[x]' : '[ ]'} ${s.label} — ${s.status}${s.note ? `: ${s.note}` : ''}`);
  };
  for (const stage of STAGES.filter((s) => s.shown === 'before_steps')) stageLine(stage.id);
  for (const step of progress.steps) {
    const mark = step.status === 'passed' ? '[x]' : '[ ]';
    lines.push(
      `- ${mark} ${step.step_id} ${step.description} — ${step.status}${step.attempts > 1 ? ` (attempt ${step.attempts})` : ''}${step.note ? `: ${step.note}` : ''}`,
    );
  }
  for (const stage of STAGES.filter((s) => s.shown === 'after_steps')) stageLine(stage.id);
  return lines.join('\n');
}

/** Every stage pending, labelled in English (the checklist's language), as a run shows them once its plan is set. */
export function pendingStages(): StageProgress[] {
  return STAGES.map((s) => ({ id: s.id, label: s.label.en, status: 'pending', note: null }));
}
