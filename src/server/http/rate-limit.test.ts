// The global rate limit: @fastify/rate-limit with its counters in
// the database, per session when signed in and per address otherwise; 429 + Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: 5, RATE_LIMIT_WINDOW_SECONDS: 60 });
});
afterAll(() => t.close());

describe('global rate limit', () => {
  it('public calls past the limit get 429 problem+json with Retry-After, per address', async () => {
    const codes: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/v1/logout', remoteAddress: '10.50.0.1' });
      codes.push(last.statusCode);
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    expect(last!.headers['content-type']).toContain('application/problem+json');
    expect(last!.json().code).toBe('rate_limited');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/logout', remoteAddress: '10.50.0.2' });
    expect(other.statusCode).not.toBe(429);
  });

  it('signed-in calls count per session, not per shared address', async () => {
    const a = await signIn(t.app, 'clerk');
    const b = await signIn(t.app, 'buyer');
    const call = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie }, remoteAddress: '10.51.0.1' });
    for (let i = 0; i < 5; i++) await call(a);
    expect((await call(a)).statusCode).toBe(429);
    expect((await call(b)).statusCode).toBe(200);
  });

  it('the limit is on by default in production only', () => {
    expect(loadConfig({}).RATE_LIMIT_MAX).toBe(0);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        COINPAY_WEBHOOK_SECRET: 'a-long-random-webhook-secret-123',
        TRACKHUB_WEBHOOK_SECRET: 'another-long-random-secret-456',
        MFA_SECRET_KEY: '0123456789abcdef'.repeat(4),
        CARD_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: '1',
      }).RATE_LIMIT_MAX,
    ).toBe(600);
  });
});
