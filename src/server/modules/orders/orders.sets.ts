// Staggered sets after the sale: a return that takes back part of a set marks it broken
// (docs/fleet.md, "Staggered sets"). Adding a set to the cart is in orders.cart.ts.
import { setBreakNote } from '../../../domain/staggered-set';
import type { DbOrTx } from '../../db/connection';
import * as setsRepo from './orders.sets.repository';

/**
 * A return of these units (all of one return: `orderItemId`, units) marks every set it takes only
 * part of as broken, saying which half went back. Never refuses the return: a half may go back.
 */
export async function markSetsBrokenBy(tx: DbOrTx, units: { orderItemId: number; quantity: number }[]) {
  if (!units.length) return;
  const returned = new Map<number, number>();
  for (const u of units) returned.set(u.orderItemId, (returned.get(u.orderItemId) ?? 0) + u.quantity);
  const sets = await setsRepo.wholeSetsOfItems(tx, [...returned.keys()]);
  for (const s of sets) {
    const note = setBreakNote(
      { quantity: s.frontQuantity, returned: returned.get(s.frontItemId) ?? 0 },
      { quantity: s.rearQuantity, returned: returned.get(s.rearItemId) ?? 0 },
    );
    if (note) await setsRepo.markBroken(tx, s.id, note);
  }
}
