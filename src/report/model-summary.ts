/**
 * The executive summary written by a language model (the writing-the-report skill), every number a
 * {{calculation id}} placeholder that the summary section replaces with the verified value and its citation.
 */
import { z } from 'zod';
import { ApplicationFailure } from '@temporalio/common';
import type { Calculation, Language } from '../contracts';
import { formatCalculation } from '../format/numbers';
import { readNumbers } from '../format/read';
import { qualitySummary } from '../messages/quality';
import { modelFor } from '../model/model';
import { PLACEHOLDER, type SectionContext } from './sections';

/** What is wrong with a model-written summary: unknown or unverified ids, or numbers written as digits. */
function summaryProblems(text: string, citable: Set<string>): string[] {
  const ids = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  const unknown = ids.filter((id) => !citable.has(id));
  const digits = readNumbers(text.replace(PLACEHOLDER, ' ')).numbers.map((n) => n.text);
  return [
    ...(unknown.length > 0
      ? [
          `these placeholders are not verified calculations: ${unknown.map((id) => `{{${id}}}`).join(', ')}; use only the ids listed in "calculations"`,
        ]
      : []),
    ...(digits.length > 0 ? [`write every number as a {{calculation id}} placeholder, not as digits: ${digits.join(', ')}`] : []),
    ...(ids.length === 0 ? ['state the key numbers, each as a {{calculation id}} placeholder'] : []),
  ];
}

/** The model's summary and, when it could not write one, why; both null for the offline rules model, whose summary is written by rule. */
export async function modelSummary(
  input: SectionContext['input'],
  citable: Calculation[],
  language: Language,
): Promise<{ text: string | null; note: string | null }> {
  const model = modelFor('writeReport');
  if (model.provider === 'rules') return { text: null, note: null };
  const ids = new Set(citable.map((x) => x.id));
  const answer = await model
    .ask({
      agent: 'writeReport',
      schema: z.object({ summary: z.string().min(1) }),
      schemaName: 'executive_summary',
      instructions:
        'Write the executive summary of an analysis report in two to five sentences, in the question\'s language. Write every number as a {{calculation id}} placeholder taken from "calculations"; Baton replaces each with the verified value and its citation. The writing-the-report skill has the rules.',
      context: {
        question: input.user_intent.question,
        language,
        findings: input.analysis.findings.map((f) => f.summary),
        statistics: input.statistics?.summary ?? null,
        data_quality: input.data_quality ? qualitySummary(input.data_quality, language) : null,
        calculations: citable.map((x) => ({ id: x.id, description: x.description, value: formatCalculation(x, language) })),
      },
      check: (reply) => summaryProblems(reply.summary, ids),
      offline: () => ({ summary: '' }),
    })
    .catch((err: unknown) => {
      // Retryable failures go to Temporal's retry policy; a model that cannot write it leaves the summary to the rules.
      if (err instanceof ApplicationFailure && !err.nonRetryable) throw err;
      return { value: null, note: `the model's summary was not usable (${(err as Error).message}); the summary is written by rule` };
    });
  return 'note' in answer ? { text: null, note: answer.note } : { text: answer.value.summary, note: null };
}
