// A generation job as the quoting staff follow it: read, streamed as it runs, cancelled, and timed
// out once past its deadline, whichever call notices first.
import { isJobRunning, QUOTE_GENERATION_TIMEOUT_MESSAGE } from '../../../domain/quote-status';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { jobChanged, onJobChange } from './quotes.job-events';
import * as jobsRepo from './quotes.jobs.repository';
import { assertWorker } from './quotes.lifecycle';
import { toJob } from './quotes.views';

/** Where "now" comes from: the system clock, or a test's fake one. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A running job past its deadline is timed out here, whether or not its runner is still busy. */
export async function stillRunning(db: DbOrTx, job: jobsRepo.QuoteJobRow, clock: Clock) {
  if (!isJobRunning(job.status)) return false;
  if (clock.now() < job.deadlineAt.getTime()) return true;
  await timeOut(db, job.id, clock);
  return false;
}

export async function timeOut(db: DbOrTx, jobId: number, clock: Clock) {
  const row = await jobsRepo.endJob(db, jobId, 'timed_out', {
    message: QUOTE_GENERATION_TIMEOUT_MESSAGE,
    finishedAt: new Date(clock.now()),
  });
  await jobChanged(db, jobId);
  return row;
}

/** A job's progress; reading it times out a job past its deadline (the server gives up at 600 s). */
export async function getJob(db: Db, actor: Actor, jobId: number, clock: Clock = systemClock) {
  assertWorker(actor);
  const job = await jobsRepo.findJob(db, jobId);
  if (!job) throw notFound('Job');
  await stillRunning(db, job, clock);
  return { data: toJob((await jobsRepo.findJob(db, jobId)) ?? job) };
}

/** Cancels a running job: the runner stops at its next line and writes nothing to the quote. */
export async function cancelJob(db: Db, actor: Actor, jobId: number) {
  assertWorker(actor);
  const job = await jobsRepo.findJob(db, jobId);
  if (!job) throw notFound('Job');
  const cancelled = await jobsRepo.endJob(db, jobId, 'cancelled', {
    message: `Cancelled by ${actor.username}`,
    finishedAt: new Date(),
  });
  if (!cancelled) throw conflict(`The job is already ${job.status}`, { jobStatus: job.status });
  await jobChanged(db, jobId);
  return { data: toJob(cancelled) };
}

/**
 * How often an open stream reads its job anyway. Changes arrive at once, from this process and
 * from the other servers (LISTEN/NOTIFY, quotes.job-events.ts); this only covers a notification
 * lost while the listening connection was down.
 */
const STREAM_REREAD_MS = 15_000;

/**
 * Streams a job's progress as server-sent events (`event: progress`, the job as data): the job
 * at once, then each change as the runner makes it, until the job ends; then the stream closes.
 * Past the deadline the read times the job out, so the stream ends with the time-out message.
 */
export function streamJob(
  db: Db,
  actor: Actor,
  jobId: number,
  out: { write(chunk: string): void; end(): void; onClose(listener: () => void): void },
  clock: Clock = systemClock,
) {
  let last = '';
  let closed = false;
  let reading = false;
  let again = false;
  const stop = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(timer);
    out.end();
  };
  const send = async () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const job = (await getJob(db, actor, jobId, clock)).data;
      const text = JSON.stringify(job);
      if (text !== last && !closed) out.write(`event: progress\ndata: ${text}\n\n`);
      last = text;
      if (!isJobRunning(job.status)) stop();
    } catch {
      stop();
    } finally {
      reading = false;
      if (again && !closed) {
        again = false;
        void send();
      }
    }
  };
  const unsubscribe = onJobChange(jobId, () => void send());
  const timer = setInterval(() => void send(), STREAM_REREAD_MS);
  out.onClose(stop);
  return send();
}
