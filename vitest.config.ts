import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each test file has its own database (src/server/test/global-setup.ts): two at a time, one per core.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        // The web app's components in a DOM, with the network stubbed: no database, no global setup
        // (docs/architecture.md, "Component tests").
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
