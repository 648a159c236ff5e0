import { test as base } from '@playwright/test';
import { e2eServerUrl } from './servers';

export { expect, request } from '@playwright/test';
export type { APIRequestContext, Browser, Page } from '@playwright/test';

/**
 * Every worker drives its own server (its own embedded database with the demo data), so two
 * spec files running at once never see each other's rows: the worker's slot picks the server.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
  baseURL: async ({}, use, testInfo) => use(e2eServerUrl(testInfo.parallelIndex)),
});
