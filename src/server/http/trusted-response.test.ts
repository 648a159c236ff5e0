import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../config';
import { trustedSerializer } from './trusted-response';

const Answer = z.object({ data: z.object({ n: z.number().int(), label: z.string().nullable() }) });

async function serve(config: ReturnType<typeof testConfig>, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get(
    '/x',
    { schema: { response: { 200: Answer } }, serializerCompiler: trustedSerializer(config) },
    () => answer,
  );
  return app.inject({ method: 'GET', url: '/x' });
}

describe('trusted responses', () => {
  it('are written as they are in production, without a check', async () => {
    const res = await serve(testConfig({ NODE_ENV: 'production' }), {
      data: { n: 1, label: null, extra: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { n: 1, label: null, extra: 2 } });
  });

  it('must match the contract exactly under test', async () => {
    expect((await serve(testConfig(), { data: { n: 1, label: 'a' } })).json()).toEqual({
      data: { n: 1, label: 'a' },
    });
    // An extra field (zod would strip it) and a wrong type both fail.
    expect((await serve(testConfig(), { data: { n: 1, label: 'a', extra: 2 } })).statusCode).toBe(500);
    expect((await serve(testConfig(), { data: { n: '1', label: 'a' } })).statusCode).toBe(500);
  });
});
