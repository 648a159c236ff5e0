// What the cart's delivery is charged at (GET /api/cart/terms), for the result cards'
// out-the-door figure: the same terms the cart's pricing reads (orders.landed.ts), answered once
// per page rather than per search. The search answer is kept per price group and carries no
// buyer's delivery; the card applies these terms to its tires with src/domain/out-the-door.ts.
import type { DeliveryTerms } from '../../../contract/cart';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { servicePriceListOf } from '../installer-services/installer-services.service';
import { type Delivered, termsOf } from './orders.landed';
import * as repo from './orders.repository';

/** Nothing taxed: a delivery whose state is not known (the cart charges nothing either). */
const untaxed: DeliveryTerms['rule'] = {
  ratePpm: 0,
  shippingTaxable: false,
  labourTaxable: false,
  fetTaxable: false,
  roadHazardTaxable: false,
};

/**
 * The terms of the caller's cart's delivery now; without a cart, those of a delivery to the
 * current location (where a new cart would go).
 */
export async function cartDeliveryTerms(db: Db, actor: Actor): Promise<DeliveryTerms> {
  const cart = await repo.findCart(db, actor.userId, actor.locationId);
  const location = actor.locationId ? await repo.findLocation(db, actor.locationId) : null;
  const delivered: Delivered = cart ?? {
    companyId: actor.companyId,
    locationId: actor.locationId,
    deliveryKind: 'location',
    deliveryZip: location?.zip ?? null,
    deliveryAddress: null,
    installerLocationId: null,
  };
  const installerId = delivered.deliveryKind === 'installer' ? delivered.installerLocationId : null;
  const terms = await termsOf(db, delivered, new Date());
  const installer = installerId ? await repo.findLocation(db, installerId) : null;
  const services = installerId ? await servicePriceListOf(db, installerId) : null;
  const address = delivered.deliveryKind === 'address' ? delivered.deliveryAddress : null;
  return {
    delivery: {
      kind: delivered.deliveryKind as DeliveryTerms['delivery']['kind'],
      zip: delivered.deliveryZip,
      name: installer?.name ?? (address ? `${address.city}, ${address.state}` : (location?.name ?? null)),
      installerLocationId: installerId,
    },
    state: terms?.state ?? null,
    rule: terms?.rule ?? untaxed,
    tireFees: terms?.tireFees ?? [],
    certificate: terms?.certificate ?? null,
    services: services && {
      mountBalance: services.mountBalance.map((r) => ({ ...r })),
      valveKitCents: services.valveKitCents,
      disposalCents: services.disposalCents,
    },
  };
}
