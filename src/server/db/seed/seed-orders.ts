// Demo orders: the demo buyer's order history and the back-office list are not
// empty on a fresh start. Every order goes through the real cart, checkout and back-office
// services, so stock holds, supplier lines, payments and totals reconcile like any other order;
// only the dates are moved back afterwards, so that history and analytics spread over a week.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Role } from '../../../domain/roles';
import type { Actor } from '../../http/actor';
import { addToCart, cancelOrder, checkout, createOrder } from '../../modules/orders/orders.service';
import type { Db } from '../connection';
import { locations, productPrices, products, users } from '../schema';
import type { SeedContext } from './seed-context';
import { shipOrder } from './seed-logistics';

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

export async function actorFor(db: Db, username: string, locationId: number): Promise<Actor> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  return {
    userId: user.id,
    username: user.username,
    companyId: user.companyId,
    role: user.role as Role,
    locationId: location.id,
    supplierId: location.supplierId,
    installer: location.installer,
    priceGroupId: location.priceGroupId,
    via: 'session',
    sessionIdHash: null,
  };
}

/** The first tires (by id) that both price groups of the demo buyer sell with stock to spare. */
async function demoTires(db: Db, priceGroupId: number) {
  return db
    .select({ id: products.id, makeId: products.makeId, modelId: products.modelId })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(
      and(
        eq(productPrices.priceGroupId, priceGroupId),
        gte(productPrices.available, 20),
        eq(products.active, true),
      ),
    )
    .orderBy(asc(products.id))
    .limit(5);
}

type Tire = Awaited<ReturnType<typeof demoTires>>[number];
const item = (tire: Tire, quantity: number, roadHazard = false) => ({
  orderItemMakeId: tire.makeId,
  orderItemModelId: tire.modelId,
  orderItemProductId: tire.id,
  orderItemQuantity: quantity,
  orderItemRoadHazard: roadHazard,
});

/** Moves an order's dates back by whole days: placed, created and every log entry alike. */
async function backdate(db: Db, orderId: number, days: number) {
  const shift = sql`make_interval(days => ${days})`;
  await db.execute(
    sql`update orders set placed_at = placed_at - ${shift}, created_at = created_at - ${shift}, updated_at = updated_at - ${shift} where id = ${orderId}`,
  );
  await db.execute(sql`update order_status_log set at = at - ${shift} where order_id = ${orderId}`);
  await db.execute(sql`update payments set created_at = created_at - ${shift} where order_id = ${orderId}`);
}

/** Five orders of Demo Fleet Services: shipped, cancelled, paid, on account, and one staff placed unpaid. */
export async function seedOrders(db: Db, { accounts }: SeedContext) {
  const austin = await actorFor(db, 'buyer', accounts.locations.fleetAustin);
  const denver = await actorFor(db, 'buyer', accounts.locations.fleetDenver);
  const admin = await actorFor(db, 'admin', accounts.locations.treadHq);
  const sales = await actorFor(db, 'sales', accounts.locations.treadHq);
  const tires = await demoTires(db, accounts.groups.standard);
  if (tires.length < 5) return;
  const buy = async (
    actor: Actor,
    items: ReturnType<typeof item>[],
    body: Parameters<typeof checkout>[2],
  ) => {
    for (const i of items) await addToCart(db, actor, i);
    return (await checkout(db, actor, body)).orderId;
  };

  const shipped = await buy(austin, [item(tires[0], 4), item(tires[1], 2)], {
    paymentMethod: 'card',
    card,
    poNumber: 'FLEET-1001',
  });
  // Shipped the real way: fulfillments, swiftship labels (their tracking numbers), trackhub scans.
  await shipOrder(db, accounts, shipped, 'in_transit', 'Dallas, TX');
  await backdate(db, shipped, 6);

  const cancelled = await buy(austin, [item(tires[2], 2)], { paymentMethod: 'card', card });
  await cancelOrder(db, admin, cancelled, 'Customer ordered the wrong size');
  await backdate(db, cancelled, 4);

  const paid = await buy(austin, [item(tires[3], 4, true)], {
    paymentMethod: 'card',
    card,
    poNumber: 'FLEET-1017',
  });
  await backdate(db, paid, 2);

  const onAccount = await buy(denver, [item(tires[4], 2)], {
    paymentMethod: 'account',
    poNumber: 'FLEET-1020',
  });
  await backdate(db, onAccount, 1);

  // The newest: placed by sales over the phone, awaiting payment, its lines not yet sent.
  await createOrder(db, sales, {
    companyId: accounts.companies.fleet,
    locationId: accounts.locations.fleetAustin,
    items: [item(tires[1], 2), item(tires[0], 2)],
    poNumber: 'PHONE-7',
  });
}
