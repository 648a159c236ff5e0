// Idempotency-Key: the first answer to a call that moves money is kept and replayed to its
// retries (docs/architecture.md, "Boundaries the build enforces").
import { createHash } from 'node:crypto';
import { and, eq, lt, type SQLWrapper, sql } from 'drizzle-orm';
import { builtOnce, type Placeholders } from '../db/built-once';
import type { Db, DbOrTx } from '../db/connection';
import { idempotencyKeys } from '../db/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, problem } from './errors';
import { isAlive, ownerMark } from './instance';

/**
 * A call still 'running' after this long is taken to have died with its process; a call marked
 * with its process (`running:<instance>`, instance.ts) is taken over as soon as that process has gone.
 */
const ABANDONED_AFTER_MS = 120_000;

export interface Answer {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * The fingerprint a retry is compared by. A raw card (sandbox only) counts by its last four
 * digits and expiry: nothing derived from a full card number or a CVC is ever stored.
 */
export const fingerprintOf = (body: unknown) =>
  createHash('sha256')
    .update(
      JSON.stringify(body ?? null, (key, value) => (key === 'card' && value ? cardPrint(value) : value)),
    )
    .digest('hex');

const cardPrint = (card: { number?: unknown; expMonth?: unknown; expYear?: unknown }) =>
  `${String(card.number ?? '').slice(-4)}/${card.expMonth}/${card.expYear}`;

type KeyOfCall = { userId: number; scope: string; key: string };
type Value<T> = T | SQLWrapper;

/** The row of a call's key, by values or by a kept statement's placeholders. */
const keyRow = (c: { [K in keyof KeyOfCall]: Value<KeyOfCall[K]> }) =>
  and(
    eq(idempotencyKeys.userId, c.userId),
    eq(idempotencyKeys.scope, c.scope),
    eq(idempotencyKeys.key, c.key),
  );
/** The key's row while it is still this call's claim (not taken over by a retry). */
const ownClaim = (c: Parameters<typeof keyRow>[0] & { claimed: Value<string> }) =>
  and(keyRow(c), eq(idempotencyKeys.status, c.claimed));

// Every keyed call claims its key and keeps its answer: both built once (db/built-once.ts).
const claimKey = builtOnce((db, p: Placeholders<KeyOfCall & { requestHash: string; status: string }>) =>
  db
    .insert(idempotencyKeys)
    .values({ userId: p.userId, scope: p.scope, key: p.key, requestHash: p.requestHash, status: p.status })
    .onConflictDoNothing()
    .returning(),
);
const keepAnswer = builtOnce(
  (db, p: Placeholders<KeyOfCall & { claimed: string; status: number; json: string | undefined }>) =>
    db
      .update(idempotencyKeys)
      // drizzle's types take no placeholder in set(): the values go in as SQL, the body as JSON text.
      .set({ status: 'done', responseStatus: sql`${p.status}`, responseBody: sql`${p.json}::jsonb` })
      .where(ownClaim(p))
      .returning({ key: idempotencyKeys.key }),
);

async function claim(db: Db, userId: number, scope: string, key: string, requestHash: string) {
  const where = keyRow({ userId, scope, key });
  const owner = ownerMark();
  const status = owner ? `running:${owner}` : 'running';
  const insert = () => claimKey(db, { userId, scope, key, requestHash, status });
  let inserted = await insert();
  // The key is taken: by a call that died with its process, the row is cleared and claimed again.
  if (!inserted.length) {
    const [taken] = await db
      .select({ status: idempotencyKeys.status, hash: idempotencyKeys.requestHash })
      .from(idempotencyKeys)
      .where(where);
    const takenBy = taken?.status.startsWith('running:') ? taken.status.slice('running:'.length) : null;
    // Only the same request takes a dead call over (another body is refused below).
    const gone = takenBy !== null && taken?.hash === requestHash && !(await isAlive(db, takenBy));
    const abandoned = await db
      .delete(idempotencyKeys)
      .where(
        and(
          where,
          gone
            ? eq(idempotencyKeys.status, `running:${takenBy}`)
            : and(
                eq(idempotencyKeys.status, 'running'),
                lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
              ),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (abandoned.length) inserted = await insert();
  }
  if (inserted.length) return { existing: null, claimed: status };
  const [existing] = await db.select().from(idempotencyKeys).where(where);
  return { existing, claimed: status };
}

/** The key was taken over while this call ran (its owner looked dead): this run must not count. */
class TakenOver extends Error {}

/**
 * Runs `work` once per (user, scope, key): a retry with the same key gets the first answer
 * (status and body); the same key with another body is a 422; a retry while the first still
 * runs is a 409. Without a key the work simply runs.
 *
 * With a key, `work` runs inside one transaction (its own transactions become savepoints) and
 * its answer is kept on the key in that same transaction: what the call changed and the answer
 * its retries get commit together or not at all. A refusal (an AppError) rolls back all the call
 * wrote, so work may run in this transaction without savepoints of its own (inTransaction). A
 * process that dies before that commit leaves nothing behind but its claim (taken over by the
 * retry, which runs afresh); one that dies after it leaves the answer, which the retry replays. No keyed call can be applied twice
 * (docs/security.md, "Idempotency and crash safety").
 */
async function idempotent(
  db: Db,
  call: { userId: number; scope: string; key?: string; body: unknown; status: () => number },
  work: (db: Db) => Promise<unknown>,
): Promise<Answer> {
  const { userId, scope, key } = call;
  if (!key) {
    const body = await work(db);
    return { status: call.status(), body, replayed: false };
  }
  const requestHash = fingerprintOf(call.body);
  const { existing, claimed } = await claim(db, userId, scope, key, requestHash);
  if (existing) {
    if (existing.requestHash !== requestHash)
      throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request');
    if (existing.status.startsWith('running'))
      throw new AppError('conflict', 'The first request with this Idempotency-Key is still running');
    return { status: existing.responseStatus ?? 200, body: existing.responseBody, replayed: true };
  }
  // Still this call's claim: a call whose owner was taken for dead (its named connection gone)
  // and taken over neither keeps its answer nor frees the key; its work rolls back.
  const keep = async (tx: DbOrTx, status: number, body: unknown) => {
    const json = JSON.stringify(body);
    const kept = await keepAnswer(tx, { userId, scope, key, claimed, status, json });
    if (!kept.length) throw new TakenOver();
  };
  try {
    return await db.transaction(async (tx) => {
      const made = { body: await work(tx as unknown as Db), status: call.status(), replayed: false };
      await keep(tx, made.status, made.body);
      return made;
    });
  } catch (error) {
    if (error instanceof TakenOver)
      throw new AppError('conflict', 'The request with this Idempotency-Key was taken over by a retry');
    // A provider that failed or timed out (502) or a service unavailable refused nothing: as an
    // unexpected failure, the key is freed and a retry runs again (a provider's own idempotency
    // key, derived from ours, makes that retry meet what the first attempt did there).
    if (error instanceof AppError && error.status < 500) {
      // A refusal is an answer too: what the call wrote is rolled back with the transaction, and
      // the refusal is kept on the key by a statement of its own.
      await keep(db, error.status, problemOf(error)).catch((kept) => {
        if (!(kept instanceof TakenOver)) throw kept;
      });
      throw error;
    }
    // An unexpected failure changed nothing: let a retry run again.
    await db.delete(idempotencyKeys).where(ownClaim({ userId, scope, key, claimed }));
    throw error;
  }
}

/** The problem+json body of a refusal, as its retries get it. */
function problemOf(error: AppError) {
  const { headers: _headers, ...extra } = error.extra;
  return problem(error.status, error.code, error.message, extra);
}

const IdempotencyKey = z.string().min(1).max(200).optional();

/**
 * The caller's Idempotency-Key, scoped to the caller: a provider's own idempotency key is made
 * from it, so the retry of a call meets at the provider what the first attempt did there.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const key = IdempotencyKey.safeParse(req.headers['idempotency-key']);
  return key.success && key.data && req.actor ? `${req.actor.userId}:${key.data}` : undefined;
}

/**
 * A creating call under the request's Idempotency-Key header: runs `work` once and sends its
 * answer with `status`; a replay sends the first answer as it was (its status, problem or not).
 */
export async function answerOnce<T>(
  ctx: { db: Db; actor: { userId: number }; req: FastifyRequest; reply: FastifyReply },
  call: { scope: string; body: unknown; status: () => number },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const parsed = IdempotencyKey.safeParse(ctx.req.headers['idempotency-key']);
  if (!parsed.success)
    throw badRequest('Idempotency-Key must be 1 to 200 characters', [
      { pointer: '/headers/idempotency-key', detail: 'is invalid' },
    ]);
  const answer = await idempotent(ctx.db, { userId: ctx.actor.userId, key: parsed.data, ...call }, work);
  const { reply } = ctx;
  if (answer.replayed) {
    reply.header('idempotent-replayed', 'true').code(answer.status);
    if (answer.status >= 400) reply.type('application/problem+json');
  }
  reply.code(answer.status).send(answer.body);
  return answer.body as T;
}
