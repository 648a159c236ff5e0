import type { ShippingEstimate } from '../../../contract/shipping';
import { transitDays } from '../../../domain/shipping';
import type { Db } from '../../db/connection';
import { badRequest, conflict, notFound } from '../../http/errors';
import { checkUsAddress, lookupZip } from '../../integrations/geo/zip-geo';
import { quoteShipping } from '../orders/orders.service';
import * as repo from './shipping.repository';

/**
 * The shipping of a quantity of a SKU to a ZIP, as the cart would charge it: the same warehouses
 * and the same rate (orders' quoteShipping), so the result card and the cart always agree.
 */
export async function estimateShipping(
  db: Db,
  q: { make: number; code: string; quantity: number; zip: string },
): Promise<ShippingEstimate> {
  if (!lookupZip(q.zip)) {
    throw badRequest('Unknown ZIP code', [
      { pointer: '/querystring/zip', detail: 'is not a known US ZIP code' },
    ]);
  }
  const productId = await repo.activeProductId(db, q.make, q.code);
  if (!productId) throw notFound('Product');
  const [quoted] = await quoteShipping(db, [{ productId, quantity: q.quantity }], q.zip);
  if (!quoted.filled || quoted.warehouseZip === null)
    throw conflict(`The warehouses do not hold ${q.quantity} of ${q.code}`);
  return {
    make: q.make,
    code: q.code,
    quantity: q.quantity,
    zip: q.zip,
    amountCents: quoted.shippingCents,
    warehouseZip: quoted.warehouseZip,
    distanceMiles: quoted.miles ?? 0,
    transitDays: transitDays('ground', quoted.miles),
  };
}

export { findInstallers, placeOfCoords, placeOfZip } from './shipping.places';

/** `POST /shipping/validate-address`: the one address rule (src/domain/address.ts) on the offline ZIP data. */
export const checkAddress = checkUsAddress;
