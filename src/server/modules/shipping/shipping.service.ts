import { sql } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import type { ShippingEstimate } from '../../../contract/shipping';
import type { Db } from '../../db/connection';
import { badRequest, conflict, notFound } from '../../http/errors';

/** Ground rate per tire: a handling base plus distance; heavier loads ship in one consignment. */
const BASE_PER_TIRE_CENTS = 900;
const CENTS_PER_MILE_PER_TIRE = 1.5;
const MILES_PER_TRANSIT_DAY = 500;

export function shippingAmountCents(distanceMiles: number, quantity: number): number {
  return quantity * (BASE_PER_TIRE_CENTS + Math.round(distanceMiles * CENTS_PER_MILE_PER_TIRE));
}

/** The shipping amount of a quantity of a SKU to a ZIP, from the nearest warehouse holding it all. */
export async function estimateShipping(
  db: Db,
  q: { make: number; code: string; quantity: number; zip: string },
): Promise<ShippingEstimate> {
  if (!zipcodes.lookup(q.zip)) {
    throw badRequest('Unknown ZIP code', [
      { pointer: '/querystring/zip', detail: 'is not a known US ZIP code' },
    ]);
  }
  const { rows } = await db.execute<{
    product_id: number | null;
    zip: string | null;
    free: number | null;
  }>(sql`
    select p.id as product_id, w.zip, (i.quantity - i.reserved) as free
    from products p
    left join inventory i on i.product_id = p.id and i.quantity - i.reserved >= ${q.quantity}
    left join warehouses w on w.id = i.warehouse_id and w.active
    where p.make_id = ${q.make} and p.sku_code = ${q.code} and p.active`);
  if (rows.length === 0) throw notFound('Product');
  const holding = rows.filter((r) => r.zip !== null);
  if (holding.length === 0) throw conflict(`No warehouse holds ${q.quantity} of ${q.code}`);
  const nearest = holding
    .map((r) => ({ zip: r.zip as string, miles: zipcodes.distance(q.zip, r.zip as string) ?? 3000 }))
    .sort((a, b) => a.miles - b.miles)[0];
  return {
    make: q.make,
    code: q.code,
    quantity: q.quantity,
    zip: q.zip,
    amountCents: shippingAmountCents(nearest.miles, q.quantity),
    warehouseZip: nearest.zip,
    distanceMiles: nearest.miles,
    transitDays: 1 + Math.floor(nearest.miles / MILES_PER_TRANSIT_DAY),
  };
}

export { findInstallers, placeOfCoords, placeOfZip } from './shipping.places';
