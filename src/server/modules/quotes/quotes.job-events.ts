// Pushing a generation job's progress (docs/quotes.md, "Generating options"): the runner announces
// every change of a job here, and each open event stream of that job sends it on at once, in
// this process and, through PostgreSQL's LISTEN/NOTIFY, in every other server on the database.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DbOrTx } from '../../db/connection';

const events = new EventEmitter();
events.setMaxListeners(0);

/** The channel of job changes; the payload is the job's id. */
const CHANNEL = 'quote_job_changed';

/**
 * Tells the streams of a job that it changed (progress, end, cancel, time-out): this process's
 * at once, the other servers' by a NOTIFY (sent when `db`'s transaction commits, so they never
 * read a change that is not there yet). Best effort: a stream also reads its job now and then.
 */
export async function jobChanged(db: DbOrTx, jobId: number) {
  events.emit(`job:${jobId}`);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${String(jobId)})`).catch(() => undefined);
}

/** Calls `listener` whenever the job changes; answers the unsubscribe. */
export function onJobChange(jobId: number, listener: () => void): () => void {
  events.on(`job:${jobId}`, listener);
  return () => events.off(`job:${jobId}`, listener);
}

/** How long a lost LISTEN connection waits before it connects again. */
const RECONNECT_MS = 1_000;

/**
 * Listens for the job changes of the other servers on the database at `url` (PostgreSQL; the
 * embedded database serves one process, which hears its own changes without it), from the app's
 * start to its close, on a connection of its own (a pooled one would be handed to other work).
 */
export function listenForJobChanges(app: FastifyInstance, url: string | undefined) {
  if (!url) return;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'tread quote job events' });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) events.emit(`job:${Number(message.payload)}`);
    });
    next.on('error', () => reconnect());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (closed) await next.end();
      else client = next;
    } catch (error) {
      app.log.warn({ err: error }, 'listening for quote job changes failed; trying again');
      next.end().catch(() => {});
      reconnect();
    }
  };
  const reconnect = () => {
    if (closed || retry) return;
    client?.end().catch(() => {});
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };
  app.addHook('onReady', connect);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  });
}
