import type { z } from 'zod';
import type { CreateOrderBody } from '../../../contract/orders-staff-edit';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { orderableProduct } from './orders.cart';
import type { Delivered } from './orders.landed';
import { placeOrder } from './orders.placement';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import { orderDetail } from './orders.views';

type Body = z.output<typeof CreateOrderBody>;

/** The location an order is placed for: it must be an active location of the company. */
async function customerLocation(tx: Tx, companyId: number, locationId: number) {
  const row = await repo.findCompanyLocation(tx, companyId, locationId);
  if (!row) throw notFound('Location of this company');
  if (!row.company.active || !row.location.active)
    throw conflict(`${row.company.active ? 'This location' : 'This company'} is inactive`);
  return row.location;
}

/** The customer's user the order is for: the one sales named, else the company's first active admin. */
async function buyerOf(tx: Tx, companyId: number, userId?: number) {
  const row = await repo.findBuyer(tx, companyId, userId);
  if (row) return row.id;
  if (userId)
    throw badRequest('The buyer must be an active user of the company', [
      { pointer: '/body/userId', detail: 'is not an active user of this company' },
    ]);
  throw conflict('This company has no active user to place the order for');
}

/**
 * Staff place an order for a company location, as its buyers would at checkout: prices from the
 * location's price group (never from the client), stock reserved across warehouses and split
 * into supplier sub-orders. Nobody has paid yet: the order is placed and unpaid, its units held
 * until the buyer or finance pays, finance settles it on account, or it is cancelled or deleted.
 */
export async function createOrder(db: Db, actor: Actor, body: Body) {
  if (body.orderDeliveryZip && !lookupZip(body.orderDeliveryZip))
    throw badRequest('Unknown ZIP code', [
      { pointer: '/body/orderDeliveryZip', detail: 'is not a US ZIP code' },
    ]);
  const orderId = await db.transaction(async (tx) => {
    const location = await customerLocation(tx, body.companyId, body.locationId);
    const buyerUserId = await buyerOf(tx, body.companyId, body.userId);
    const pricing = { companyId: body.companyId, priceGroupId: location.priceGroupId };
    const products: Awaited<ReturnType<typeof orderableProduct>>[] = [];
    for (const [i, item] of body.items.entries())
      products.push(await orderableProduct(tx, item, pricing.priceGroupId, `/body/items/${i}`));
    // The row is the staff member's cart until placed, so it never meets the buyer's own cart.
    const order = await repo.insertOrder(tx, {
      companyId: body.companyId,
      locationId: null,
      userId: actor.userId,
      priceGroupId: pricing.priceGroupId,
      deliveryKind: 'location',
      deliveryZip: body.orderDeliveryZip ?? location.zip,
    });
    await itemsRepo.insertItems(
      tx,
      body.items.map((item, i) => ({
        orderId: order.id,
        productId: products[i].product.id,
        makeId: products[i].product.makeId,
        modelId: products[i].product.modelId,
        quantity: item.orderItemQuantity,
        unitPriceCents: products[i].priceCents,
        roadHazard: item.orderItemRoadHazard,
      })),
    );
    return placeOrder(tx, {
      order,
      pricing,
      placedBy: { userId: actor.userId, staff: true },
      buyerUserId,
      forLocationId: location.id,
      poNumber: body.poNumber,
      note: `Placed by ${actor.username} for the customer; awaiting payment`,
    });
  });
  return orderDetail(db, orderId, true);
}

export interface QuotedOrder {
  companyId: number;
  locationId: number;
  buyerUserId: number;
  /** The quote's delivery: its location at its ZIP, or an installer's bay. */
  delivery: Pick<Delivered, 'deliveryKind' | 'deliveryZip' | 'installerLocationId'>;
  note: string;
  items: {
    productId: number;
    quantity: number;
    roadHazard: boolean;
    quoteOptionId: number;
    /** Net price per tire quoted, and the quoted shipping of the item. */
    unitPriceCents: number;
    shippingCents: number;
  }[];
}

/**
 * The buyer accepted a quote: an order placed for the buyer, unpaid, at exactly the quoted
 * prices and shipping (quoted_order_items; see quotedPrice in orders.pricing.ts), its units held
 * as for any order placed by staff until it is paid. Runs in the caller's transaction.
 */
export async function placeQuotedOrder(tx: Tx, q: QuotedOrder): Promise<number> {
  const location = await customerLocation(tx, q.companyId, q.locationId);
  const pricing = { companyId: q.companyId, priceGroupId: location.priceGroupId };
  const order = await repo.insertOrder(tx, {
    companyId: q.companyId,
    locationId: null,
    userId: q.buyerUserId,
    priceGroupId: pricing.priceGroupId,
    deliveryKind: q.delivery.deliveryKind,
    deliveryZip: q.delivery.deliveryZip ?? location.zip,
    installerLocationId: q.delivery.installerLocationId,
  });
  for (const item of q.items) {
    const found = await itemsRepo.findPricedProduct(tx, item.productId, pricing.priceGroupId ?? -1);
    if (!found?.product.active) throw conflict('A quoted tire is no longer sold');
    const row = await itemsRepo.insertItem(tx, {
      orderId: order.id,
      productId: item.productId,
      makeId: found.product.makeId,
      modelId: found.product.modelId,
      quantity: item.quantity,
      unitPriceCents: Math.max(found.priceCents ?? item.unitPriceCents, item.unitPriceCents),
      roadHazard: item.roadHazard,
    });
    await repo.insertQuotedPrice(tx, {
      orderItemId: row.id,
      quoteOptionId: item.quoteOptionId,
      unitPriceCents: item.unitPriceCents,
      shippingCents: item.shippingCents,
    });
  }
  // Taxed for the quote's location (its state, a certificate of that location), as the quote was.
  return placeOrder(tx, {
    order,
    pricing,
    placedBy: { userId: q.buyerUserId, staff: false },
    buyerUserId: q.buyerUserId,
    forLocationId: location.id,
    note: q.note,
  });
}
