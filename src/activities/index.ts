/** Every agent, one per file; the worker registers this module and workflows call it through proxyActivities. */
export { describeCatalog } from './catalog';
export { classifyIntent } from './intent';
export { readDataExtent } from './extent';
export { planAnalysis } from './planner';
export { checkDataQuality } from './quality';
export { runSqlStep } from './sql';
export { writeCode } from './coder';
export { testCode } from './tester';
export { analyzeTrend } from './trend';
export { validateStep } from './validator';
export { testSignificance } from './statistics';
export { analyzeResults } from './analysis';
export { verifyCalculations } from './calculation-validator';
export { writeReport } from './report';
export { auditReport } from './auditor';
export { storeRunRecord } from './record';
export { storeInput } from './inputs';
