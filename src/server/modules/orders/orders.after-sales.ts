// What after-sales (returns, claims, refunds, bills) may know and do of an order: its facts as
// sold, money given back through its payments, returned units back on a shelf or scrapped, and a
// replacement order placed for a road-hazard claim. See docs/aftersales.md.
import { isRefundableOrderPayment } from '../../../domain/payment-status';
import { netUnitCents } from '../../../domain/money';
import { isDeliveryStep, isPlacedOrder } from '../../../domain/order-status';
import type { Tx, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { refreshProductPrices } from '../catalog/catalog.service';
import * as payments from '../payments/payments.service';
import * as factsRepo from './orders.after-sales.repository';
import * as logRepo from './orders.log.repository';
import { logOrderChange } from './orders.log';
import { changePaymentStatus } from './orders.payment-status';
import { placeOrder } from './orders.placement';
import { storeTotals } from './orders.pricing';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import * as routingRepo from './orders.routing.repository';
import { commitStock } from './orders.stock';
import { orderDetail } from './orders.views';

export interface SoldItem {
  orderItemId: number;
  productId: number;
  makeId: number;
  modelId: number;
  skuCode: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  roadHazard: boolean;
  roadHazardUnitCents: number;
  /** What the line was taxed at (landed cost): refunds give back these units' part of each. */
  fetUnitCents: number;
  tireFeeUnitCents: number;
  servicesUnitCents: number;
  /** The line's share of the order's shipping, and its sales tax. */
  shippingCents: number;
  taxCents: number;
}

export interface FiledLine {
  supplierLineId: number;
  orderItemId: number;
  supplierCompanyId: number;
  supplierName: string;
  warehouseId: number;
  warehouseName: string;
  quantity: number;
  status: string;
  /** The warehouse's cost of one unit (what the supplier bills us). */
  unitCostCents: number;
}

export interface OrderFacts {
  id: number;
  number: string;
  companyId: number;
  locationId: number | null;
  userId: number;
  status: string;
  paymentStatus: string;
  placedAt: Date | null;
  /** When the order was last marked delivered (from its log). */
  deliveredAt: Date | null;
  shippingCents: number;
  totalCents: number;
  items: SoldItem[];
  lines: FiledLine[];
}

/** A placed order as it was sold; `lock` takes its row for the caller's transaction. Null when unknown. */
export async function orderFacts(db: DbOrTx, orderId: number, lock = false): Promise<OrderFacts | null> {
  const order = await repo.findOrder(db, orderId, lock);
  if (!order || !isPlacedOrder(order.status)) return null;
  const lines = await itemsRepo.listLines(db, orderId, order.priceGroupId);
  const filed = await routingRepo.listSubOrderLines(db, orderId);
  const costs = await factsRepo.costsAt(
    db,
    filed.map((f) => ({ warehouseId: f.sub.warehouseId, productId: f.productId })),
  );
  const log = await logRepo.listLog(db, orderId);
  const delivered = log.filter((l) => l.log.supplierLineId === null && isDeliveryStep(l.log.toStatus)).at(-1);
  return {
    id: order.id,
    number: order.number ?? '',
    companyId: order.companyId,
    locationId: order.locationId,
    userId: order.userId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    placedAt: order.placedAt,
    deliveredAt: delivered ? delivered.log.at : null,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    items: lines.map((l) => ({
      orderItemId: l.item.id,
      productId: l.item.productId,
      makeId: l.item.makeId,
      modelId: l.item.modelId,
      skuCode: l.skuCode,
      description: `${l.makeName} ${l.modelName} ${l.size}`,
      quantity: l.item.quantity,
      unitPriceCents: l.item.unitPriceCents,
      unitDiscountCents: l.item.unitDiscountCents,
      roadHazard: l.item.roadHazard,
      roadHazardUnitCents: l.item.roadHazardUnitCents,
      fetUnitCents: l.item.fetUnitCents,
      tireFeeUnitCents: l.item.tireFeeUnitCents,
      servicesUnitCents: l.item.servicesUnitCents,
      shippingCents: l.item.shippingCents,
      taxCents: l.item.taxCents,
    })),
    lines: filed.map((f) => ({
      supplierLineId: f.line.id,
      orderItemId: f.line.orderItemId,
      supplierCompanyId: f.sub.supplierCompanyId,
      supplierName: f.supplierName,
      warehouseId: f.sub.warehouseId,
      warehouseName: f.warehouseName,
      quantity: f.line.quantity,
      status: f.line.status,
      unitCostCents: costs.get(`${f.sub.warehouseId}:${f.productId}`) ?? 0,
    })),
  };
}

/** What may still be given back of the order's money. */
export const refundableOfOrder = payments.refundableCents;

/**
 * Gives money back through the order's payments (a provider refund, or a credit memo on account)
 * and moves the order's payment status to partially refunded or refunded; answers both parts.
 */
export async function refundOrderMoney(
  tx: Tx,
  order: { id: number; status: string; paymentStatus: string },
  amountCents: number,
  note: string,
  userId: number,
) {
  const parts = await payments.refundToOriginal(tx, order.id, amountCents, note);
  if (parts.refundedCents > 0 && isRefundableOrderPayment(order.paymentStatus)) {
    const left = await payments.refundableCents(tx, order.id);
    await changePaymentStatus(tx, order, left === 0 ? 'refunded' : 'partially_refunded', undefined, userId);
  } else await logOrderChange(tx, order, userId, note);
  return parts;
}

/** Returned units go on the shelf of the warehouse that received them; prices and availability follow. */
export async function shelveReturnedUnits(
  tx: DbOrTx,
  at: { warehouseId: number; productId: number },
  quantity: number,
) {
  const cost = (await factsRepo.costsAt(tx, [at])).get(`${at.warehouseId}:${at.productId}`);
  await factsRepo.shelveUnits(tx, at, quantity, cost ?? (await factsRepo.lowestCost(tx, at.productId)));
  await refreshProductPrices(tx, [at.productId]);
}

/** Units found unsellable at inspection leave the shelf they were put on. */
export async function scrapReturnedUnits(
  tx: DbOrTx,
  at: { warehouseId: number; productId: number },
  quantity: number,
) {
  if (!(await factsRepo.scrapUnits(tx, at, quantity)))
    throw conflict('Those units are no longer free on the shelf they were returned to');
  await refreshProductPrices(tx, [at.productId]);
}

export const stockOf = factsRepo.stockAt;

export const orderIdOfItem = factsRepo.orderIdOfItem;

/** Supplier lines of one supplier for a bill run (their cost at the warehouse). */
export const supplierLinesForBill = factsRepo.supplierLinesOf;

/**
 * A replacement for a tire a claim covers: an order placed for the customer like one staff make,
 * the covered amount taken off the tire's price (the buyer pays the rest and the shipping).
 */
export async function placeReplacementOrder(
  tx: Tx,
  actor: Actor,
  r: { original: OrderFacts; item: SoldItem; creditCents: number; note: string },
) {
  const locationId = r.original.locationId;
  const place = locationId ? await repo.findCompanyLocation(tx, r.original.companyId, locationId) : null;
  if (!place) throw notFound('Location of the original order');
  const priceGroupId = place.location.priceGroupId;
  const order = await repo.insertOrder(tx, {
    companyId: r.original.companyId,
    locationId: null,
    userId: actor.userId,
    priceGroupId,
    deliveryKind: 'location',
    deliveryZip: place.location.zip,
  });
  await itemsRepo.insertItems(tx, [
    {
      orderId: order.id,
      productId: r.item.productId,
      makeId: r.item.makeId,
      modelId: r.item.modelId,
      quantity: 1,
      unitPriceCents: r.item.unitPriceCents,
    },
  ]);
  const orderId = await placeOrder(tx, {
    order,
    pricing: { companyId: r.original.companyId, priceGroupId },
    placedBy: { userId: actor.userId, staff: true },
    buyerUserId: r.original.userId,
    forLocationId: place.location.id,
    poNumber: `Claim on ${r.original.number}`,
    note: r.note,
  });
  const placed = (await repo.findOrder(tx, orderId, true))!;
  const lines = await itemsRepo.listLines(tx, orderId, priceGroupId);
  const line = lines[0];
  const credit = Math.min(r.creditCents, netUnitCents(line.item));
  await itemsRepo.updateItemPrices(tx, [
    {
      id: line.item.id,
      unitPriceCents: line.item.unitPriceCents,
      unitDiscountCents: line.item.unitDiscountCents + credit,
      roadHazardUnitCents: line.item.roadHazardUnitCents,
    },
  ]);
  line.item.unitDiscountCents += credit;
  const totals = await storeTotals(tx, placed, lines);
  await logOrderChange(
    tx,
    placed,
    actor.userId,
    `${credit} cents of the tire covered by the road hazard claim`,
  );
  if (totals.totalCents === 0) {
    await payments.recordReceived(
      tx,
      { companyId: placed.companyId, orderId, amountCents: 0 },
      'covered by claim',
    );
    await commitStock(tx, orderId);
    await changePaymentStatus(tx, placed, 'paid', 'manual', actor.userId);
  }
  return { orderId, totalCents: totals.totalCents, creditCents: credit };
}

/** The order as staff see it (for the replacement's answer). */
export const staffOrderDetail = (db: DbOrTx, orderId: number) => orderDetail(db, orderId, true);
