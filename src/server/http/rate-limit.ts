import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store in PostgreSQL: one upsert per request counts the caller's hits in
 * the current window, so every server process on the database shares one count. A window
 * that has run out starts over in the same statement.
 */
function databaseStore(db: Db) {
  let calls = 0;
  return class DatabaseStore {
    incr(key: string, done: Incr, timeWindow: number) {
      const seconds = timeWindow / 1000;
      db.execute<{ hits: number; ttl: number }>(sql`
        insert into ${rateLimits} as r (key, hits, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${seconds}::float8))
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case when r.reset_at <= now() then now() + make_interval(secs => ${seconds}::float8) else r.reset_at end
        returning hits, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`)
        .then(({ rows }) => done(null, { current: Number(rows[0].hits), ttl: Number(rows[0].ttl) }))
        .catch((error: Error) => done(error));
      // Expired counters are dropped now and then, not on every request.
      if (++calls % 1000 === 0)
        db.execute(sql`delete from ${rateLimits} where reset_at < now() - interval '1 hour'`).catch(() => {});
    }
    child() {
      return new DatabaseStore();
    }
  };
}

/** Signed-in calls count per session (or per token's user), public ones per client address. */
function keyOf(req: FastifyRequest): string {
  const actor = req.actor;
  if (!actor) return `addr:${req.ip}`;
  return actor.sessionIdHash ? `session:${actor.sessionIdHash}` : `user:${actor.userId}`;
}

/**
 * The global rate limit (RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_SECONDS per key; 0 turns
 * it off, the default outside production so tests, e2e and bench/ run unthrottled). It runs
 * after the session is resolved (preParsing), so it keys on the caller, and answers 429
 * problem+json with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  const { RATE_LIMIT_MAX: max, RATE_LIMIT_WINDOW_SECONDS: window, RATE_LIMIT_STORE: store } = app.config;
  if (max <= 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'preParsing',
    max,
    timeWindow: window * 1000,
    keyGenerator: keyOf,
    ...(store === 'database' && { store: databaseStore(db) }),
    // Health checks come from the load balancer's own address, many times a minute.
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
    errorResponseBuilder: (_req, context) =>
      new AppError('rate_limited', `Too many requests. Try again in ${context.after}.`, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
}
