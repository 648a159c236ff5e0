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
          name: 'server',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/web/**', '**/node_modules/**'],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/file-setup.ts'],
          // A worker runs its files one after another in one process, importing the server once:
          // importing it again for every file was most of the suites' time. Nothing of a file
          // outlives it: its apps and its database copy end with it (file-setup.ts), and the
          // server's caches are per database handle (db/kept-by-version.ts, db/recent-reads.ts).
          isolate: false,
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
      {
        // The web's rules and slices: no database, no DOM; each file in a fresh module graph (the
        // store and the api are module state a file sets up on its own).
        extends: true,
        test: {
          name: 'web-unit',
          include: ['src/web/**/*.test.ts'],
        },
      },
    ],
  },
});
