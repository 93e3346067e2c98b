/** Every agent, one per file; the worker registers this module and workflows call it through proxyActivities. */
export { describeCatalog } from './catalog';
export { classifyIntent } from './intent';
export { planAnalysis } from './planner';
export { runSqlStep } from './sql';
export { computeStep } from './compute';
export { validateStep } from './validator';
export { analyzeResults } from './analysis';
export { writeReport } from './report';
