import type { z } from 'zod';
import type { Discount, DiscountInput, updateDiscount as updateEndpoint } from '../../../contract/discounts';
import { awaitsDiscountApproval, isApprovedBelowFloor } from '../../../domain/discounts';
import { can } from '../../../domain/roles';
import type { Db, Tx } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import { discountFloorBreaches } from '../floors/floors.service';
import * as repo from './discounts.repository';

// Discounts are stored here and applied by the cart and the shop's prices (search, product reads)
// through bestDiscount() of src/domain/discounts.ts, read per request by discounts.in-force.ts. Stacking rule: they never stack; per cart line the single discount
// with the largest reduction among those active, in date and matching every target they set
// (make, model, product, company) applies, after markup, never below zero. A discount that takes
// any price under its floor (the quotes' rule, floors.service.ts) waits for admin or finance and is
// in force only once approved.

type DiscountData = z.output<typeof DiscountInput>;
type DiscountPatch = z.output<NonNullable<typeof updateEndpoint.body>>;

export function toDiscount(row: repo.DiscountRow): Discount {
  return { ...row, startsAt: iso(row.startsAt)!, endsAt: iso(row.endsAt), createdAt: iso(row.createdAt)! };
}

function columns({ approveBelowFloor: _, ...input }: Partial<DiscountData>) {
  return definedOnly({
    ...input,
    startsAt: input.startsAt === undefined ? undefined : new Date(input.startsAt),
    endsAt: input.endsAt === undefined ? undefined : input.endsAt === null ? null : new Date(input.endsAt),
  });
}

/** Staff browse every discount, past and future; `current` keeps those in force now. */
export async function listDiscounts(db: Db, q: repo.DiscountQuery) {
  return pageAnswer(q, await repo.listDiscounts(db, q), toDiscount);
}

/** One discount; an unknown id is a 404. */
export async function getDiscount(db: Db, id: number) {
  const row = await repo.findDiscount(db, id);
  if (!row) throw notFound('Discount');
  return toDiscount(row);
}

type Terms = Pick<repo.DiscountRow, 'makeId' | 'modelId' | 'productId' | 'basisPoints' | 'amountCents'>;

/**
 * Whether a discount with these terms waits for approval: when it takes any price of any price
 * group under its floor, unless admin or finance approve it in this step (`approve`).
 */
async function approvalOf(tx: Tx, actor: Actor, terms: Terms, approve: boolean) {
  const below = await discountFloorBreaches(tx, terms);
  if (!below.count) return { approvalStatus: 'not_needed' as const, belowFloor: [], belowFloorCount: 0 };
  if (approve && !can(actor.role, 'finance'))
    throw forbidden('Only admin or finance may approve a discount that takes prices under their floor');
  return {
    approvalStatus: approve ? ('approved' as const) : ('pending' as const),
    belowFloor: below.lines,
    belowFloorCount: below.count,
  };
}

/** Who approved a discount under the floor, and the prices it takes under, go to the audit log. */
async function auditApproval(tx: Tx, actor: Actor, row: repo.DiscountRow) {
  if (!isApprovedBelowFloor(row.approvalStatus)) return;
  await writeAudit(tx, actor, {
    entity: 'discount',
    entityId: row.id,
    action: 'approve_below_floor',
    after: { count: row.belowFloorCount, lines: row.belowFloor },
  });
}

/**
 * A new discount applies from its start; the contract has checked its kind and dates. One taking
 * a price under its floor waits for approval (its answer names those prices). Audited.
 */
export async function createDiscount(db: Db, actor: Actor, input: DiscountData) {
  return db.transaction(async (tx) => {
    const fields = columns(input);
    const row = await repo.insertDiscount(tx, {
      ...fields,
      ...(await approvalOf(tx, actor, { ...input }, input.approveBelowFloor)),
      name: input.name,
      startsAt: new Date(input.startsAt),
    });
    await writeAudit(tx, actor, { entity: 'discount', entityId: row.id, action: 'create', after: row });
    await auditApproval(tx, actor, row);
    return toDiscount(row);
  });
}

/** Admin or finance approve a discount waiting for it: in force from now. Audited. */
export async function approveDiscount(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const before = await repo.findDiscount(tx, id, true);
    if (!before) throw notFound('Discount');
    if (!awaitsDiscountApproval(before.approvalStatus))
      throw conflict('This discount does not wait for approval', {
        reason: 'not_pending',
        approvalStatus: before.approvalStatus,
      });
    // The floors are read again: the approval records the prices it takes under today.
    const after = await repo.updateDiscount(tx, id, await approvalOf(tx, actor, before, true));
    await auditApproval(tx, actor, after);
    return toDiscount(after);
  });
}

/** The merged discount must still give exactly one of percent or amount, and end after it starts. */
function assertCoherent(row: repo.DiscountRow) {
  if (row.basisPoints > 0 === row.amountCents > 0)
    throw badRequest('Give either a percent or an amount', [
      { pointer: '/body/basisPoints', detail: 'give a percent or an amount' },
    ]);
  if (row.endsAt && new Date(row.endsAt) <= new Date(row.startsAt))
    throw badRequest('The end must be after the start', [
      { pointer: '/body/endsAt', detail: 'must be after the start' },
    ]);
}

/**
 * Fields left out stay; the merged discount must still be coherent (assertCoherent), else nothing
 * changes. Its floors are checked again: one that takes a price under its floor waits for
 * approval again (an approval is for the terms it saw), unless admin or finance approve it here.
 */
export async function updateDiscount(db: Db, actor: Actor, id: number, input: DiscountPatch) {
  return db.transaction(async (tx) => {
    const before = await repo.findDiscount(tx, id, true);
    if (!before) throw notFound('Discount');
    const merged = await repo.updateDiscount(tx, id, columns(input));
    assertCoherent(merged);
    const approval = await approvalOf(tx, actor, merged, input.approveBelowFloor ?? false);
    const after = await repo.updateDiscount(tx, id, approval);
    await writeAudit(tx, actor, { entity: 'discount', entityId: id, action: 'update', before, after });
    await auditApproval(tx, actor, after);
    return toDiscount(after);
  });
}

/** A deleted discount stops applying at once: carts read discounts live, shop prices within a second. */
export async function deleteDiscount(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await repo.deleteDiscounts(tx, [id]);
    if (!before) throw notFound('Discount');
    await writeAudit(tx, actor, { entity: 'discount', entityId: id, action: 'delete', before });
  });
}

/** Switches several discounts on or off in one transaction; unknown ids are skipped. */
export async function setDiscountsActive(db: Db, actor: Actor, ids: number[], active: boolean) {
  return db.transaction(async (tx) => {
    const rows = await repo.setActive(tx, ids, active);
    for (const row of rows)
      await writeAudit(tx, actor, {
        entity: 'discount',
        entityId: row.id,
        action: active ? 'activate' : 'deactivate',
        after: row,
      });
    return { updated: rows.length };
  });
}

/** Deletes several discounts in one transaction, one audit entry each; unknown ids are skipped. */
export async function deleteDiscounts(db: Db, actor: Actor, ids: number[]) {
  return db.transaction(async (tx) => {
    const rows = await repo.deleteDiscounts(tx, ids);
    for (const before of rows)
      await writeAudit(tx, actor, { entity: 'discount', entityId: before.id, action: 'delete', before });
    return { deleted: rows.length };
  });
}

export { discounterOf, discountsInForce, recentDiscounts, withDiscounts } from './discounts.in-force';
