import { defineConfig } from '@playwright/test';
import { E2E_PORT, e2eServerUrl } from './e2e/servers';

/**
 * Spec files run two at a time, each worker against a server of its own (e2e/fixtures.ts): on
 * two cores the browser and the server of one spend much of a test waiting on the other's.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

const server = (slot: number) => ({
  // The first server builds the web app if its sources changed; the others serve that build.
  command: slot === 0 ? 'node scripts/start.mjs' : 'node --import tsx src/server/main.ts',
  url: `${e2eServerUrl(slot)}/readyz`,
  timeout: 180_000,
  reuseExistingServer: false,
  env: {
    PORT: String(E2E_PORT + slot),
    PGLITE_DIR: 'memory://',
    // Uploaded photos and images are files named by row id: each server keeps its own.
    DATA_DIR: `test-results/e2e-data-${slot}`,
    LOG_LEVEL: 'warn',
    SEED_SKUS: process.env.E2E_SEED_SKUS ?? '2000',
  },
});

// A real browser (Debian's Chromium, never a downloaded one) against real servers, each on a
// fresh embedded database with the demo data.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: e2eServerUrl(0),
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
  webServer: Array.from({ length: workers }, (_, slot) => server(slot)),
});
