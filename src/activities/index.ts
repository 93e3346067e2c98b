/** Every agent, one per file; the worker registers this module and workflows call it through proxyActivities. */
export { classifyIntent } from './intent';
export { planAnalysis } from './planner';
export { runSqlStep } from './sql';
export { validateStep } from './validator';
export { composeAnswer } from './answer';
