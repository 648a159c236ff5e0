// The SQL of staggered sets (table order_sets, docs/fleet.md "Staggered sets"): a set's row
// names its front and rear order items; the lines read joins it (orders.items.repository.ts).
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { orderItems } from '../../db/schema';
import { orderSets } from '../../db/schema/sets';

export async function insertSet(db: DbOrTx, frontItemId: number, rearItemId: number) {
  const [row] = await db.insert(orderSets).values({ frontItemId, rearItemId }).returning();
  return row;
}

/** The whole sets that have a half among these items, with the quantity of each half. */
export function wholeSetsOfItems(db: DbOrTx, itemIds: number[]) {
  const front = alias(orderItems, 'set_front');
  const rear = alias(orderItems, 'set_rear');
  return db
    .select({
      id: orderSets.id,
      frontItemId: orderSets.frontItemId,
      rearItemId: orderSets.rearItemId,
      frontQuantity: front.quantity,
      rearQuantity: rear.quantity,
    })
    .from(orderSets)
    .innerJoin(front, eq(front.id, orderSets.frontItemId))
    .innerJoin(rear, eq(rear.id, orderSets.rearItemId))
    .where(
      and(
        or(inArray(orderSets.frontItemId, itemIds), inArray(orderSets.rearItemId, itemIds)),
        isNull(orderSets.brokenAt),
      ),
    );
}

/** Marks a set broken (once: a set broken already keeps its first note). */
export async function markBroken(db: DbOrTx, setId: number, note: string) {
  await db
    .update(orderSets)
    .set({ brokenAt: new Date(), brokenNote: note })
    .where(and(eq(orderSets.id, setId), isNull(orderSets.brokenAt)));
}
