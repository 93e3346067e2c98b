/**
 * Analysis agent: reads the chain of step hand-offs (compressed by distance) and
 * states what the run found: the findings worth reporting, every assumption and
 * excluded path from the chain, a confidence level and suggested next steps.
 */
import { defineAgent } from '../agents/contract';
import { loadArtifact } from '../storage/artifacts';
import { budgetFor, tokensOf } from '../agents/budgets';
import { AnalysisInput, AnalysisOutput, type AnswerMetric, type Finding, type Handoff, type Intent } from '../contracts';
import { condenseToBudget } from '../relay/condense';
import { textIn } from '../messages';

const TYPE: Record<Intent, AnalysisOutput['analysis_type']> = {
  attribution: 'attribution',
  comparison: 'comparison',
  trend: 'trend',
  query: 'distribution',
};

function findingsOf(h: Handoff): Finding[] {
  if (h.layer === 'full') return h.findings;
  if (h.layer === 'findings') return h.key_findings.map((summary) => ({ summary, detail: '', evidence_refs: [h.task_id] }));
  return h.conclusion ? [{ summary: h.conclusion, detail: '', evidence_refs: [h.task_id] }] : [];
}

export const analyzeResults = defineAgent({
  name: 'analysis',
  input: AnalysisInput,
  output: AnalysisOutput,
  run: async (given) => {
    // The steps' metric values wait in the artifact store (one small read per step, cached by the database's pages).
    const stored = await Promise.all(given.metrics_refs.map((ref) => loadArtifact<AnswerMetric[]>(ref)));
    const { metrics_refs: _refs, ...rest } = given;
    const input = { ...rest, metrics: [...given.metrics, ...stored.flat()] };
    const { task_id, intent, assumptions, metrics, contradictions, statistical_tests } = input;
    // Over the input budget, condense the chain (never silently: the note travels on).
    const budget = budgetFor('analyzeResults').input;
    const { chain, note } = condenseToBudget(input.chain, Math.max(200, budget - tokensOf({ ...input, chain: [] })), tokensOf);
    const text = textIn(intent.language);
    const consumed = new Set(chain.flatMap((h) => h.depends_on));
    const findings: Finding[] = [];
    const pathsExcluded: string[] = [];
    for (const h of chain) {
      if (h.status !== 'passed') {
        const why = h.status === 'skipped' ? text('analysis.dependency-failed') : (h.conclusion ?? text('analysis.validation-failed'));
        findings.push({
          summary: text('analysis.not-computed', { step: h.task_id, description: h.description, why }),
          detail: '',
          evidence_refs: [h.task_id],
        });
        pathsExcluded.push(text('analysis.not-concluded', { step: h.task_id }));
        continue;
      }
      // Intermediate results are reported through the steps that use them, except a gap's headline.
      if (consumed.has(h.task_id) && h.kind !== 'gap_contribution') continue;
      findings.push(...findingsOf(h));
    }
    for (const c of contradictions) {
      findings.push({
        summary: text('analysis.contradiction', { contradiction: c.description }),
        detail: '',
        evidence_refs: [...c.entry_ids],
      });
    }
    const passed = chain.filter((h) => h.status === 'passed');
    const mean = passed.length > 0 ? passed.reduce((s, h) => s + h.confidence, 0) / passed.length : 0;
    const confidence = Math.round(mean * (passed.length / chain.length) * (contradictions.length > 0 ? 0.5 : 1) * 100) / 100;
    const last = chain[chain.length - 1];
    const nextSteps: string[] = {
      attribution: [text('analysis.next.break-down-segment'), ...(statistical_tests.length > 0 ? [] : [text('analysis.next.test-change')])],
      comparison: statistical_tests.length > 0 ? [text('analysis.next.break-down-gap')] : [text('analysis.next.test-gap')],
      trend: [text('analysis.next.attribute-latest')],
      distribution: [text('analysis.next.previous-period')],
    }[TYPE[intent.intent]];
    return {
      task_id,
      input_task_id: last?.task_id ?? '',
      analysis_type: TYPE[intent.intent],
      findings,
      // Run by the statistics agent; passed on for the report.
      statistical_tests,
      assumptions_made: [...new Set([...assumptions, ...chain.flatMap((h) => h.assumptions_made)])],
      paths_excluded: [...new Set([...chain.flatMap((h) => h.paths_excluded), ...pathsExcluded])],
      confidence_level: confidence,
      next_steps_suggested: nextSteps,
      key_metrics: metrics,
      complete: passed.length === chain.length && chain.every((h) => h.status === 'passed'),
      context_note: note,
    };
  },
});
