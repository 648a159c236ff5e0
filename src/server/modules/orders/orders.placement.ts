import type { DbOrTx } from '../../db/connection';
import { accrueCompensation } from '../comp/comp.service';
import { changeOrderStatus } from './orders.log';
import { setOrderNumber } from './orders.repository';

interface PlacedLine {
  makeId: number;
  quantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
}

/**
 * The last steps of placing an order, whoever places it (buyer checkout or staff): its number,
 * the move to placed in the log, and the sales compensation it earns.
 */
export async function markPlaced(
  tx: DbOrTx,
  order: { id: number; companyId: number; status: string; heldFrom: string | null },
  items: PlacedLine[],
  userId: number,
  note: string,
) {
  await setOrderNumber(tx, order.id);
  await changeOrderStatus(tx, order, 'placed', userId, note);
  // Sales compensation accrues when an order is placed (issue 5), on merchandise after discounts.
  await accrueCompensation(tx, {
    id: order.id,
    companyId: order.companyId,
    lines: items.map((item) => ({
      makeId: item.makeId,
      amountCents: item.quantity * (item.unitPriceCents - item.unitDiscountCents),
    })),
  });
}
