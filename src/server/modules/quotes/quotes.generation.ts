// Generating good / better / best options: a job off the request path. The call answers the job
// at once; the runner works line by line, writing progress (n of m) to the job row, stops when the
// job is cancelled, and gives up at the deadline (600 s) with the spec's message. Options are
// written in one transaction at the end, so a cancelled or timed-out job leaves the quote as it was.
import { type DiscountRule, bestDiscount } from '../../../domain/discounts';
import {
  addBusinessDays,
  floorCents,
  type LineNeed,
  type Pick as TierPick,
  selectTiers,
  speedRank,
} from '../../../domain/quote-options';
import { HOUSE_SERVICE, transitDays } from '../../../domain/shipping';
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
import { minMarginOf } from '../floors/floors.service';
import { quoteShipping } from '../orders/orders.service';
import { vehicleSizes } from '../sizing/sizing.service';
import { assertWorker, lockVisibleQuote, moveQuote } from './quotes.lifecycle';
import { coveringOffers, type DistributorOffer, distributorStockSource } from './quotes.distributors';
import { jobChanged, onJobChange } from './quotes.job-events';
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
  /** When generation started: arrival dates count from it. */
  now: number;
  /** What a discount targets, or null when one applies to every SKU (then every SKU is read). */
  targets: Omit<repo.TopCandidates, 'k'> | null;
}

/** SKUs read per tier order when a line has no brand, category or budget limit (3 tiers, room to spare). */
const TOP_PER_TIER = 5;

/** What the company's discounts target, for reading only the SKUs that can win a tier. */
function discountTargets(discounts: DiscountRule[]): Context['targets'] {
  if (discounts.some((d) => d.makeId === null && d.modelId === null && d.productId === null)) return null;
  const ids = (pick: (d: DiscountRule) => number | null) =>
    discounts.map(pick).filter((n): n is number => n !== null);
  return {
    makeIds: ids((d) => d.makeId),
    modelIds: ids((d) => d.modelId),
    productIds: ids((d) => d.productId),
  };
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
  void runGeneration(db, job.id, clock)
    .catch((error) => failJob(db, job.id, error))
    .finally(() => jobChanged(db, job.id));
  return { data: toJob(job) };
}

/** A running job past its deadline is timed out here, whether or not its runner is still busy. */
async function stillRunning(db: DbOrTx, job: repo.QuoteJobRow, clock: Clock) {
  if (job.status !== 'running') return false;
  if (clock.now() < job.deadlineAt.getTime()) return true;
  await timeOut(db, job.id, clock);
  return false;
}

async function timeOut(db: DbOrTx, jobId: number, clock: Clock) {
  const row = await repo.updateRunningJob(db, jobId, {
    status: 'timed_out',
    message: QUOTE_GENERATION_TIMEOUT_MESSAGE,
    finishedAt: new Date(clock.now()),
  });
  await jobChanged(db, jobId);
  return row;
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
      if (job.status !== 'running') stop();
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

/** Lines worked on at once by one generation (the database pool has room for a few readers). */
const LINES_AT_ONCE = 4;

/** Works through the lines of the job's quote; exported so tests can run it with a fake clock. */
export async function runGeneration(db: Db, jobId: number, clock: Clock = systemClock) {
  const job = await repo.findJob(db, jobId);
  if (!job) return;
  const deadline = job.deadlineAt.getTime();
  const quote = await repo.findSummary(db, job.quoteId);
  if (!quote) return;
  const items = await repo.itemsOf(db, job.quoteId);
  const discounts = await discountsInForce(db, quote.quote.companyId);
  const ctx: Context = {
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
        const progressed = await repo.updateRunningJob(db, jobId, { done: ++done });
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

/** One size a line may take, with the load and speed it needs: typed, an OE size of the vehicle or the MPN's SKU. */
function needFor(
  item: repo.QuoteItemRow,
  text: string,
  load: number | null,
  speed: string | null,
): LineNeed | null {
  const size = extractSize(text).size ?? parseTireSize(text);
  if (!size) return null;
  return {
    quantity: item.quantity,
    size: text,
    diameter: overallDiameter(size),
    loadIndex: size.loadIndex ?? load,
    speedIndex: size.speedIndex ?? speed,
    ...item.constraints,
  };
}

/** Every size a line may take (all the vehicle's OE sizes), or why none could be read. */
async function needsOf(db: Db, item: repo.QuoteItemRow): Promise<LineNeed[] | string> {
  let sizes: { text: string; load: number | null; speed: string | null }[] = [];
  if (item.vehicle) {
    const oe = await vehicleSizes(db, item.vehicle).catch(() => null);
    sizes = (oe?.data.list ?? []).map((s) => ({
      text: s.size,
      load: s.loadIndex ?? null,
      speed: s.speedIndex ?? null,
    }));
    if (!sizes.length) return 'No OE size is known for this vehicle';
  } else if (item.mpn) {
    const [sku] = await repo.productsByMpn(db, item.mpn);
    if (!sku) return `No tire has the MPN ${item.mpn}`;
    sizes = [{ text: sku.size, load: sku.loadIndex, speed: sku.speedIndex }];
  } else if (item.size) sizes = [{ text: item.size, load: null, speed: null }];
  const needs = sizes.map((s) => needFor(item, s.text, s.load, s.speed)).filter((n) => n !== null);
  const unique = [...new Map(needs.map((n) => [`${n.size}|${n.loadIndex}|${n.speedIndex}`, n])).values()];
  return unique.length ? unique : 'The size could not be read';
}

/** At most this many SKUs short in the warehouses are offered to the distributors per size. */
const DISTRIBUTOR_LOOKUP = 200;
/** Rounds of picking again when a pick cannot arrive by the line's date. */
const DELIVERY_ROUNDS = 4;

type Priced = repo.CandidateRow & { unitPriceCents: number; distributor?: DistributorOffer };

/** Good, better and best for one line, priced for the quote's group, with floors, shipping and arrival. */
async function optionsForLine(db: Db, ctx: Context, item: repo.QuoteItemRow) {
  const needs = await needsOf(db, item);
  if (typeof needs === 'string') return { options: [], problem: needs };
  const quantity = item.quantity;
  const limited = needs.some((n) => n.brands?.length || n.categories?.length || n.budgetCents);
  const top = ctx.targets && !limited ? { k: TOP_PER_TIER, ...ctx.targets } : undefined;
  const price = (rows: repo.CandidateRow[]): Priced[] =>
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
  /** The SKUs of every size of the line: exact or within 3 % of the diameter, from warehouses or distributors. */
  const pool = async (fit: 'exact' | 'plus', from: 'warehouses' | 'distributors') => {
    const rows: repo.CandidateRow[] = [];
    for (const need of needs) {
      const size = fit === 'exact' ? (parseTireSize(need.size) ?? extractSize(need.size).size) : null;
      if (fit === 'exact' && !size) continue;
      const loads = [need.loadIndex, need.minLoadIndex].filter((n): n is number => typeof n === 'number');
      rows.push(
        ...(await repo.candidates(db, {
          priceGroupId: ctx.priceGroupId,
          quantity,
          ...(from === 'distributors' ? { short: DISTRIBUTOR_LOOKUP } : { top }),
          minLoad: loads.length ? Math.max(...loads) : null,
          minSpeedRank: Math.max(speedRank(need.speedIndex), speedRank(need.minSpeedRating)),
          ...(size
            ? { exact: size }
            : { diameter: { from: need.diameter * 0.97, to: need.diameter * 1.03 } }),
        })),
      );
    }
    const unique = [...new Map(rows.map((r) => [r.productId, r])).values()];
    if (from === 'warehouses') return price(unique);
    const offers = await coveringOffers(db, unique, quantity);
    return price(unique.filter((r) => offers.has(r.productId))).map((r) => {
      const offer = offers.get(r.productId) as DistributorOffer;
      return { ...r, available: r.available + offer.available, distributor: offer };
    });
  };
  const steps = [
    ['exact', 'warehouses'],
    ['exact', 'distributors'],
    ['plus', 'warehouses'],
    ['plus', 'distributors'],
  ] as const;
  const withDistributors = distributorStockSource() !== null;
  for (const [fit, from] of steps) {
    if (from === 'distributors' && !withDistributors) continue;
    let candidates = await pool(fit, from);
    for (let round = 0; round < DELIVERY_ROUNDS && candidates.length; round++) {
      const picks = selectTiers(candidates, needs);
      if (!picks.length) break;
      const options = await priceOptions(db, ctx, item, picks);
      const deliverBy = needs[0].deliverBy;
      const late = deliverBy ? options.filter((o) => (o.arrivesBy ?? '') > deliverBy) : [];
      if (!late.length) return { options, problem: null };
      const lateIds = new Set(late.map((o) => o.productId));
      candidates = candidates.filter((c) => !lateIds.has(c.productId));
    }
  }
  const by = needs[0].deliverBy ? ` by ${needs[0].deliverBy}` : '';
  return { options: [], problem: `No fitting tire is in stock for ${quantity}${by}` };
}

/** The options of the picks: floors, road hazard, the shop's shipping and when they arrive. */
async function priceOptions(
  db: Db,
  ctx: Context,
  item: repo.QuoteItemRow,
  picks: TierPick[],
): Promise<OptionRow[]> {
  const shipping = await quoteShipping(
    db,
    picks.map((p) => ({ productId: p.candidate.productId, quantity: item.quantity })),
    ctx.zip,
  );
  const today = new Date(ctx.now);
  return picks.map((p, i) => {
    const c = p.candidate as Priced;
    const lead = c.distributor?.leadDays ?? 0;
    const arrivesBy = addBusinessDays(
      today,
      lead + transitDays(HOUSE_SERVICE, c.distributor ? null : shipping[i].miles),
    );
    const from = c.distributor
      ? ` From ${c.distributor.distributor} (${c.distributor.available} there, ${lead} business days to ship).`
      : '';
    return {
      itemId: item.id,
      tier: p.tier,
      productId: c.productId,
      quantity: item.quantity,
      costCents: c.costCents,
      listPriceCents: c.listPriceCents,
      unitPriceCents: c.unitPriceCents,
      priceSource: 'list',
      floorCents: floorCents(c.costCents, ctx.minMargin, c.mapCents),
      roadHazardUnitCents: roadHazardOffer(c.unitPriceCents).unitCents,
      shippingCents: shipping[i].shippingCents,
      available: c.available,
      distributor: c.distributor?.distributor ?? null,
      arrivesBy,
      plusSize: p.plusSize,
      reason: `${p.reason}${from} Arrives by ${arrivesBy}.`,
    };
  });
}
