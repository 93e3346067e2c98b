/** Numbers shared by the workflow and the agents (this module imports nothing, so workflows may use it). */

/** Rows a large dependency shows the next step, beside its schema and reference. */
export const SAMPLE_ROWS = 5;
/** Rows that travel inline in a hand-off; a larger result is stored as an artifact. */
export const INLINE_ROWS = 20;
/** Calculations one step may report; beyond this, rows stay in the stored result. */
export const MAX_CALCULATIONS_PER_STEP = 16;
/** The most steps a plan may have. */
export const MAX_PLAN_STEPS = 6;
/** How often the workflow sends a rejected plan back to the planner. */
export const MAX_PLAN_ATTEMPTS = 3;
/** How often a reviewer may ask for a revised plan. */
export const MAX_PLAN_REVISIONS = 3;
/** Memory entries a step receives from the pool (the most recent that share its tags). */
export const MEMORY_FOR_STEP = 10;
/** The longest question a run accepts (the CLI, the contract and the workflow all refuse longer ones). */
export const MAX_QUESTION_LENGTH = 2000;
/** The default fuse: the most activity executions one run may make. */
export const DEFAULT_MAX_ACTIVITIES = 40;
/** How often a failed code test rolls back to the coder before the step ends with a diagnostic result. */
export const MAX_CODE_ROLLBACKS = 3;
/** How often the auditor may send the report back for targeted rewrites before it is published with an audit note. */
export const MAX_REPORT_RETRIES = 2;

/** An agent input above this many characters of JSON goes to the artifact store and travels by reference (src/storage/input-refs.ts). */
export const INPUT_BY_REFERENCE_CHARS = 1024;
