// Installer demo data: the demo installer (Install Bay Phoenix) publishes its service price list
// and has two orders of Demo Fleet Services delivered to its bay, one incoming and one with an
// appointment. They go through the real cart, checkout and installer services like any other
// order; the price list comes first so that those orders are priced with its services.
import { and, asc, eq, gte } from 'drizzle-orm';
import { updateInstallerOrder } from '../../modules/installer/installer.service';
import { replaceInstallerServices } from '../../modules/installer-services/installer-services.service';
import { addToCart, checkout, setShipping } from '../../modules/orders/orders.service';
import type { Db } from '../connection';
import { productPrices, products } from '../schema';
import type { SeedContext } from './seed-context';
import { actorFor } from './seed-orders';

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

/** Tires the standard group sells with stock to spare, after the ones the order history uses. */
function installerTires(db: Db, priceGroupId: number) {
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
    .offset(5)
    .limit(2);
}

export async function seedInstaller(db: Db, { accounts }: SeedContext) {
  const buyer = await actorFor(db, 'buyer', accounts.locations.fleetAustin);
  const bay = await actorFor(db, 'installer', accounts.locations.installPhoenix);
  await replaceInstallerServices(db, bay, {
    mountBalance: [
      { fromInches: null, toInches: 17, mountBalanceCents: 2500 },
      { fromInches: 18, toInches: 20, mountBalanceCents: 3500 },
      { fromInches: 21, toInches: null, mountBalanceCents: 4500 },
    ],
    valveKitCents: 750,
    disposalCents: 400,
  });
  const tires = await installerTires(db, accounts.groups.standard);
  const orderIds: number[] = [];
  for (const [i, tire] of tires.entries()) {
    await addToCart(db, buyer, {
      orderItemMakeId: tire.makeId,
      orderItemModelId: tire.modelId,
      orderItemProductId: tire.id,
      orderItemQuantity: 4,
      orderItemRoadHazard: false,
    });
    await setShipping(db, buyer, {
      kind: 'installer',
      installerLocationId: accounts.locations.installPhoenix,
    });
    const order = await checkout(db, buyer, { paymentMethod: 'card', card, poNumber: `FLEET-INST-${i + 1}` });
    orderIds.push(order.orderId);
  }
  if (orderIds.length < 2) return;
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
  inThreeDays.setUTCHours(16, 0, 0, 0);
  await updateInstallerOrder(db, bay, {
    orderId: orderIds[0],
    status: 'scheduled',
    appointmentAt: inThreeDays.toISOString(),
    vehicle: '2021 Ford F-150',
  });
}
