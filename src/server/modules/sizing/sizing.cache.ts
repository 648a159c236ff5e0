import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeptByVersion } from '../../db/kept-by-version';

const etagOf = (body: unknown) =>
  `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;

/**
 * Answers a dropdown list with an ETag and a short private cache life: the browser reuses it
 * and revalidates with If-None-Match, which costs a 304 without a body.
 */
export function cached<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  { body, etag = etagOf(body) }: { body: T; etag?: string },
): T {
  reply.header('etag', etag).header('cache-control', 'private, max-age=300, must-revalidate');
  if (req.headers['if-none-match'] === etag) reply.status(304).send();
  return body;
}

const lists = new KeptByVersion<{ body: unknown; etag: string }>(2000);

/**
 * A list computed from data that changes rarely, kept in memory while its data version holds
 * (a null version: the data is changing, compute and keep nothing). The ETag is computed once.
 */
export async function versioned<T>(
  db: object,
  key: string,
  version: string | null,
  load: () => Promise<T>,
): Promise<{ body: T; etag: string }> {
  const kept = await lists.through(db, key, version, async () => {
    const body = await load();
    return { body, etag: etagOf(body) };
  });
  return kept as { body: T; etag: string };
}
