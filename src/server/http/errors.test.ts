import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/** A route that fails the way the driver does: the database's SQLSTATE on the error. */
async function answerTo(code: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw Object.assign(new Error(`database said ${code}`), { code });
  });
  const res = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return res;
}

describe('database errors', () => {
  it.each(['40P01', '40001'])(
    'answers a deadlock or serialization failure (%s) with a 409 to retry',
    async (code) => {
      const res = await answerTo(code);
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 409, code: 'concurrent_update' });
    },
  );

  it('keeps an unknown database failure a 500 without its details', async () => {
    const res = await answerTo('XX000');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('XX000');
  });
});
