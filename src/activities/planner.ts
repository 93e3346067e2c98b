/** Planner agent: turns the question into catalog-checked steps, or says why it cannot. */
import { defineAgent } from '../agent';
import { Plan, PlannerInput } from '../contracts';
import { planQuestion } from '../model/rules';
import { catalogFor } from '../sources';

export const planAnalysis = defineAgent({
  name: 'planner',
  input: PlannerInput,
  output: Plan,
  run: ({ question, intent, asOf, catalogPath, feedback }) => planQuestion(question, intent, catalogFor(catalogPath), asOf, feedback),
});
