/** Intent agent: keyword rules first; the model only when no rule matches. */
import { defineAgent } from '../agent';
import { IntentInput, IntentOutput } from '../contracts';
import { classifyIntent as classify } from '../model/rules';

export const classifyIntent = defineAgent({
  name: 'intent',
  input: IntentInput,
  output: IntentOutput,
  run: ({ question }) => classify(question),
});
