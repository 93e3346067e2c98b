/**
 * Every agent, one per file; the worker registers this module and workflows call it through proxyActivities.
 * One export per entry of the agents' table (src/agents/table.ts), under the same name.
 */
export { describeCatalog } from './catalog';
export { classifyIntent } from './intent';
export { readDataExtent } from './extent';
export { planAnalysis } from './planner';
export { checkDataQuality } from './data-quality';
export { runSqlStep } from './sql';
export { writeCode } from './coder';
export { testCode } from './tester';
export { analyzeTrend } from './trend';
export { checkStep } from './check-step';
export { testSignificance } from './statistics';
export { analyzeResults } from './analysis';
export { recomputeNumbers } from './recompute-numbers';
export { writeReport } from './report';
export { auditReport } from './auditor';
export { storeRunRecord } from './record';
export { storeInput } from './inputs';
