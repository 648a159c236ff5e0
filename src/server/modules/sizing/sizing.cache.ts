import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection';

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

/** How long a read of the vehicle data version is trusted before it is read again. */
export const VEHICLE_VERSION_TTL_MS = 1000;
const vehicleVersions = new WeakMap<object, { at: number; version: Promise<string> }>();

/**
 * The version of the vehicle data (a counter the database bumps on every change of vehicles
 * or fitments), read at most once a second per process: a dropdown may lag another process's
 * import by that second (browsers keep the lists for minutes anyway). This process's own
 * imports call forgetVehicleVersion, so they show at once.
 */
export function vehicleVersion(db: Db): Promise<string> {
  const kept = vehicleVersions.get(db);
  if (kept && Date.now() - kept.at < VEHICLE_VERSION_TTL_MS) return kept.version;
  const version = db
    .execute<{ version: number }>(sql`select version from vehicle_data_version where id = 1`)
    .then(({ rows }) => String(rows[0]?.version ?? 0));
  vehicleVersions.set(db, { at: Date.now(), version });
  version.catch(() => vehicleVersions.delete(db));
  return version;
}

export function forgetVehicleVersion(db: Db) {
  vehicleVersions.delete(db);
}
