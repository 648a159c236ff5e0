// Every status change of a fulfillment goes through its table (setFulfillmentStatus) and into its log.
import type { FulfillmentStatus } from '../../../domain/shipping-status';
import type { DbOrTx } from '../../db/connection';
import * as repo from './logistics.repository';

export async function logChange(
  tx: DbOrTx,
  f: { id: number; status: string },
  to: string,
  userId: number | null,
  note: string | null,
) {
  await repo.insertLog(tx, { fulfillmentId: f.id, userId, fromStatus: f.status || null, toStatus: to, note });
}

/** Moves a fulfillment through its table and logs it; staying put changes nothing. */
export async function moveFulfillment(
  tx: DbOrTx,
  f: { id: number; status: string },
  to: FulfillmentStatus,
  userId: number | null,
  note: string | null = null,
) {
  if (f.status === to) return;
  await repo.setFulfillmentStatus(tx, f, to);
  await logChange(tx, f, to, userId, note);
}
