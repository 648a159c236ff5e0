import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateOrderBody } from '../../../contract/orders';
import type { Db, Tx } from '../../db/connection';
import { companies, locations, orderItems, orders } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { refreshProductPrices } from '../catalog/catalog.prices';
import { orderableProduct } from './orders.cart';
import { repriceOrder } from './orders.pricing';
import { markPlaced } from './orders.placement';
import { routeUnits } from './orders.routing';
import { orderDetail } from './orders.views';

type Body = z.output<typeof CreateOrderBody>;

/** The location an order is placed for: it must be an active location of the company. */
async function customerLocation(tx: Tx, companyId: number, locationId: number) {
  const [row] = await tx
    .select({ location: locations, company: companies })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  if (!row) throw notFound('Location of this company');
  if (!row.company.active || !row.location.active)
    throw conflict(`${row.company.active ? 'This location' : 'This company'} is inactive`);
  return row.location;
}

/**
 * Staff place an order for a company location, as its buyers would at checkout: prices from
 * the location's price group (never from the client), stock reserved across warehouses and split
 * into supplier sub-orders. Nobody has paid yet: the order is placed and unpaid, its units held
 * until the buyer pays, staff settle it on account (PUT …/checkout) or it is cancelled or deleted.
 */
export async function createOrder(db: Db, actor: Actor, body: Body) {
  if (body.orderDeliveryZip && !lookupZip(body.orderDeliveryZip))
    throw badRequest('Unknown ZIP code', [
      { pointer: '/body/orderDeliveryZip', detail: 'is not a US ZIP code' },
    ]);
  const orderId = await db.transaction(async (tx) => {
    const location = await customerLocation(tx, body.companyId, body.locationId);
    const pricing = { companyId: body.companyId, priceGroupId: location.priceGroupId };
    const products: Awaited<ReturnType<typeof orderableProduct>>[] = [];
    for (const [i, item] of body.items.entries())
      products.push(await orderableProduct(tx, item, pricing.priceGroupId, `/body/items/${i}`));
    const [order] = await tx
      .insert(orders)
      .values({
        companyId: body.companyId,
        locationId: location.id,
        userId: actor.userId,
        priceGroupId: pricing.priceGroupId,
        deliveryKind: 'location',
        deliveryZip: body.orderDeliveryZip ?? location.zip,
        poNumber: body.poNumber ?? null,
      })
      .returning();
    await tx.insert(orderItems).values(
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
    const { lines } = await repriceOrder(tx, order, pricing);
    await routeUnits(
      tx,
      order,
      lines.map((l) => ({
        orderItemId: l.item.id,
        productId: l.item.productId,
        quantity: l.item.quantity,
        skuCode: l.skuCode,
      })),
      { refresh: false },
    );
    await refreshProductPrices(
      tx,
      lines.map((l) => l.item.productId),
    );
    await tx
      .update(orders)
      .set({ placedAt: new Date(), paymentStatus: 'unpaid' })
      .where(eq(orders.id, order.id));
    await markPlaced(
      tx,
      order,
      lines.map((l) => l.item),
      actor.userId,
      `Placed by ${actor.username} for the customer; awaiting payment`,
    );
    return order.id;
  });
  return orderDetail(db, orderId, true);
}
