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
import { say } from '../analysis/wording';

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
    const t = say(intent.language);
    const consumed = new Set(chain.flatMap((h) => h.depends_on));
    const findings: Finding[] = [];
    const pathsExcluded: string[] = [];
    for (const h of chain) {
      if (h.status !== 'passed') {
        const why = h.status === 'skipped' ? t('依赖的步骤未能完成', 'a step it depends on could not be computed') : (h.conclusion ?? t('校验未通过', 'validation failed'));
        findings.push({ summary: t(`步骤 ${h.task_id}（${h.description}）无法计算：${why}。`, `Step ${h.task_id} (${h.description}) could not be computed: ${why}.`), detail: '', evidence_refs: [h.task_id] });
        pathsExcluded.push(t(`${h.task_id} 未计算，相关结论不成立`, `${h.task_id} was not computed; nothing is concluded from it`));
        continue;
      }
      // Intermediate results are reported through the steps that use them, except a gap's headline.
      if (consumed.has(h.task_id) && h.kind !== 'gap_contribution') continue;
      findings.push(...findingsOf(h));
    }
    for (const c of contradictions) {
      findings.push({ summary: t(`矛盾：${c.description}`, `Contradiction: ${c.description}`), detail: '', evidence_refs: [...c.entry_ids] });
    }
    const passed = chain.filter((h) => h.status === 'passed');
    const mean = passed.length > 0 ? passed.reduce((s, h) => s + h.confidence, 0) / passed.length : 0;
    const confidence = Math.round(mean * (passed.length / chain.length) * (contradictions.length > 0 ? 0.5 : 1) * 100) / 100;
    const last = chain[chain.length - 1];
    const nextSteps: string[] = {
      attribution: [t('按其他维度（渠道、品类）继续拆解主要贡献分群', 'break the main contributing segment down by further dimensions (channel, category)'), ...(statistical_tests.length > 0 ? [] : [t('检验变化是否显著', 'test whether the change is statistically significant')])],
      comparison: statistical_tests.length > 0 ? [t('按其他维度拆解差距', 'break the gap down by further dimensions')] : [t('检验分群差异是否显著', 'test whether the gap between segments is significant')],
      trend: [t('对最近一次变化做归因', 'attribute the latest month-over-month change')],
      distribution: [t('与上一周期对比', 'compare with the previous period')],
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
