/** Intent agent: keyword rules first; the model only when no rule matches. */
import { z } from 'zod';
import { defineAgent } from '../agents/contract';
import { Intent, IntentInput, IntentOutput } from '../contracts';
import { detectLanguage } from '../model/language';
import { modelFor } from '../model/model';
import { classifyByKeywords } from '../model/rules/intent';
import { catalogFor } from '../settings/sources';

const INSTRUCTIONS = [
  'Classify a question about a business database by what it asks for:',
  '- attribution: why a metric changed (rose, fell, dropped) and what caused it',
  '- comparison: two segments or periods side by side (versus, compared with, difference)',
  '- trend: how a metric moved over time (trend, over the last months, growth)',
  '- query: a value, a ranking or a list',
  'Reply {"intent": "<one of the four>"}.',
].join('\n');

export const classifyIntent = defineAgent({
  name: 'intent',
  input: IntentInput,
  output: IntentOutput,
  run: async ({ question, catalogPath }) => {
    const language = detectLanguage(question);
    // The catalog's terms are not keywords of a kind of question ("按取消原因" names a dimension, it does not ask why).
    const byRule = classifyByKeywords(question, catalogFor(catalogPath));
    if (byRule) return { intent: byRule.intent, decided_by: 'rules' as const, matched: byRule.matched, model: null, language };
    const answer = await modelFor('classifyIntent').ask({
      agent: 'classifyIntent',
      schema: z.object({ intent: Intent }),
      schemaName: 'intent',
      instructions: INSTRUCTIONS,
      context: { question },
      // The offline model's reading when no keyword matched: a plain query.
      offline: () => ({ intent: 'query' as const }),
    });
    return { intent: answer.value.intent, decided_by: 'model' as const, matched: null, model: answer.model, language };
  },
});
