// Demo logistics (docs/logistics.md): three card orders of the demo buyer go the whole road
// through the real services: one waits as a fulfillment, one is in transit, one was delivered;
// a fourth, whose only warehouse could not fill it, went to a distributor, which accepted it.
// Demo Resale Tires has the automatic distributor rule on (cheapest).
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Role } from '../../../domain/roles';
import type { Actor } from '../../http/actor';
import { catalogueOf, distributors } from '../../integrations/distributors/distributor-sandbox';
import {
  advanceDistributorOrder,
  applyTrackingScan,
  convertOrder,
  generateLabel,
  offersForOrder,
  sendToDistributor,
} from '../../modules/logistics/logistics.service';
import { updateCompanyRow } from '../../modules/companies/companies.service';
import { addToCart, answerSupplierLines, checkout, submitOrder } from '../../modules/orders/orders.service';
import type { Db } from '../connection';
import { locations, productPrices, products, users } from '../schema';
import type { SeedContext } from './seed-context';

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

async function actorAt(db: Db, username: string, locationId: number, supplierId?: number): Promise<Actor> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  return {
    userId: user.id,
    username: user.username,
    companyId: user.companyId,
    role: user.role as Role,
    locationId: location.id,
    supplierId: supplierId ?? location.supplierId,
    installer: location.installer,
    priceGroupId: location.priceGroupId,
    via: 'session',
    sessionIdHash: null,
  };
}

export async function seedLogistics(db: Db, { accounts }: SeedContext) {
  const buyer = await actorAt(db, 'buyer', accounts.locations.fleetAustin);
  const admin = await actorAt(db, 'admin', accounts.locations.treadHq);
  const tires = await db
    .select({ id: products.id, makeId: products.makeId, modelId: products.modelId })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(
      and(
        eq(productPrices.priceGroupId, accounts.groups.standard),
        gte(productPrices.available, 20),
        eq(products.active, true),
      ),
    )
    .orderBy(asc(products.id))
    .offset(5)
    .limit(3);
  const reach = ['waiting', 'in_transit', 'delivered'] as const;
  for (const [i, tire] of tires.entries()) {
    await addToCart(db, buyer, {
      orderItemMakeId: tire.makeId,
      orderItemModelId: tire.modelId,
      orderItemProductId: tire.id,
      orderItemQuantity: 4,
      orderItemRoadHazard: false,
    });
    const { orderId } = await checkout(db, buyer, { paymentMethod: 'card', card, poNumber: `FLEET-20${i}5` });
    await shipOrder(db, accounts, orderId, reach[i]);
  }
  await seedDistributorOrder(db, accounts, buyer, admin);
  // The reseller's company has the automatic distributor rule on: tires of its orders that no
  // warehouse can fill after a cancelled line go to the cheapest distributor by themselves.
  await updateCompanyRow(db, accounts.companies.resale, { distributorAutoSend: 'cheapest' });
}

/**
 * An order's road through the real services: staff send it, each supplier confirms its lines,
 * support makes the fulfillments and, unless it is to wait, buys each a swiftship label (the
 * tracking number comes from the label) and trackhub scans it up to `reach`.
 */
export async function shipOrder(
  db: Db,
  accounts: SeedContext['accounts'],
  orderId: number,
  reach: 'waiting' | 'in_transit' | 'delivered',
  location = 'Demo hub',
) {
  const admin = await actorAt(db, 'admin', accounts.locations.treadHq);
  await submitOrder(db, admin, orderId);
  // Each supplier confirms its lines, as on its Order lines tab.
  const { rows } = await db.execute<{ id: number; supplier: number }>(
    sql`select sl.id, so.supplier_company_id as supplier from supplier_lines sl
        join sub_orders so on so.id = sl.sub_order_id where so.order_id = ${orderId}`,
  );
  for (const supplier of new Set(rows.map((r) => Number(r.supplier)))) {
    const as = await actorAt(db, 'supplier', accounts.locations.treadHq, supplier);
    await answerSupplierLines(
      db,
      { ...as, role: 'supplier' },
      rows
        .filter((r) => Number(r.supplier) === supplier)
        .map((r) => ({ supplierLineId: Number(r.id), status: 'confirmed' as const })),
    );
  }
  const { list } = await convertOrder(db, admin, orderId);
  if (reach === 'waiting') return;
  for (const f of list) {
    const { label } = await generateLabel(db, admin, {
      fulfillmentId: f.fulfillmentId,
      courier: 'swiftship',
      service: 'ground',
    });
    await applyTrackingScan(db, {
      id: `seed_${label.trackingNumber}_${reach}`,
      data: { trackingNumber: label.trackingNumber, status: reach, location, at: new Date().toISOString() },
    });
  }
}

/** Four tires stocked at one warehouse only, which cancels its line: a distributor takes them. */
async function seedDistributorOrder(db: Db, accounts: SeedContext['accounts'], buyer: Actor, admin: Actor) {
  const { rows } = await db.execute<{ id: number; make_id: number; model_id: number }>(sql`
    select p.id, p.make_id, p.model_id from products p
    join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${accounts.groups.standard}
    join inventory i on i.product_id = p.id
    where p.active
    group by p.id, p.make_id, p.model_id
    having count(*) filter (where i.quantity - i.reserved > 0) = 1 and sum(i.quantity - i.reserved) >= 8
    order by p.id limit 200`);
  const tire = rows.find((r) => distributors.some((d) => catalogueOf(d, Number(r.id))));
  if (!tire) throw new Error('seed: no one-warehouse tire a distributor carries');
  const distributor = distributors.find((d) => catalogueOf(d, Number(tire.id)));
  await addToCart(db, buyer, {
    orderItemMakeId: Number(tire.make_id),
    orderItemModelId: Number(tire.model_id),
    orderItemProductId: Number(tire.id),
    orderItemQuantity: 4,
    orderItemRoadHazard: false,
  });
  const { orderId } = await checkout(db, buyer, { paymentMethod: 'card', card, poNumber: 'FLEET-2035' });
  await submitOrder(db, admin, orderId);
  const { rows: lines } = await db.execute<{ id: number; supplier: number }>(
    sql`select sl.id, so.supplier_company_id as supplier from supplier_lines sl
        join sub_orders so on so.id = sl.sub_order_id where so.order_id = ${orderId}`,
  );
  for (const l of lines) {
    const as = await actorAt(db, 'supplier', accounts.locations.treadHq, Number(l.supplier));
    await answerSupplierLines(db, { ...as, role: 'supplier' }, [
      { supplierLineId: Number(l.id), status: 'cancelled', note: 'Out of stock at the warehouse' },
    ]);
  }
  const items = (await offersForOrder(db, orderId)).list.filter((i) => i.unrouted > 0);
  if (!distributor || !items.length) throw new Error('seed: the distributor order has no unrouted units');
  const sent = await sendToDistributor(db, admin, orderId, {
    distributor,
    items: items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.unrouted })),
  });
  await advanceDistributorOrder(db, admin, sent.reference, 'accepted');
}
