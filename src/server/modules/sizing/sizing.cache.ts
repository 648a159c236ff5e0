import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const etagOf = (body: unknown) =>
  `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;

/**
 * Answers a dropdown list with an ETag and a short private cache life: the browser reuses it
 * and revalidates with If-None-Match, which costs a 304 without a body.
 */
export function cached<T>(req: FastifyRequest, reply: FastifyReply, body: T, etag = etagOf(body)): T {
  reply.header('etag', etag).header('cache-control', 'private, max-age=300, must-revalidate');
  if (req.headers['if-none-match'] === etag) reply.status(304).send();
  return body;
}

interface Kept {
  version: string;
  body: unknown;
  etag: string;
}
const MAX_KEPT = 2000;
// Per database handle: versions are only comparable within one database.
const keptByDb = new WeakMap<object, Map<string, Kept>>();

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
  const kept = keptByDb.get(db) ?? new Map<string, Kept>();
  keptByDb.set(db, kept);
  const hit = kept.get(key);
  if (version !== null && hit?.version === version) return { body: hit.body as T, etag: hit.etag };
  const body = await load();
  const etag = etagOf(body);
  if (version !== null) {
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, { version, body, etag });
  }
  return { body, etag };
}
