// Generating good / better / best options: a job off the request path. The call answers the job
// at once; the runner works line by line, writing progress (n of m) to the job row, stops when the
// job is cancelled, and gives up at the deadline (600 s) with the spec's message. Options are
// written in one transaction at the end, so a cancelled or timed-out job leaves the quote as it was.
import { type DiscountRule, bestDiscount } from '../../../domain/discounts';
import { floorCents, type LineNeed, selectTiers, speedRank } from '../../../domain/quote-options';
import {
  isQuoteEditable,
  QUOTE_GENERATION_TIMEOUT_MESSAGE,
  QUOTE_GENERATION_TIMEOUT_MS,
  type QuoteStatus,
} from '../../../domain/quote-status';
import { extractSize } from '../../../domain/search-query';
import { overallDiameter, parseTireSize } from '../../../domain/tire-size';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import { discountsInForce } from '../discounts/discounts.service';
import { quoteShipping } from '../orders/orders.service';
import { vehicleSizes } from '../sizing/sizing.service';
import { assertWorker, lockVisibleQuote, moveQuote } from './quotes.lifecycle';
import * as repo from './quotes.repository';
import { toJob } from './quotes.views';

/** Where "now" comes from: the system clock, or a test's fake one. */
export interface Clock {
  now(): number;
}
const systemClock: Clock = { now: () => Date.now() };

/** Prices and stock a generation reads once for the whole quote. */
interface Context {
  companyId: number;
  priceGroupId: number;
  zip: string | null;
  minMargin: number;
  discounts: DiscountRule[];
}

type OptionRow = Omit<Parameters<typeof repo.insertOptions>[1][number], 'quoteId'>;

/** Starts generating options for every line of a quote; answers the running job at once. */
export async function startGeneration(db: Db, actor: Actor, quoteId: number, clock: Clock = systemClock) {
  assertWorker(actor);
  const job = await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, quoteId);
    if (!isQuoteEditable(quote.status as QuoteStatus))
      throw conflict(`A ${quote.status} quote gets no new options`, { quoteStatus: quote.status });
    const last = await repo.latestJob(tx, quoteId);
    if (last && (await stillRunning(tx, last, clock)))
      throw conflict('Options are already being generated', { jobId: last.id });
    const items = await repo.itemsOf(tx, quoteId);
    if (!items.length) throw conflict('The quote has no lines');
    const now = clock.now();
    return repo.insertJob(tx, {
      quoteId,
      total: items.length,
      createdByUserId: actor.userId,
      startedAt: new Date(now),
      deadlineAt: new Date(now + QUOTE_GENERATION_TIMEOUT_MS),
    });
  });
  void runGeneration(db, job.id, clock).catch((error) => failJob(db, job.id, error));
  return { data: toJob(job) };
}

/** A running job past its deadline is timed out here, whether or not its runner is still busy. */
async function stillRunning(db: DbOrTx, job: repo.QuoteJobRow, clock: Clock) {
  if (job.status !== 'running') return false;
  if (clock.now() < job.deadlineAt.getTime()) return true;
  await timeOut(db, job.id, clock);
  return false;
}

function timeOut(db: DbOrTx, jobId: number, clock: Clock) {
  return repo.updateRunningJob(db, jobId, {
    status: 'timed_out',
    message: QUOTE_GENERATION_TIMEOUT_MESSAGE,
    finishedAt: new Date(clock.now()),
  });
}

async function failJob(db: Db, jobId: number, error: unknown) {
  console.error('quote generation failed', error);
  await repo
    .updateRunningJob(db, jobId, {
      status: 'failed',
      message: 'Generation failed; try again',
      finishedAt: new Date(),
    })
    .catch(() => undefined);
}

/** A job's progress; reading it times out a job past its deadline (the server gives up at 600 s). */
export async function getJob(db: Db, actor: Actor, jobId: number, clock: Clock = systemClock) {
  assertWorker(actor);
  const job = await repo.findJob(db, jobId);
  if (!job) throw notFound('Job');
  await stillRunning(db, job, clock);
  return { data: toJob((await repo.findJob(db, jobId)) ?? job) };
}

/** Cancels a running job: the runner stops at its next line and writes nothing to the quote. */
export async function cancelJob(db: Db, actor: Actor, jobId: number) {
  assertWorker(actor);
  const job = await repo.findJob(db, jobId);
  if (!job) throw notFound('Job');
  const cancelled = await repo.updateRunningJob(db, jobId, {
    status: 'cancelled',
    message: `Cancelled by ${actor.username}`,
    finishedAt: new Date(),
  });
  if (!cancelled) throw conflict(`The job is already ${job.status}`, { jobStatus: job.status });
  return { data: toJob(cancelled) };
}

/** Works through the lines of the job's quote; exported so tests can run it with a fake clock. */
export async function runGeneration(db: Db, jobId: number, clock: Clock = systemClock) {
  const job = await repo.findJob(db, jobId);
  if (!job) return;
  const deadline = job.deadlineAt.getTime();
  const quote = await repo.findSummary(db, job.quoteId);
  if (!quote) return;
  const items = await repo.itemsOf(db, job.quoteId);
  const ctx: Context = {
    companyId: quote.quote.companyId,
    priceGroupId: quote.quote.priceGroupId ?? -1,
    zip: quote.quote.deliveryZip,
    minMargin: await repo.minMarginOf(db, quote.quote.priceGroupId),
    discounts: await discountsInForce(db, quote.quote.companyId),
  };
  const results: { item: repo.QuoteItemRow; options: OptionRow[]; problem: string | null }[] = [];
  for (const [n, item] of items.entries()) {
    if (clock.now() >= deadline) return timeOut(db, jobId, clock);
    results.push({ item, ...(await optionsForLine(db, ctx, item)) });
    if (!(await repo.updateRunningJob(db, jobId, { done: n + 1 }))) return; // cancelled or timed out
  }
  await db.transaction(async (tx) => {
    const running = await repo.findJob(tx, jobId, true);
    if (running?.status !== 'running') return;
    if (clock.now() >= deadline) return timeOut(tx, jobId, clock);
    const locked = await repo.lockQuote(tx, job.quoteId);
    if (!locked || !isQuoteEditable(locked.status as QuoteStatus)) {
      await repo.updateRunningJob(tx, jobId, {
        status: 'failed',
        message: 'The quote changed while options were generated',
        finishedAt: new Date(clock.now()),
      });
      return;
    }
    await repo.deleteOptions(tx, job.quoteId);
    for (const r of results) {
      await repo.insertOptions(
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
    await repo.updateRunningJob(tx, jobId, { status: 'done', finishedAt: new Date(clock.now()) });
  });
}

/** The size a line needs, with the OE load and speed: typed, from the vehicle's OE sizes or the MPN's SKU. */
async function needOf(db: Db, item: repo.QuoteItemRow): Promise<LineNeed | string> {
  let text: string | null = item.size;
  let load: number | null = null;
  let speed: string | null = null;
  if (item.vehicle) {
    const oe = await vehicleSizes(db, item.vehicle).catch(() => null);
    const first = oe?.data.list[0];
    if (!first) return 'No OE size is known for this vehicle';
    [text, load, speed] = [first.size, first.loadIndex ?? null, first.speedIndex ?? null];
  } else if (item.mpn) {
    const [sku] = await repo.productsByMpn(db, item.mpn);
    if (!sku) return `No tire has the MPN ${item.mpn}`;
    [text, load, speed] = [sku.size, sku.loadIndex, sku.speedIndex];
  }
  const size = text ? (extractSize(text).size ?? parseTireSize(text)) : null;
  if (!size) return 'The size could not be read';
  return {
    quantity: item.quantity,
    size: text ?? '',
    diameter: overallDiameter(size),
    loadIndex: size.loadIndex ?? load,
    speedIndex: size.speedIndex ?? speed,
    ...item.constraints,
  };
}

/** Good, better and best for one line, priced for the quote's group, with floors and shipping. */
async function optionsForLine(db: Db, ctx: Context, item: repo.QuoteItemRow) {
  const need = await needOf(db, item);
  if (typeof need === 'string') return { options: [], problem: need };
  const size = parseTireSize(need.size) ?? extractSize(need.size).size;
  const loads = [need.loadIndex, need.minLoadIndex].filter((n): n is number => typeof n === 'number');
  const base = {
    priceGroupId: ctx.priceGroupId,
    quantity: need.quantity,
    minLoad: loads.length ? Math.max(...loads) : null,
    minSpeedRank: Math.max(speedRank(need.speedIndex), speedRank(need.minSpeedRating)),
  };
  const price = (rows: repo.CandidateRow[]) =>
    rows.map((r) => ({
      ...r,
      unitPriceCents:
        r.listPriceCents -
        bestDiscount(ctx.discounts, {
          makeId: r.makeId,
          modelId: r.modelId,
          productId: r.productId,
          companyId: ctx.companyId,
          unitPriceCents: r.listPriceCents,
        }).reductionCents,
    }));
  const exact = size ? price(await repo.candidates(db, { ...base, exact: size })) : [];
  let picks = selectTiers(exact, need);
  if (!picks.length) {
    const range = { from: need.diameter * 0.97, to: need.diameter * 1.03 };
    picks = selectTiers(price(await repo.candidates(db, { ...base, diameter: range })), need);
  }
  if (!picks.length) return { options: [], problem: `No fitting tire is in stock for ${need.quantity}` };
  const shipping = await quoteShipping(
    db,
    picks.map((p) => ({ productId: p.candidate.productId, quantity: need.quantity })),
    ctx.zip,
  );
  const options: OptionRow[] = picks.map((p, i) => {
    const c = p.candidate as (typeof exact)[number];
    return {
      itemId: item.id,
      tier: p.tier,
      productId: c.productId,
      quantity: need.quantity,
      costCents: c.costCents,
      listPriceCents: c.listPriceCents,
      unitPriceCents: c.unitPriceCents,
      priceSource: 'list',
      floorCents: floorCents(c.costCents, ctx.minMargin, c.mapCents),
      roadHazardUnitCents: roadHazardOffer(c.unitPriceCents).unitCents,
      shippingCents: shipping[i].shippingCents,
      available: c.available,
      plusSize: p.plusSize,
      reason: p.reason,
    };
  });
  return { options, problem: null };
}
