import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

// API answers over 1 KB (docs/performance-web.md) go out compressed when the client accepts it; small ones and
// clients that accept nothing get the plain body.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app, 'buyer');
});
afterAll(() => t.close());

const search = (encoding?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/search/items',
    headers: { cookie, ...(encoding && { 'accept-encoding': encoding }) },
    payload: { width: '225', ratio: '45', rim: '17' },
  });

describe('API compression', () => {
  it('sends a large answer as brotli, or gzip, and the same JSON', async () => {
    const plain = await search();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await search('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data.count).toBe(
      plain.json().data.count,
    );

    const gz = await search('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data.count).toBe(plain.json().data.count);
  });

  it('leaves an answer under 1 KB plain', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
