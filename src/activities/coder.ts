/**
 * Coder agent: writes the script for a step that needs computation beyond one
 * query. The script is stored as an artifact; only a one-line summary and the
 * reference travel on. On a rollback it receives the original requirements
 * unchanged and every earlier test failure.
 */
import { defineAgent } from '../agent';
import { storeArtifact } from '../artifacts';
import { writeStepCode } from '../coding/rules-coder';
import { CodeDraft, CoderInput } from '../contracts';

export const writeCode = defineAgent({
  name: 'coder',
  input: CoderInput,
  output: CodeDraft,
  run: async ({ requirements, attempt, failures }) => {
    const { step, workflow_id } = requirements;
    const plantBug = attempt <= (requirements.faults?.failing_code_attempts ?? 0);
    const written = writeStepCode(step, attempt, failures, plantBug);
    const code_ref = await storeArtifact(workflow_id, step.step_id, 'code', { language: 'javascript', ...written });
    // The same requirements every attempt, so the same artifact: the tester reads them by reference.
    const requirements_ref = await storeArtifact(workflow_id, step.step_id, 'requirements', requirements);
    const lines = written.code.split('\n').length;
    return {
      step_id: step.step_id,
      attempt,
      requirements_ref,
      code_ref,
      language: 'javascript' as const,
      queries: written.queries,
      lines,
      summary: `wrote ${lines} lines of JavaScript for ${step.operation.kind.replace('_', ' ')}${written.queries.length > 0 ? ` and ${written.queries.length} SQL quer${written.queries.length === 1 ? 'y' : 'ies'}` : ''}${failures.length > 0 ? `, answering ${failures.length} earlier failure(s)` : ''}`,
    };
  },
});
