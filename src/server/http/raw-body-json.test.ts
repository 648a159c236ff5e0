import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signPayload, verifySignature } from '../integrations/payments/webhook-signature';
import { registerErrorHandling } from './errors';
import { rawBodyJson, rawBodyOf } from './raw-body-json';

const secret = 'whsec_test';

/** A webhook scope as the payment and tracking routes build it, and an ordinary route beside it. */
async function webhookApp() {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.register(async (scope) => {
    rawBodyJson(scope);
    scope.post('/hook', async (req) => {
      const header = req.headers[SIGNATURE_HEADER];
      const check = verifySignature(secret, typeof header === 'string' ? header : undefined, rawBodyOf(req));
      return { signed: check.ok, body: req.body };
    });
  });
  app.post('/plain', async (req) => ({ raw: rawBodyOf(req), body: req.body }));
  await app.ready();
  return app;
}

let app: Awaited<ReturnType<typeof webhookApp>>;
beforeAll(async () => {
  app = await webhookApp();
});
afterAll(() => app.close());

const send = (url: string, payload: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
    },
    payload,
  });

// Spacing, a line break, key order and an escaped character: JSON.stringify(JSON.parse(raw)) differs.
const raw = '{ "id": "evt_1",\n  "type": "charge.confirmed", "data": { "note": "caf\\u00e9" } }';

describe('a webhook scope (rawBodyJson)', () => {
  it('checks the signature on the exact bytes sent, not on the JSON parsed and written again', async () => {
    expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw);
    const res = await send('/hook', raw, signPayload(secret, raw));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      signed: true,
      body: { id: 'evt_1', type: 'charge.confirmed', data: { note: 'café' } },
    });
  });

  it('refuses a signature made over the same JSON written another way', async () => {
    const rewritten = JSON.stringify(JSON.parse(raw));
    const res = await send('/hook', raw, signPayload(secret, rewritten));
    expect(res.json().signed).toBe(false);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await send('/hook', '{ not json', signPayload(secret, '{ not json'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('keeps no raw body for routes outside the scope, which parse JSON as usual', async () => {
    const res = await send('/plain', raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ raw: '', body: JSON.parse(raw) });
  });
});
