// Webhooks are signed over the exact bytes the sender wrote: parsing and serializing again would
// change spacing, key order and escapes, and the signature would no longer match. A scope given
// this parser keeps the body's text beside the parsed JSON.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

type WithRawBody = { rawBody?: string };

/** This scope's JSON bodies keep their exact text, read back with rawBodyOf(req); not JSON: 400. */
export function rawBodyJson(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as WithRawBody).rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON'), undefined);
    }
  });
}

/** The exact text of a body parsed in a rawBodyJson scope; empty for any other request. */
export function rawBodyOf(req: FastifyRequest): string {
  return (req as WithRawBody).rawBody ?? '';
}
