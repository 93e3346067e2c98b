/** Tests run against the real Temporal dev server and real PostgreSQL started by scripts/test.sh. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  testTimeout: 180000,
  maxWorkers: 1,
};
