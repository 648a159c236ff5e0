import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each test file has its own database (src/server/test/global-setup.ts): two at a time, one per core.
    maxWorkers: 2,
  },
});
