/**
 * The chaos run's worker: Baton's worker with planted faults for two scenarios, so the
 * code rollback and the report rewrite are exercised under faults too. A run meets them
 * when its workflow id names the scenario (chaos-…-code-rollback-…); every other run,
 * and every production worker, runs the real agents only.
 */
import { runWorker } from '../src/worker';
import { plantFaults, type PlantedFaults } from './planted-faults';

/** Scenario name → the faults its runs meet. */
export const CHAOS_FAULTS: Record<string, PlantedFaults> = {
  'code-rollback': { failingCodeAttempts: 1 },
  'report-rewrite': { reportTypoAttempts: 1 },
};

export function faultsFor(workflowId: string): PlantedFaults {
  const scenario = Object.keys(CHAOS_FAULTS).find((name) => workflowId.includes(`-${name}-`));
  return scenario ? (CHAOS_FAULTS[scenario] ?? {}) : {};
}

if (require.main === module) {
  runWorker(plantFaults(faultsFor)).catch((err: Error) => {
    console.error(`baton chaos worker: ${err.message}`);
    process.exit(1);
  });
}
