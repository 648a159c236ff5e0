// Quotes, the public entry of the module: creating and changing the line requests, reading and
// searching, the price floors, and expiry. Generation, pricing and acceptance live beside it
// (quotes.generation.ts, quotes.job-progress.ts, quotes.pricing.ts, quotes.acceptance.ts) and are
// re-exported at the end.
import type { z } from 'zod';
import type { QuoteInput, QuoteSearch } from '../../../contract/quotes';
import {
  canExpire,
  isDraftQuote,
  isJobRunning,
  isQuoteEditable,
  type QuoteStatus,
} from '../../../domain/quote-status';
import { isStaff } from '../../../domain/roles';
import type { Db, Tx } from '../../db/connection';
import { type Paging, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { canWorkQuotes, lockVisibleQuote, logQuote, moveQuote, releaseQuoteHolds } from './quotes.lifecycle';
import * as floorsRepo from './quotes.floors.repository';
import * as jobsRepo from './quotes.jobs.repository';
import * as optionsRepo from './quotes.options.repository';
import * as repo from './quotes.repository';
import { quoteDetail, toSummary } from './quotes.views';

type Input = z.output<typeof QuoteInput>;
type Search = z.output<typeof QuoteSearch>;

/** A quote is valid 30 days unless set otherwise. */
export const DEFAULT_VALID_DAYS = 30;

/** The end of a validity date (UTC), which must be in the future. */
function validUntilOf(date: string | undefined): Date {
  const until = date
    ? new Date(`${date}T23:59:59.999Z`)
    : new Date(Date.now() + DEFAULT_VALID_DAYS * 86_400_000);
  if (until.getTime() <= Date.now())
    throw badRequest('The quote must be valid until a future date', [
      { pointer: '/body/validUntil', detail: 'must be in the future' },
    ]);
  return until;
}

function itemRows(quoteId: number, items: Input['items']) {
  return items.map((item, position) => ({
    quoteId,
    position,
    size: item.size ?? null,
    vehicle: item.vehicle ?? null,
    mpn: item.mpn ?? null,
    quantity: item.quantity,
    roadHazard: item.roadHazard,
    constraints: item.constraints,
  }));
}

async function ownerOf(tx: Tx, ownerUserId: number | null | undefined, fallback: number | null) {
  if (ownerUserId === undefined) return fallback;
  if (ownerUserId === null) return null;
  if (!(await repo.findStaffUser(tx, ownerUserId)))
    throw badRequest('The owner must be an active sales or admin user', [
      { pointer: '/body/ownerUserId', detail: 'is not an active sales or admin user' },
    ]);
  return ownerUserId;
}

/**
 * Where a quote's tires go, and so the ZIP it ships to: an active installer location's bay (the
 * tires mounted there, its services quoted), else the quote's location.
 */
async function deliveryFor(tx: Tx, location: { zip: string | null }, installerLocationId?: number | null) {
  if (!installerLocationId)
    return { deliveryKind: 'location', installerLocationId: null, deliveryZip: location.zip };
  const bay = await repo.findLocation(tx, installerLocationId);
  if (!bay || bay.installer <= 0 || !bay.active)
    throw badRequest('Choose an active installer location', [
      { pointer: '/body/installerLocationId', detail: 'is not an active installer location' },
    ]);
  return { deliveryKind: 'installer', installerLocationId: bay.id, deliveryZip: bay.zip };
}

/**
 * A buyer requests a quote for their company and current location; sales (or admin) create one
 * for a customer's location and own it. Prices come later, from generation.
 */
export async function createQuote(db: Db, actor: Actor, body: Input) {
  const staff = isStaff(actor.role);
  if (staff && !canWorkQuotes(actor)) throw forbidden('Only sales and admin create quotes');
  const companyId = staff ? body.companyId : actor.companyId;
  const locationId = staff ? body.locationId : (body.locationId ?? actor.locationId);
  if (!companyId || !locationId)
    throw badRequest('Name the customer and its location', [
      ...(companyId ? [] : [{ pointer: '/body/companyId', detail: 'is required' }]),
      ...(locationId ? [] : [{ pointer: '/body/locationId', detail: 'is required' }]),
    ]);
  const validUntil = validUntilOf(body.validUntil);
  const id = await db.transaction(async (tx) => {
    const location = await repo.findCompanyLocation(tx, companyId, locationId);
    if (!location?.active) throw notFound('Location of this company');
    const quote = await repo.insertQuote(tx, {
      companyId,
      locationId,
      priceGroupId: location.priceGroupId,
      ...(await deliveryFor(tx, location, body.installerLocationId)),
      requesterUserId: actor.userId,
      ownerUserId: staff ? await ownerOf(tx, body.ownerUserId, actor.userId) : null,
      title: body.title,
      note: body.note,
      validUntil,
    });
    await repo.insertItems(tx, itemRows(quote.id, body.items));
    await logQuote(
      tx,
      quote,
      actor.userId,
      null,
      staff ? `Created by ${actor.username}` : `Requested by ${actor.username}`,
    );
    return quote.id;
  });
  return quoteDetail(db, actor, id);
}

/** New line requests (or owner, title, note, validity) before finalizing; options are generated again. */
export async function updateQuote(
  db: Db,
  actor: Actor,
  id: number,
  body: Omit<Input, 'companyId' | 'locationId'>,
) {
  await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, id);
    if (!isQuoteEditable(quote.status as QuoteStatus))
      throw conflict(`A ${quote.status} quote can no longer be changed`, { quoteStatus: quote.status });
    const job = await jobsRepo.latestJob(tx, id);
    if (isJobRunning(job?.status)) throw conflict('Options are being generated; cancel or wait first');
    await optionsRepo.deleteOptions(tx, id);
    await repo.deleteItems(tx, id);
    await repo.insertItems(tx, itemRows(id, body.items));
    const set = {
      title: body.title,
      note: body.note,
      ownerUserId: await ownerOf(tx, body.ownerUserId, quote.ownerUserId),
      ...(body.validUntil && { validUntil: validUntilOf(body.validUntil) }),
      // A new delivery ships from elsewhere: the options go, as with any change of the lines.
      ...(body.installerLocationId !== undefined &&
        (await deliveryFor(
          tx,
          (await repo.findCompanyLocation(tx, quote.companyId, quote.locationId)) ?? {
            zip: quote.deliveryZip,
          },
          body.installerLocationId,
        ))),
    };
    if (isDraftQuote(quote.status)) {
      await repo.updateQuote(tx, id, set);
      await logQuote(tx, quote, actor.userId, null, 'Line requests changed');
    } else await moveQuote(tx, quote, 'draft', actor.userId, 'Line requests changed; options cleared', set);
  });
  return quoteDetail(db, actor, id);
}

/** Staff search every company's quotes; anyone else only their own company's. */
export async function searchQuotes(db: Db, actor: Actor, q: Search) {
  await expireQuotes(db);
  const filter = isStaff(actor.role) ? q : { ...q, companyId: actor.companyId };
  return pageAnswer(q, await repo.listQuotes(db, filter), toSummary);
}

export async function getQuote(db: Db, actor: Actor, id: number) {
  await expireQuotes(db);
  return quoteDetail(db, actor, id);
}

/** Every price group with its minimum margin (0 when none is set). */
export async function listFloors(db: Db) {
  return { data: { list: await floorsRepo.floors(db) } };
}

/** Admin sets the minimum margin of a price group; quotes priced after this use it. Audited. */
export async function setFloor(db: Db, actor: Actor, priceGroupId: number, minMarginBasisPoints: number) {
  return db.transaction(async (tx) => {
    const before = (await floorsRepo.floors(tx)).find((f) => f.priceGroupId === priceGroupId);
    if (!before) throw notFound('Price group');
    await floorsRepo.setFloor(tx, priceGroupId, minMarginBasisPoints);
    const after = { ...before, minMarginBasisPoints };
    await writeAudit(tx, actor, {
      entity: 'price_group_floor',
      entityId: priceGroupId,
      action: 'update',
      before,
      after,
    });
    return { data: after };
  });
}

/** The SKUs with a minimum advertised price (MAP), paged. */
export async function listAdvertisedMinimums(db: Db, q: Paging & { q?: string }) {
  return pageAnswer(q, await floorsRepo.advertisedMinimumsPage(db, q));
}

/** Admin sets or removes (null) a SKU's MAP; options priced after this floor at it. Audited. */
export async function setAdvertisedMinimum(db: Db, actor: Actor, productId: number, mapCents: number | null) {
  return db.transaction(async (tx) => {
    if (!(await floorsRepo.productExists(tx, productId))) throw notFound('Product');
    const before = await floorsRepo.setAdvertisedMinimum(tx, productId, mapCents);
    await writeAudit(tx, actor, {
      entity: 'advertised_minimum',
      entityId: productId,
      action: 'update',
      before: { mapCents: before },
      after: { mapCents },
    });
    return { data: { productId, mapCents } };
  });
}

/**
 * Finalized or sent quotes past their validity expire and free the stock they held. Runs before
 * quote reads and on a timer (quotes.routes.ts), so held stock never outlives its quote for long.
 */
export async function expireQuotes(db: Db): Promise<number> {
  const ids = await repo.expiredQuoteIds(db);
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const quote = await repo.lockQuote(tx, id);
      if (!quote || !canExpire(quote.status) || quote.validUntil > new Date()) return;
      await releaseQuoteHolds(tx, id);
      await moveQuote(tx, quote, 'expired', null, 'Validity ended; held stock released');
    });
  }
  return ids.length;
}

export { acceptQuote, declineQuote, emailQuote, quotePdf } from './quotes.acceptance';
export { runGeneration, startGeneration } from './quotes.generation';
export { cancelJob, getJob, streamJob } from './quotes.job-progress';
export {
  finalizeQuote,
  overrideOptionPrice,
  recalculateItemPricing,
  recalculateOption,
  unifiedPricing,
} from './quotes.pricing';
export { type DistributorStockSource, setDistributorStockSource } from './quotes.distributors';
