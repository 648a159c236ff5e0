// SQL of the installers' service price lists: one list per installer location with its mount and
// balance rows by rim range (docs/installer.md, "Service price list").
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { installerMountRates, installerServiceLists, locations } from '../../db/schema';

export type ServiceListRow = typeof installerServiceLists.$inferSelect;
export type MountRateRow = Pick<
  typeof installerMountRates.$inferSelect,
  'fromInches' | 'toInches' | 'mountBalanceCents'
>;

/** An installer location (flag above 0) by id, or null: the only places a list may be for. */
export async function findInstallerLocation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, companyId: locations.companyId })
    .from(locations)
    .where(and(eq(locations.id, id), gt(locations.installer, 0)));
  return row ?? null;
}

/** A location's list with its rows in rim order (the open start first), or null when it has none. */
export async function findServiceList(db: DbOrTx, installerLocationId: number) {
  const [list] = await db
    .select()
    .from(installerServiceLists)
    .where(eq(installerServiceLists.installerLocationId, installerLocationId));
  if (!list) return null;
  const rates = await db
    .select({
      fromInches: installerMountRates.fromInches,
      toInches: installerMountRates.toInches,
      mountBalanceCents: installerMountRates.mountBalanceCents,
    })
    .from(installerMountRates)
    .where(eq(installerMountRates.listId, list.id))
    .orderBy(sql`${installerMountRates.fromInches} asc nulls first`, asc(installerMountRates.id));
  return { list, rates };
}

/**
 * Writes a location's whole list: the list row is made or updated (which locks it, so two
 * replacements of one list run one after the other) and its rows are replaced.
 */
export async function replaceServiceList(
  db: DbOrTx,
  values: Pick<ServiceListRow, 'installerLocationId' | 'valveKitCents' | 'disposalCents' | 'updatedBy'>,
  rates: MountRateRow[],
) {
  const { installerLocationId, ...set } = values;
  const [list] = await db
    .insert(installerServiceLists)
    .values(values)
    .onConflictDoUpdate({
      target: installerServiceLists.installerLocationId,
      set: { ...set, updatedAt: new Date() },
    })
    .returning();
  await db.delete(installerMountRates).where(eq(installerMountRates.listId, list.id));
  if (rates.length)
    await db.insert(installerMountRates).values(rates.map((r) => ({ ...r, listId: list.id })));
  return list;
}
