// A company's buying rules: its company admin sets them, checkout reads them (docs/fleet.md,
// "Buying rules").
import type { BuyingSettings } from '../../../contract/approvals';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './approvals.repository';

const defaults: BuyingSettings = { poRequired: false };

export async function getBuyingSettings(db: DbOrTx, actor: Actor): Promise<BuyingSettings> {
  return (await repo.findSettings(db, actor.companyId)) ?? defaults;
}

export async function updateBuyingSettings(db: Db, actor: Actor, body: BuyingSettings) {
  return db.transaction(async (tx) => {
    const before = await getBuyingSettings(tx, actor);
    const after = await repo.saveSettings(tx, actor.companyId, body);
    await writeAudit(tx, actor, {
      entity: 'company_buying_settings',
      entityId: actor.companyId,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * Refuses a checkout without a PO number when the buyer's company requires one. Read only when
 * the buyer sent none: an order with a PO number costs nothing.
 */
export async function assertPoNumberGiven(db: DbOrTx, companyId: number, poNumber: string | undefined) {
  if (poNumber) return;
  if (!(await repo.findSettings(db, companyId))?.poRequired) return;
  throw badRequest('Your company requires a purchase-order number on every order', [
    { pointer: '/body/poNumber', detail: 'is required by your company' },
  ]);
}
