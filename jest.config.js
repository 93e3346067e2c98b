/**
 * Two tiers, one config: `npm run test:unit` runs the unit project alone (test/unit: no services; the workflow tests
 * start their own Temporal dev server through TestWorkflowEnvironment.createLocal), and `npm test` (scripts/test.sh)
 * runs both, the integration project against the real Temporal dev server and PostgreSQL that it starts.
 */
const shared = {
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
};

module.exports = {
  testTimeout: 180000,
  maxWorkers: 1,
  // The files run one at a time in one worker process, replaced once it holds more than this after a file: each
  // integration file leaves about 70 MB behind (Temporal workers and connections made per file), and in one process for
  // the whole suite that reached Node's 4 GB heap limit (CI, 2026-12-03).
  workerIdleMemoryLimit: '1.5GB',
  projects: [
    { ...shared, displayName: 'unit', roots: ['<rootDir>/test/unit'] },
    { ...shared, displayName: 'integration', roots: ['<rootDir>/test/integration'] },
  ],
};
