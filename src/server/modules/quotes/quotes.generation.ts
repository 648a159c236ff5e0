// Generating good / better / best options: a job off the request path. The call answers the job
// at once; the runner works line by line, writing progress (n of m) to the job row, stops when the
// job is cancelled, and gives up at the deadline (600 s) with the spec's message. Options are
// written in one transaction at the end, so a cancelled or timed-out job leaves the quote as it was.
// The options of one line are chosen in quotes.line-options.ts; reading, streaming and cancelling
// a job are in quotes.job-progress.ts.
import {
  isJobRunning,
  isQuoteEditable,
  QUOTE_GENERATION_TIMEOUT_MS,
  type QuoteStatus,
} from '../../../domain/quote-status';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { discountsInForce } from '../discounts/discounts.service';
import { minMarginOf } from '../floors/floors.service';
import { jobChanged } from './quotes.job-events';
import { type Clock, stillRunning, systemClock, timeOut } from './quotes.job-progress';
import * as jobsRepo from './quotes.jobs.repository';
import { assertWorker, lockVisibleQuote, moveQuote } from './quotes.lifecycle';
import {
  discountTargets,
  type GenerationContext,
  type OptionRow,
  optionsForLine,
} from './quotes.line-options';
import * as optionsRepo from './quotes.options.repository';
import * as repo from './quotes.repository';
import { toJob } from './quotes.views';

/** Starts generating options for every line of a quote; answers the running job at once. */
export async function startGeneration(db: Db, actor: Actor, quoteId: number, clock: Clock = systemClock) {
  assertWorker(actor);
  const job = await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, quoteId);
    if (!isQuoteEditable(quote.status as QuoteStatus))
      throw conflict(`A ${quote.status} quote gets no new options`, { quoteStatus: quote.status });
    const last = await jobsRepo.latestJob(tx, quoteId);
    if (last && (await stillRunning(tx, last, clock)))
      throw conflict('Options are already being generated', { jobId: last.id });
    const items = await repo.itemsOf(tx, quoteId);
    if (!items.length) throw conflict('The quote has no lines');
    const now = clock.now();
    return jobsRepo.insertJob(tx, {
      quoteId,
      total: items.length,
      createdByUserId: actor.userId,
      startedAt: new Date(now),
      deadlineAt: new Date(now + QUOTE_GENERATION_TIMEOUT_MS),
    });
  });
  void runGeneration(db, job.id, clock)
    .catch((error) => failJob(db, job.id, error))
    .finally(() => jobChanged(db, job.id));
  return { data: toJob(job) };
}

async function failJob(db: Db, jobId: number, error: unknown) {
  console.error('quote generation failed', error);
  await jobsRepo
    .endJob(db, jobId, 'failed', {
      message: 'Generation failed; try again',
      finishedAt: new Date(),
    })
    .catch(() => undefined);
}

/** Lines worked on at once by one generation (the database pool has room for a few readers). */
const LINES_AT_ONCE = 4;

/** Works through the lines of the job's quote; exported so tests can run it with a fake clock. */
export async function runGeneration(db: Db, jobId: number, clock: Clock = systemClock) {
  const job = await jobsRepo.findJob(db, jobId);
  if (!job) return;
  const deadline = job.deadlineAt.getTime();
  const quote = await repo.findSummary(db, job.quoteId);
  if (!quote) return;
  const items = await repo.itemsOf(db, job.quoteId);
  const discounts = await discountsInForce(db, quote.quote.companyId);
  const ctx: GenerationContext = {
    companyId: quote.quote.companyId,
    priceGroupId: quote.quote.priceGroupId ?? -1,
    zip: quote.quote.deliveryZip,
    minMargin: await minMarginOf(db, quote.quote.priceGroupId),
    discounts,
    now: clock.now(),
    targets: discountTargets(discounts),
  };
  const results: { item: repo.QuoteItemRow; options: OptionRow[]; problem: string | null }[] = [];
  // A few lines at a time (each is a handful of reads); progress is written in order, one at a time.
  let next = 0;
  let done = 0;
  let stopped: 'timed_out' | 'ended' | null = null;
  let progress = Promise.resolve();
  const worker = async () => {
    while (!stopped && next < items.length) {
      if (clock.now() >= deadline) {
        stopped = 'timed_out';
        return;
      }
      const n = next++;
      results[n] = { item: items[n], ...(await optionsForLine(db, ctx, items[n])) };
      progress = progress.then(async () => {
        if (stopped) return;
        const progressed = await jobsRepo.updateRunningJob(db, jobId, { done: ++done });
        await jobChanged(db, jobId);
        if (!progressed) stopped = 'ended'; // cancelled or timed out
      });
      await progress;
    }
  };
  await Promise.all(Array.from({ length: Math.min(LINES_AT_ONCE, items.length) }, worker));
  if (stopped === 'timed_out') return timeOut(db, jobId, clock);
  if (stopped) return;
  await db.transaction(async (tx) => {
    const running = await jobsRepo.findJob(tx, jobId, true);
    if (!isJobRunning(running?.status)) return;
    if (clock.now() >= deadline) return timeOut(tx, jobId, clock);
    const locked = await repo.lockQuote(tx, job.quoteId);
    if (!locked || !isQuoteEditable(locked.status as QuoteStatus)) {
      await jobsRepo.endJob(tx, jobId, 'failed', {
        message: 'The quote changed while options were generated',
        finishedAt: new Date(clock.now()),
      });
      return;
    }
    await optionsRepo.deleteOptions(tx, job.quoteId);
    for (const r of results) {
      await optionsRepo.insertOptions(
        tx,
        r.options.map((o) => ({ ...o, quoteId: job.quoteId })),
      );
      await repo.updateItem(tx, r.item.id, { problem: r.problem, chosenOptionId: null });
    }
    const count = results.reduce((s, r) => s + r.options.length, 0);
    await moveQuote(
      tx,
      locked,
      'options_ready',
      job.createdByUserId,
      `${count} options generated for ${results.length} lines`,
    );
    await jobsRepo.endJob(tx, jobId, 'done', { finishedAt: new Date(clock.now()) });
  });
}
