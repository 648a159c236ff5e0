import { isDeepStrictEqual } from 'node:util';
import type { FastifySchema } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/**
 * The serializer of an endpoint marked `trustedResponse`: the handler builds exactly the
 * contract's shape, so production writes it with JSON.stringify (zod's encode walked every
 * field of a 20-27 KB search answer on each request). Under test the contract is checked
 * instead, strictly: an answer that zod would reject or change (an extra, missing or
 * differently typed field) fails the request, so the API tests keep the promise honest.
 */
export function trustedSerializer(config: Config): FastifySerializerCompiler<FastifySchema> {
  if (config.NODE_ENV !== 'test') return () => (data) => JSON.stringify(data);
  return (route) => {
    // The route's response schema is the contract's zod schema (route.ts).
    const checked = serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const text = checked(data);
      // JSON round trip on both sides: undefined fields and key order do not count.
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(data)))) {
        throw new Error(`${route.method} ${route.url}: a trusted answer differs from its contract`);
      }
      return text;
    };
  };
}
