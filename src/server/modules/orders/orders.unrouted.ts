// Units no warehouse can fill (docs/logistics.md, "Distributors"): when a cancelled supplier line
// leaves units unrouted, a handler may place them elsewhere (a distributor, by the company's
// automatic rule) in the same transaction. Distributors belong to logistics, which registers its
// handler here when its routes are mounted, so that orders never imports logistics; until one is
// registered, the units stay unrouted for staff.
import type { Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';

export interface UnroutedUnits {
  order: { id: number; companyId: number; status: string; deliveryZip: string | null };
  orderItemId: number;
  productId: number;
  skuCode: string;
  quantity: number;
  /** Why they are unrouted (for the order log and the audit), e.g. the cancelled line. */
  cause: string;
}

/** Answers a note for the order log, or null when it did nothing (the rule is off). */
export type UnroutedUnitsHandler = (tx: Tx, actor: Actor, units: UnroutedUnits) => Promise<string | null>;

let handler: UnroutedUnitsHandler | null = null;

/** Logistics (or a test) plugs in its handler; null unplugs it. */
export function setUnroutedUnitsHandler(next: UnroutedUnitsHandler | null) {
  handler = next;
}

/** Offers the units to the registered handler; its note, or null when none acted. */
export async function offerUnroutedUnits(tx: Tx, actor: Actor, units: UnroutedUnits) {
  return handler ? handler(tx, actor, units) : null;
}
