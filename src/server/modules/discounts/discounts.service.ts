import type { z } from 'zod';
import type { Discount, DiscountInput, updateDiscount as updateEndpoint } from '../../../contract/discounts';
import type { Db } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './discounts.repository';
import { iso } from '../../lib/dates';

// Discounts are stored here and applied by the cart and the shop's prices (search, product reads)
// through bestDiscount() of src/domain/discounts.ts, read per request by discounts.in-force.ts. Stacking rule: they never stack; per cart line the single discount
// with the largest reduction among those active, in date and matching every target they set
// (make, model, product, company) applies, after markup, never below zero.

type DiscountData = z.output<typeof DiscountInput>;
type DiscountPatch = z.output<NonNullable<typeof updateEndpoint.body>>;

export function toDiscount(row: repo.DiscountRow): Discount {
  return { ...row, startsAt: iso(row.startsAt)!, endsAt: iso(row.endsAt), createdAt: iso(row.createdAt)! };
}

function columns(input: Partial<DiscountData>) {
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

/** A new discount applies from its start; the contract has checked its kind and dates. Audited. */
export async function createDiscount(db: Db, actor: Actor, input: DiscountData) {
  return db.transaction(async (tx) => {
    const row = await repo.insertDiscount(tx, {
      ...columns(input),
      name: input.name,
      startsAt: new Date(input.startsAt),
    });
    await writeAudit(tx, actor, { entity: 'discount', entityId: row.id, action: 'create', after: row });
    return toDiscount(row);
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

/** Fields left out stay; the merged discount must still be coherent (assertCoherent), else nothing changes. */
export async function updateDiscount(db: Db, actor: Actor, id: number, input: DiscountPatch) {
  return db.transaction(async (tx) => {
    const before = await repo.findDiscount(tx, id);
    if (!before) throw notFound('Discount');
    const after = await repo.updateDiscount(tx, id, columns(input));
    assertCoherent(after);
    await writeAudit(tx, actor, { entity: 'discount', entityId: id, action: 'update', before, after });
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
