// Distributors (docs/logistics.md, "Distributors"): staff send an order's unrouted units (no
// warehouse could fill them) to a distributor sandbox; its ship confirmation starts a shipment in
// the same shipments table and timeline as a label, so the order follows its units as usual.
// The distributors' free stock is also what quotes see (registered in logistics.routes.ts).
import type { DistributorAutoSend } from '../../../domain/distributor-auto-send';
import {
  assertDistributorOrderTransition,
  type DistributorOrderStatus,
  distributorOrderStatuses,
  distributorOrderTransitions,
} from '../../../domain/distributor-status';
import { isPlacedOrder, isRoutableOrder, type OrderStatus } from '../../../domain/order-status';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  catalogueOf,
  type Distributor,
  distributorProfiles,
  distributors,
  referenceOf,
  shipTimetable,
  trackingNumberOf,
} from '../../integrations/distributors/distributor-sandbox';
import { milesBetween } from '../../integrations/geo/zip-geo';
import type { DistributorStockSource } from '../quotes/quotes.service';
import * as repo from './logistics.distributors.repository';
import { startShipment } from './logistics.shipments';

/** Units each distributor has already promised (open or shipped orders) per product. */
async function promised(db: DbOrTx, productIds: number[]) {
  const out = new Map<string, number>();
  if (!productIds.length) return out;
  for (const r of await repo.promisedUnits(db, productIds))
    out.set(`${r.distributor}:${r.productId}`, r.units);
  return out;
}

const STOCK_LOCK = 7_301; // pg advisory lock space (two-int keys): one send per product at a time

/**
 * Sends of the same products wait for each other until commit: free stock is read and then taken
 * in one transaction, and two at once (staff and a company's rule) would both see the same units.
 */
export async function lockDistributorStock(tx: DbOrTx, productIds: number[]) {
  for (const id of [...new Set(productIds)].sort((a, b) => a - b))
    await repo.advisoryLock(tx, STOCK_LOCK, id % 2_147_483_647);
}

/** Every distributor's free units and cost of these products (those it carries). */
export async function distributorOffers(db: DbOrTx, productIds: number[]) {
  const taken = await promised(db, productIds);
  return productIds.flatMap((productId) =>
    distributors.flatMap((d) => {
      const c = catalogueOf(d, productId);
      if (!c) return [];
      const available = Math.max(0, c.onHand - (taken.get(`${d}:${productId}`) ?? 0));
      return available > 0
        ? [
            {
              productId,
              distributor: d,
              distributorName: distributorProfiles[d].name,
              available,
              unitCostCents: c.unitCostCents,
              leadDays: distributorProfiles[d].leadDays,
            },
          ]
        : [];
    }),
  );
}

/** The quotes module's view of the same stock (its interface: src/server/modules/quotes/quotes.distributors.ts). */
export const distributorStock: DistributorStockSource = {
  offers: async (db, productIds) =>
    (await distributorOffers(db, productIds)).map(({ unitCostCents: _c, ...o }) => o),
};

async function view(db: DbOrTx, rows: repo.DistributorOrderRow[]) {
  if (!rows.length) return [];
  const lines = await repo.linesOfDistributorOrders(
    db,
    rows.map((r) => r.id),
  );
  const numbers = await repo.orderNumbers(db, [...new Set(rows.map((r) => r.orderId))]);
  const numberOf = new Map(numbers.map((n) => [n.id, n.number ?? '']));
  return rows.map((r) => ({
    distributorOrderId: r.id,
    distributor: r.distributor as Distributor,
    distributorName: distributorProfiles[r.distributor as Distributor].name,
    autoRule: r.autoRule as Exclude<DistributorAutoSend, 'off'> | null,
    reference: r.reference,
    orderId: r.orderId,
    orderNumber: numberOf.get(r.orderId) ?? '',
    status: r.status as DistributorOrderStatus,
    next: [...distributorOrderTransitions[r.status as DistributorOrderStatus]],
    shipFromCode: r.shipFromCode,
    shipFromZip: r.shipFromZip,
    shipToZip: r.shipToZip,
    costCents: r.costCents,
    trackingNumber: r.trackingNumber,
    shipmentId: r.shipmentId,
    lines: lines
      .filter((l) => l.distributorOrderId === r.id)
      .map((l) => ({
        orderItemId: l.orderItemId,
        productId: l.productId,
        quantity: l.quantity,
        unitCostCents: l.unitCostCents,
      })),
    createdAt: r.createdAt.toISOString(),
    shippedAt: r.shippedAt?.toISOString() ?? null,
  }));
}

/** The view of one distributor order; a missing one is a 404. */
async function viewOf(db: DbOrTx, row: repo.DistributorOrderRow | undefined) {
  if (!row) throw notFound('Distributor order');
  return (await view(db, [row]))[0];
}

const one = async (db: DbOrTx, id: number) => viewOf(db, await repo.findDistributorOrder(db, id));

export async function listDistributorOrders(db: Db, distributor: Distributor, orderId?: number) {
  return { list: await view(db, await repo.distributorOrdersOf(db, distributor, orderId)) };
}

export async function distributorOrderByReference(db: Db, distributor: Distributor, reference: string) {
  return viewOf(db, await repo.findByReference(db, distributor, reference));
}

export const distributorLocations = (d: Distributor) => ({ list: distributorProfiles[d].locations });

export const distributorStatusList = () => ({
  list: distributorOrderStatuses.map((status) => ({
    status,
    next: [...distributorOrderTransitions[status]],
  })),
});

/** The placed order a send is for; a cart or an unknown order is a 404. */
async function orderForRouting(db: DbOrTx, orderId: number, lock: boolean) {
  const o = await repo.orderForRouting(db, orderId, lock);
  if (!o || !isPlacedOrder(o.status)) throw notFound('Order');
  return o;
}

/** What each distributor can send of the order's unrouted units. */
export async function offersForOrder(db: Db, orderId: number) {
  await orderForRouting(db, orderId, false);
  const items = await repo.unroutedItems(db, orderId);
  const offers = await distributorOffers(
    db,
    items.map((i) => i.productId),
  );
  return {
    list: items.map((i) => ({
      ...i,
      offers: offers.filter((o) => o.productId === i.productId).map(({ productId: _p, ...o }) => o),
    })),
  };
}

/**
 * Sends unrouted units to a distributor: more than are unrouted, or than it has free, is a 409,
 * an item of another order a 400. Ships from its warehouse nearest the delivery ZIP.
 */
export async function sendToDistributor(
  db: Db,
  actor: Actor,
  orderId: number,
  b: { distributor: Distributor; items: { orderItemId: number; quantity: number }[] },
) {
  const id = await db.transaction(async (tx) => {
    const o = await orderForRouting(tx, orderId, true);
    if (!isRoutableOrder(o.status as OrderStatus))
      throw conflict(`An order that is ${o.status} sends nothing to a distributor`);
    const items = await repo.unroutedItems(tx, orderId);
    const wanted = new Map<number, number>();
    for (const [i, it] of b.items.entries()) {
      if (!items.some((x) => x.orderItemId === it.orderItemId))
        throw badRequest('Not an item of this order', [
          { pointer: `/body/items/${i}/orderItemId`, detail: 'is not an item of the order' },
        ]);
      wanted.set(it.orderItemId, (wanted.get(it.orderItemId) ?? 0) + it.quantity);
    }
    await lockDistributorStock(
      tx,
      items.filter((i) => wanted.has(i.orderItemId)).map((i) => i.productId),
    );
    const offers = await distributorOffers(
      tx,
      items.map((i) => i.productId),
    );
    const lines = [...wanted].map(([orderItemId, quantity]) => {
      const item = items.find((x) => x.orderItemId === orderItemId) as (typeof items)[number];
      if (quantity > item.unrouted)
        throw conflict(
          `Only ${item.unrouted} units of item ${orderItemId} wait for a warehouse or distributor`,
        );
      const offer = offers.find((x) => x.productId === item.productId && x.distributor === b.distributor);
      if (!offer || offer.available < quantity)
        throw conflict(
          `${distributorProfiles[b.distributor].name} has ${offer?.available ?? 0} units of item ${orderItemId}`,
        );
      return { orderItemId, productId: item.productId, quantity, unitCostCents: offer.unitCostCents };
    });
    const placed = await placeDistributorOrder(tx, { id: orderId, zip: o.zip }, b.distributor, lines, {
      userId: actor.userId,
      autoRule: null,
    });
    return placed.id;
  });
  return one(db, id);
}

/**
 * One distributor order of these lines at the distributor's cost, shipping from its warehouse
 * nearest the delivery ZIP; `autoRule` names the company's rule when no staff member sent it.
 */
export async function placeDistributorOrder(
  tx: DbOrTx,
  o: { id: number; zip: string | null },
  distributor: Distributor,
  lines: { orderItemId: number; productId: number; quantity: number; unitCostCents: number }[],
  by: { userId: number | null; autoRule: string | null },
) {
  const from = nearest(distributor, o.zip);
  const n = await repo.countDistributorOrders(tx, o.id, distributor);
  const row = await repo.insertDistributorOrder(tx, {
    orderId: o.id,
    distributor,
    reference: referenceOf(distributor, o.id, n + 1),
    status: 'submitted',
    shipFromCode: from.code,
    shipFromZip: from.zip,
    shipToZip: o.zip ?? '',
    costCents: lines.reduce((s, l) => s + l.quantity * l.unitCostCents, 0),
    createdByUserId: by.userId,
    autoRule: by.autoRule,
  });
  await repo.insertDistributorOrderLines(
    tx,
    lines.map((l) => ({ distributorOrderId: row.id, ...l })),
  );
  return row;
}

function nearest(d: Distributor, zip: string | null) {
  const locs = distributorProfiles[d].locations;
  return [...locs].sort(
    (a, b) =>
      (milesBetween(a.zip, zip) ?? 99999) - (milesBetween(b.zip, zip) ?? 99999) ||
      a.code.localeCompare(b.code),
  )[0];
}

async function lockedRow(tx: DbOrTx, by: { id: number } | { reference: string }) {
  const row = await repo.lockDistributorOrder(tx, by);
  if (!row) throw notFound('Distributor order');
  return row;
}

export async function cancelDistributorOrder(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, { id });
    await repo.setDistributorOrderStatus(tx, row, 'cancelled', new Date());
  });
  return one(db, id);
}

/**
 * The sandbox distributor moves its order to `status`, or as far as its timetable has reached by
 * `at`. Shipping is its ship confirmation: a tracking number, and a shipment of the order's units
 * starting at label_created (tracked from there like any label's).
 */
export async function advanceDistributorOrder(
  db: Db,
  actor: Actor,
  reference: string,
  status?: 'accepted' | 'shipped',
  at?: string,
) {
  const id = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, { reference });
    const d = row.distributor as Distributor;
    const now = at ? new Date(at) : new Date();
    const due =
      status ??
      shipTimetable(d)
        .filter((s) => row.createdAt.getTime() + s.afterHours * 3600_000 <= now.getTime())
        .map((s) => s.status)
        .at(-1);
    const current = row.status as DistributorOrderStatus;
    if (!due || due === current) return row.id;
    if (current === 'shipped' && due === 'accepted') return row.id;
    assertDistributorOrderTransition(current, due);
    if (due === 'accepted') {
      await repo.setDistributorOrderStatus(tx, row, 'accepted', now);
      return row.id;
    }
    const lines = await repo.shippedUnits(tx, row.id);
    const profile = distributorProfiles[d];
    const trackingNumber = trackingNumberOf(d, row.id);
    const shipment = await startShipment(
      tx,
      {
        orderId: row.orderId,
        fulfillmentId: null,
        labelId: null,
        courier: profile.courier,
        service: 'ground',
        trackingNumber,
        shipFromZip: row.shipFromZip,
        shipToZip: row.shipToZip,
        items: lines,
      },
      { source: 'system', userId: actor.userId, note: `shipped by ${profile.name} (${row.reference})` },
    );
    await repo.setDistributorOrderStatus(tx, row, 'shipped', now, {
      trackingNumber,
      shipmentId: shipment.id,
      shippedAt: now,
    });
    return row.id;
  });
  return one(db, id);
}
