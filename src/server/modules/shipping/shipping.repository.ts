import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { companies, locations, products } from '../../db/schema';

export async function locationZip(db: DbOrTx, locationId: number) {
  const [row] = await db.select({ zip: locations.zip }).from(locations).where(eq(locations.id, locationId));
  return row?.zip;
}

/** Active installer locations with their company's name: a public directory. */
export function listInstallerLocations(db: DbOrTx) {
  return db
    .select({ location: locations, companyName: companies.name })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(gt(locations.installer, 0), eq(locations.active, true)));
}

/** The id of the active SKU with this make and code (the search result's skuMakeId and skuCode). */
export async function activeProductId(db: DbOrTx, makeId: number, skuCode: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.makeId, makeId), eq(products.skuCode, skuCode), eq(products.active, true)));
  return row?.id;
}
