// Prices of a quote before it is frozen: re-pricing against the day's cost, price and stock, one
// price across a line's options, overrides by sales; and finalizing, where every price must clear
// its floor (cost plus the group's minimum margin, and the advertised minimum) unless admin or
// finance approves the exception, and the stock of every option is held until the quote expires.
import { bestDiscount } from '../../../domain/discounts';
import { formatCents } from '../../../domain/money';
import { floorBreaches, type QuoteTier } from '../../../domain/quote-options';
import { assertQuoteTransition, isQuoteEditable, type QuoteStatus } from '../../../domain/quote-status';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, forbidden, notFound } from '../../http/errors';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import { writeAudit } from '../audit/audit.service';
import { discountsInForce } from '../discounts/discounts.service';
import { floorsOf } from '../floors/floors.service';
import { quoteShipping, reserveAllocations } from '../orders/orders.service';
import { assertWorker, lockVisibleQuote, logQuote, moveQuote } from './quotes.lifecycle';
import * as candidatesRepo from './quotes.candidates.repository';
import * as holdsRepo from './quotes.holds.repository';
import * as optionsRepo from './quotes.options.repository';
import * as repo from './quotes.repository';
import { quoteDetail } from './quotes.views';

/** The quote of an option or line, locked, while its prices may still change. */
async function editableQuote(tx: Tx, actor: Actor, quoteId: number) {
  const quote = await lockVisibleQuote(tx, actor, quoteId);
  if (!isQuoteEditable(quote.status as QuoteStatus))
    throw conflict(`The prices of a ${quote.status} quote are frozen`, { quoteStatus: quote.status });
  return quote;
}

async function optionAndQuote(tx: Tx, actor: Actor, optionId: number) {
  const option = await optionsRepo.findOption(tx, optionId);
  if (!option) throw notFound('Quote option');
  const quote = await editableQuote(tx, actor, option.quoteId);
  return { option, quote };
}

async function itemAndQuote(tx: Tx, actor: Actor, itemId: number) {
  const item = await repo.findItem(tx, itemId);
  if (!item) throw notFound('Quote item');
  const quote = await editableQuote(tx, actor, item.quoteId);
  const options = (await optionsRepo.optionsOf(tx, quote.id)).filter((o) => o.option.itemId === itemId);
  if (!options.length) throw conflict('This line has no options yet: generate them first');
  return { item, quote, options: options.map((o) => o.option) };
}

/**
 * Today's cost, price group price (less discounts), stock, floor and shipping of options. A price
 * sales set is kept unless `dropSetPrices`; its floor is renewed all the same.
 */
async function reprice(
  tx: Tx,
  quote: repo.QuoteRow,
  options: optionsRepo.QuoteOptionRow[],
  dropSetPrices: boolean,
) {
  const ids = options.map((o) => o.productId);
  const prices = await candidatesRepo.dayPrices(tx, quote.priceGroupId ?? -1, ids);
  const floorOf = await floorsOf(tx, quote.priceGroupId, ids);
  const discounts = await discountsInForce(tx, quote.companyId);
  const shipping = await quoteShipping(tx, options, quote.deliveryZip);
  const skus = await optionsRepo.optionsOf(tx, quote.id);
  for (const [i, o] of options.entries()) {
    const day = prices.get(o.productId);
    if (!day)
      throw conflict(`The ${o.tier} option is no longer sold to this price group; generate the line again`);
    const sku = skus.find((p) => p.option.id === o.id);
    const net =
      day.priceCents -
      bestDiscount(discounts, {
        makeId: sku?.makeId ?? 0,
        modelId: sku?.modelId ?? 0,
        productId: o.productId,
        companyId: quote.companyId,
        unitPriceCents: day.priceCents,
      }).reductionCents;
    const keep = !dropSetPrices && o.priceSource !== 'list';
    const unit = keep ? o.unitPriceCents : net;
    await optionsRepo.updateOption(tx, o.id, {
      costCents: day.costCents,
      listPriceCents: day.priceCents,
      available: day.available,
      floorCents: floorOf(o.productId, day.costCents),
      unitPriceCents: unit,
      priceSource: keep ? o.priceSource : 'list',
      roadHazardUnitCents: roadHazardOffer(unit).unitCents,
      shippingCents: shipping[i].shippingCents,
    });
  }
}

/** Re-prices one option against the day's cost, price and stock (a price sales set stays). */
export async function recalculateOption(db: Db, actor: Actor, optionId: number) {
  assertWorker(actor);
  const quoteId = await db.transaction(async (tx) => {
    const { option, quote } = await optionAndQuote(tx, actor, optionId);
    await reprice(tx, quote, [option], false);
    await logQuote(tx, quote, actor.userId, null, `The ${option.tier} option was re-priced`);
    return quote.id;
  });
  return { data: await quoteDetail(db, actor, quoteId) };
}

/** Re-prices every option of one line at the day's price, dropping prices sales had set. */
export async function recalculateItemPricing(db: Db, actor: Actor, itemId: number) {
  assertWorker(actor);
  const quoteId = await db.transaction(async (tx) => {
    const { item, quote, options } = await itemAndQuote(tx, actor, itemId);
    await reprice(tx, quote, options, true);
    await logQuote(tx, quote, actor.userId, null, `Line ${item.position + 1} re-priced at the day's prices`);
    return quote.id;
  });
  return { data: await quoteDetail(db, actor, quoteId) };
}

async function setPrice(
  tx: Tx,
  option: optionsRepo.QuoteOptionRow,
  cents: number,
  source: 'override' | 'unified',
) {
  await optionsRepo.updateOption(tx, option.id, {
    unitPriceCents: cents,
    priceSource: source,
    roadHazardUnitCents: roadHazardOffer(cents).unitCents,
  });
}

const underFloor = (cents: number, floor: number) =>
  cents < floor ? ` (under its floor ${formatCents(floor)}: needs an approved exception)` : '';

/** One price per tire across the options of a line (a mixed fleet quoted at one price). */
export async function unifiedPricing(db: Db, actor: Actor, itemId: number, cents: number) {
  assertWorker(actor);
  const quoteId = await db.transaction(async (tx) => {
    const { item, quote, options } = await itemAndQuote(tx, actor, itemId);
    for (const o of options) await setPrice(tx, o, cents, 'unified');
    const floor = Math.max(...options.map((o) => o.floorCents));
    await logQuote(
      tx,
      quote,
      actor.userId,
      null,
      `Line ${item.position + 1}: one price ${formatCents(cents)} per tire${underFloor(cents, floor)}`,
    );
    return quote.id;
  });
  return { data: await quoteDetail(db, actor, quoteId) };
}

/** Sales set the price per tire of an option; the floor is enforced at finalize. */
export async function overrideOptionPrice(db: Db, actor: Actor, optionId: number, cents: number) {
  assertWorker(actor);
  const quoteId = await db.transaction(async (tx) => {
    const { option, quote } = await optionAndQuote(tx, actor, optionId);
    await setPrice(tx, option, cents, 'override');
    await logQuote(
      tx,
      quote,
      actor.userId,
      null,
      `The ${option.tier} option priced at ${formatCents(cents)}${underFloor(cents, option.floorCents)}`,
    );
    return quote.id;
  });
  return { data: await quoteDetail(db, actor, quoteId) };
}

export interface FinalizeBody {
  approveBelowFloor: boolean;
  approvalNote: string;
}

const approvers = ['admin', 'finance'];

/**
 * Freezes the quote: floors are renewed from the day's cost, a price under its floor is a 409
 * naming each line and floor unless admin or finance approves it (audited), and every option's
 * units are held (never more than is free) until the quote is valid no more.
 */
export async function finalizeQuote(db: Db, actor: Actor, quoteId: number, body: FinalizeBody) {
  if (!['sales', 'admin', 'finance'].includes(actor.role))
    throw forbidden('Only sales, admin and finance finalize quotes');
  await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, quoteId);
    assertQuoteTransition(quote.status as QuoteStatus, 'finalized');
    const items = await repo.itemsOf(tx, quoteId);
    let views = await optionsRepo.optionsOf(tx, quoteId);
    const bare = items.filter((i) => !views.some((v) => v.option.itemId === i.id));
    if (bare.length)
      throw conflict(`Lines ${bare.map((i) => i.position + 1).join(', ')} have no option`, {
        lines: bare.map((i) => ({ itemId: i.id, position: i.position + 1 })),
      });
    await reprice(
      tx,
      quote,
      views.map((v) => v.option),
      false,
    );
    views = await optionsRepo.optionsOf(tx, quoteId);
    const position = new Map(items.map((i) => [i.id, i.position + 1]));
    const breaches = floorBreaches(
      views.map((v) => ({
        optionId: v.option.id,
        itemId: v.option.itemId,
        line: position.get(v.option.itemId) ?? 0,
        tier: v.option.tier as QuoteTier,
        skuCode: v.skuCode,
        unitPriceCents: v.option.unitPriceCents,
        floorCents: v.option.floorCents,
      })),
    );
    if (breaches.length && !body.approveBelowFloor) {
      const named = breaches.map(
        (b) =>
          `line ${b.line} ${b.tier} (${b.skuCode}) ${formatCents(b.unitPriceCents)} < floor ${formatCents(b.floorCents)}`,
      );
      throw conflict(`Prices below their floor: ${named.join('; ')}`, {
        code: 'below_floor',
        lines: breaches,
      });
    }
    if (breaches.length) {
      if (!approvers.includes(actor.role))
        throw forbidden('Only admin or finance may approve prices below the floor');
      await writeAudit(tx, actor, {
        entity: 'quote',
        entityId: quoteId,
        action: 'approve_below_floor',
        after: { lines: breaches, note: body.approvalNote },
      });
    }
    // A distributor's option holds nothing here: its units come from the distributor's stock.
    const held = await reserveAllocations(
      tx,
      views
        .filter((v) => v.option.distributor === null)
        .map((v) => ({
          orderItemId: v.option.id,
          productId: v.option.productId,
          quantity: v.option.quantity,
          skuCode: v.skuCode,
        })),
      quote.deliveryZip,
    );
    if (held.short)
      throw conflict(
        `Only ${held.short.available} of ${held.short.skuCode} can be held; recalculate or generate that line again`,
        { available: held.short.available, productId: held.short.productId },
      );
    await holdsRepo.insertHolds(
      tx,
      held.allocations.map((a) => ({
        quoteId,
        optionId: a.orderItemId,
        warehouseId: a.warehouseId,
        productId: a.productId,
        quantity: a.quantity,
        expiresAt: quote.validUntil,
      })),
    );
    const approval = breaches.length
      ? `; ${breaches.length} prices below floor approved by ${actor.username}`
      : '';
    await moveQuote(
      tx,
      quote,
      'finalized',
      actor.userId,
      `Prices frozen and stock held until the quote expires${approval}`,
      {
        finalizedAt: new Date(),
        floorApprovedByUserId: breaches.length ? actor.userId : null,
      },
    );
  });
  return { data: await quoteDetail(db, actor, quoteId) };
}
