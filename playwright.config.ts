import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);

// A real browser (Debian's Chromium, never a downloaded one) against a real server on a fresh
// embedded database with the demo data.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      SEED_SKUS: process.env.E2E_SEED_SKUS ?? '2000',
    },
  },
});
