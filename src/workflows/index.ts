/** Workflow entry point: everything the worker's workflow bundle registers. */
export { analysisWorkflow, progressQuery, reviewPlanUpdate } from './analysis';
