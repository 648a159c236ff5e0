import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // On PGlite every test file shares the one embedded session: one file at a time.
    maxWorkers: process.env.TEST_DATABASE_URL ? 2 : 1,
  },
});
