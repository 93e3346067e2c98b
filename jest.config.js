/** Tests run against the real Temporal dev server and real PostgreSQL started by scripts/test.sh. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  testTimeout: 180000,
  maxWorkers: 1,
};
