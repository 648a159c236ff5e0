// In production the API documentation is for staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

let prod: TestApp;
let dev: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost' });
  dev = await createTestApp();
});
afterAll(async () => {
  await prod.close();
  await dev.close();
});

describe('API docs', () => {
  it('in production anonymous callers and buyers get 404 for /api/docs; staff read them', async () => {
    const get = (cookie?: string) =>
      prod.app.inject({ method: 'GET', url: '/api/docs/json', headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(404);
    expect((await get(await signIn(prod.app, 'buyer'))).statusCode).toBe(404);
    const staff = await get(await signIn(prod.app, 'support'));
    expect(staff.statusCode).toBe(200);
    expect(staff.json().openapi).toBeDefined();
  });

  it('outside production the docs stay open (npm start, the fuzz suite)', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
