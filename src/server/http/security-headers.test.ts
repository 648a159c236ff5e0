// Headers on every kind of answer (HTML page, JSON, problem+json error, static asset path):
// CSP with frame-ancestors, nosniff, no-store on signed-in API answers, HSTS in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

let prod: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => prod.close());

describe('security headers on every kind of answer', () => {
  it('sends CSP, frame-ancestors, nosniff and HSTS on HTML, JSON, errors and assets', async () => {
    const cookie = await signIn(prod.app, 'clerk');
    const answers = {
      html: await prod.app.inject({ url: '/login' }),
      json: await prod.app.inject({ url: '/api/session', headers: { cookie } }),
      error: await prod.app.inject({ url: '/api/no-such-call' }),
      unauthenticated: await prod.app.inject({ url: '/api/session' }),
      asset: await prod.app.inject({ url: '/favicon.svg' }),
    };
    for (const [kind, res] of Object.entries(answers)) {
      const h = res.headers;
      expect(h['content-security-policy'], kind).toContain("default-src 'self'");
      expect(h['content-security-policy'], kind).toContain("frame-ancestors 'self'");
      expect(h['content-security-policy'], kind).toContain("script-src 'self'");
      expect(h['x-content-type-options'], kind).toBe('nosniff');
      expect(h['strict-transport-security'], kind).toMatch(/max-age=\d+/);
      expect(h['referrer-policy'], kind).toBeDefined();
    }
    expect(answers.html.headers['content-type']).toContain('text/html');
    expect(answers.error.headers['content-type']).toContain('application/problem+json');
  });

  it('marks signed-in API answers no-store', async () => {
    const cookie = await signIn(prod.app, 'clerk');
    const res = await prod.app.inject({ url: '/api/session', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('no-store');
    const login = await prod.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'clerk', password: 'demo1234' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
