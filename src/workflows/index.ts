/** Workflow entry point: everything the worker's workflow bundle registers. */
export { analysisWorkflow } from './analysis';
export { sessionWorkflow } from './session';
