import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { brandTiers, makes, priceGroupFloors, priceGroups } from '../schema';

// Quote demo data: brand tiers for the "best" option and a minimum margin per price group.
const premium = ['Michelin', 'Bridgestone', 'Goodyear', 'Continental', 'Pirelli'];
const value = ['Cooper', 'Hankook', 'Toyo', 'Dunlop', 'Yokohama', 'BFGoodrich'];
/** Minimum margin over cost per price group code, in basis points (wholesale runs thinner). */
const margins: Record<string, number> = { standard: 500, fleet: 300, wholesale: 200 };

export async function seedQuotes(db: Db) {
  const named = await db
    .select({ id: makes.id, name: makes.name })
    .from(makes)
    .where(inArray(makes.name, [...premium, ...value]));
  const tiers = named.map((m) => ({ makeId: m.id, tier: premium.includes(m.name) ? 1 : 3 }));
  if (tiers.length) await db.insert(brandTiers).values(tiers).onConflictDoNothing();
  const groups = await db.select({ id: priceGroups.id, code: priceGroups.code }).from(priceGroups);
  const floors = groups
    .filter((g) => margins[g.code] !== undefined)
    .map((g) => ({ priceGroupId: g.id, minMarginBasisPoints: margins[g.code] }));
  if (floors.length)
    await db
      .insert(priceGroupFloors)
      .values(floors)
      .onConflictDoUpdate({
        target: priceGroupFloors.priceGroupId,
        set: { minMarginBasisPoints: sql`excluded.min_margin_basis_points` },
      });
}
