/** The run as the tracker shows it: a Markdown checklist of the stages and steps. */
import type { RunProgress, StageProgress } from '../contracts';

/** The run as a Markdown checklist ([ ] / [x], one line of result each): the Web UI's current details, `baton status` and the progress query. */
export function checklist(question: string, progress: RunProgress): string {
  const lines = [`**${question}**`, '', `phase: ${progress.phase}${progress.intent ? ` · intent: ${progress.intent.intent} (${progress.intent.decided_by})` : ''}`, ''];
  // Runs started before stages existed have none.
  const stage = (id: StageProgress['id']) => (progress.stages ?? []).find((s) => s.id === id);
  const stageLine = (s: StageProgress | undefined) => {
    if (!s) return;
    lines.push(`- ${s.status === 'done' ? '[x]' : '[ ]'} ${s.label} — ${s.status}${s.note ? `: ${s.note}` : ''}`);
  };
  stageLine(stage('data_quality'));
  for (const step of progress.steps) {
    const mark = step.status === 'passed' ? '[x]' : '[ ]';
    lines.push(`- ${mark} ${step.step_id} ${step.description} — ${step.status}${step.attempts > 1 ? ` (attempt ${step.attempts})` : ''}${step.note ? `: ${step.note}` : ''}`);
  }
  for (const id of ['statistics', 'analysis', 'verification', 'report', 'audit'] as const) stageLine(stage(id));
  return lines.join('\n');
}
