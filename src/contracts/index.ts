/**
 * Every hand-off between Baton's agents, as zod schemas one file per concern (src/contracts/*.ts), gathered here.
 *
 * An agent (a Temporal activity) validates what it receives and what it returns
 * against these contracts. A violation fails the activity with a non-retryable
 * error that names the agent, the field and the problem, so it reads clearly in
 * the Temporal Web UI and never reaches the next agent.
 */
export * from './shared';
export * from './request';
export * from './plan';
export * from './step';
export * from './memory';
export * from './validation';
export * from './calculations';
export * from './quality';
export * from './statistics';
export * from './code';
export * from './analysis';
export * from './report';
export * from './answer';
export * from './run';
