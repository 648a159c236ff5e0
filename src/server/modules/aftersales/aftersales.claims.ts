// Road hazard claims: a tire bought with the roadguard cover is damaged; the plan pays its share
// of the remaining tread, as a replacement order or a credit, and the installer's labour.
import type { z } from 'zod';
import type * as api from '../../../contract/claims';
import type { Claim } from '../../../contract/claims';
import { DEFAULT_NEW_TREAD_32, prorate } from '../../../domain/aftersales-money';
import { netUnitCents } from '../../../domain/money';
import {
  assertClaimTransition,
  type ClaimSettlement,
  type ClaimStatus,
  claimActions,
  claimActionTarget,
  claimTransitions,
  isEditableClaim,
} from '../../../domain/aftersales-status';
import { can } from '../../../domain/roles';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import * as repo from './aftersales.repository';
import * as moneyRepo from './aftersales.money.repository';
import { claimPhotoUrl } from './aftersales.photos';
import { refundInTx } from './aftersales.refunds';
import {
  assertMayAct,
  assertMayOpen,
  assertSees,
  companyScope,
  deliveredUnitsOf,
  readLog,
  writeLog,
} from './aftersales.rules';

type ClaimInput = z.output<typeof api.ClaimInput>;

function coverage(
  item: orders.SoldItem,
  facts: orders.OrderFacts,
  c: Pick<ClaimInput, 'damagedOn' | 'remainingTread32' | 'newTread32'>,
) {
  return prorate({
    priceCents: netUnitCents(item),
    remainingTread32: c.remainingTread32,
    newTread32: c.newTread32,
    // Whole days: damage on the day of purchase is covered.
    purchasedAt: new Date(`${(facts.placedAt ?? new Date()).toISOString().slice(0, 10)}T00:00:00Z`),
    damagedAt: new Date(`${c.damagedOn}T00:00:00Z`),
  });
}

/** A covered share of the tire, or a 409 that says why the plan does not cover it. */
function assertCovered(p: ReturnType<typeof prorate>) {
  if (!p.covered) throw conflict(p.detail, { reason: p.reason });
  return p;
}

async function itemOfClaim(tx: DbOrTx, orderItemId: number, lock = false) {
  const orderId = await orders.orderIdOfItem(tx, orderItemId);
  const facts = orderId ? await orders.orderFacts(tx, orderId, lock) : null;
  const item = facts?.items.find((i) => i.orderItemId === orderItemId);
  if (!facts || !item) return null;
  return { facts, item };
}

export async function claimView(db: DbOrTx, actor: Actor, c: repo.ClaimRow): Promise<Claim> {
  const names = await repo.claimNames(db, c);
  const found = await itemOfClaim(db, c.orderItemId);
  const p = found ? coverage(found.item, found.facts, c) : null;
  const status = c.status as ClaimStatus;
  const staff = can(actor.role, 'afterSales');
  return {
    claimId: c.id,
    orderId: c.orderId,
    orderNumber: names.orderNumber ?? '',
    orderItemId: c.orderItemId,
    tire: names.tire,
    companyId: c.companyId,
    companyName: names.companyName,
    status,
    damagedOn: c.damagedOn,
    coveredCents: c.coveredCents,
    createdAt: iso(c.createdAt),
    remainingTread32: c.remainingTread32,
    newTread32: c.newTread32,
    odometerMiles: c.odometerMiles,
    description: c.description,
    installerCompanyId: c.installerCompanyId,
    installerName: names.installerName,
    photos: c.photos.map((name) => claimPhotoUrl(c.id, name)),
    priceCents: found ? netUnitCents(found.item) : 0,
    usableShareBasisPoints: p?.covered ? p.usableShareBasisPoints : 0,
    settlement: c.settlement as ClaimSettlement | null,
    labourCents: c.labourCents,
    replacementOrderId: c.replacementOrderId,
    refunds: await moneyRepo.refundsFor(db, { claimId: c.id }),
    log: await readLog(db, 'claim', c.id),
    nextStatuses: staff ? [...claimTransitions[status]] : [],
    actions: staff ? claimActions.filter((a) => claimTransitions[status].includes(claimActionTarget[a])) : [],
    updatedAt: iso(c.updatedAt),
  };
}

async function visibleClaim(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const c = await repo.findClaim(db, id, lock);
  if (!c) throw notFound('Claim');
  assertSees(actor, c.companyId, 'Claim');
  return c;
}

export async function listClaims(db: Db, actor: Actor, q: repo.ClaimQuery) {
  return pageAnswer(q, await repo.listClaims(db, q, companyScope(actor)), (row) => ({
    claimId: row.c.id,
    orderId: row.c.orderId,
    orderNumber: row.orderNumber ?? '',
    orderItemId: row.c.orderItemId,
    tire: row.tire,
    companyId: row.c.companyId,
    companyName: row.companyName,
    status: row.c.status as ClaimStatus,
    damagedOn: row.c.damagedOn,
    coveredCents: row.c.coveredCents,
    createdAt: iso(row.c.createdAt),
  }));
}

export async function getClaim(db: Db, actor: Actor, id: number) {
  return claimView(db, actor, await visibleClaim(db, actor, id));
}

async function assertInstaller(tx: DbOrTx, installerCompanyId: number | null | undefined) {
  if (installerCompanyId && !(await repo.isInstallerCompany(tx, installerCompanyId)))
    throw badRequest('Choose one of our installers', [
      { pointer: '/body/installerCompanyId', detail: 'is not an installer' },
    ]);
}

function assertNotFuture(damagedOn: string) {
  if (new Date(`${damagedOn}T00:00:00Z`).getTime() > Date.now())
    throw badRequest('The damage cannot be in the future', [
      { pointer: '/body/damagedOn', detail: 'is in the future' },
    ]);
}

/** A buyer files a claim on a delivered tire bought with road hazard cover; the plan must cover it. */
export async function createClaim(db: Db, actor: Actor, input: ClaimInput) {
  const id = await db.transaction(async (tx) => {
    const found = await itemOfClaim(tx, input.orderItemId, true);
    if (!found) throw notFound('Order item');
    const { facts, item } = found;
    assertMayOpen(actor, facts.companyId, 'claim');
    if (!item.roadHazard)
      throw conflict('This tire was bought without road hazard protection', { reason: 'no_road_hazard' });
    const live = await repo.liveClaimsOfItem(tx, item.orderItemId);
    const delivered = (await deliveredUnitsOf(tx, facts.id))(item.orderItemId);
    if (live.length >= delivered)
      throw conflict(
        delivered
          ? 'Every delivered tire of this line already has an open claim'
          : 'The tires have not been delivered yet',
        { reason: delivered ? 'claimed' : 'not_delivered' },
      );
    assertNotFuture(input.damagedOn);
    await assertInstaller(tx, input.installerCompanyId);
    const p = assertCovered(coverage(item, facts, input));
    const c = await repo.insertClaim(tx, {
      ...input,
      newTread32: input.newTread32 ?? DEFAULT_NEW_TREAD_32,
      orderId: facts.id,
      companyId: facts.companyId,
      coveredCents: p.coveredCents,
      createdByUserId: actor.userId,
    });
    await writeLog(tx, 'claim', c.id, actor, null, 'open', input.description || null);
    await writeAudit(tx, actor, { entity: 'claim', entityId: c.id, action: 'create', after: c });
    return c.id;
  });
  return getClaim(db, actor, id);
}

/** The facts of a claim may be corrected until it is decided; the proration follows them. */
export async function updateClaim(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof api.updateClaim.body>>,
) {
  await db.transaction(async (tx) => {
    const c = await visibleClaim(tx, actor, id, true);
    assertMayAct(actor, c.companyId, 'correct a claim', 'afterSales');
    if (!isEditableClaim(c.status as ClaimStatus))
      throw conflict(`A claim that is ${c.status} can no longer be changed`, { reason: 'not_editable' });
    const next = { ...c, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    if (input.damagedOn) assertNotFuture(input.damagedOn);
    await assertInstaller(tx, input.installerCompanyId);
    const found = await itemOfClaim(tx, c.orderItemId);
    if (!found) throw notFound('Order item');
    const p = assertCovered(coverage(found.item, found.facts, next));
    await repo.updateClaim(tx, id, { ...input, coveredCents: p.coveredCents });
    await writeLog(tx, 'claim', id, actor, c.status, null, 'claim corrected');
    await writeAudit(tx, actor, { entity: 'claim', entityId: id, action: 'update', before: c, after: input });
  });
  return getClaim(db, actor, id);
}

async function move(
  tx: Tx,
  actor: Actor,
  c: repo.ClaimRow,
  to: ClaimStatus,
  note?: string,
  values: Partial<Omit<repo.ClaimRow, 'status'>> = {},
) {
  await repo.setClaimStatus(tx, c, to, values);
  await writeLog(tx, 'claim', c.id, actor, c.status, to, note ?? null);
  await writeAudit(tx, actor, {
    entity: 'claim',
    entityId: c.id,
    action: to,
    before: { status: c.status },
    after: { status: to, ...values },
  });
}

/** The buyer (or staff) withdraws a claim nobody has looked at yet. */
export async function cancelClaim(db: Db, actor: Actor, id: number, note?: string) {
  await db.transaction(async (tx) => {
    const c = await visibleClaim(tx, actor, id, true);
    assertMayAct(actor, c.companyId, 'withdraw a claim', 'afterSales');
    await move(tx, actor, c, 'cancelled', note);
  });
  return getClaim(db, actor, id);
}

/**
 * Paying a claim settles it: a replacement order with the covered amount off the new tire's price
 * (taxed on what the buyer still pays), or a credit refund of the covered amount and its sales tax.
 */
async function pay(tx: Tx, actor: Actor, threshold: number, c: repo.ClaimRow) {
  if (c.coveredCents <= 0)
    throw conflict('The plan covers nothing of this tire', { reason: 'nothing_covered' });
  if (c.settlement === 'replacement') {
    const found = await itemOfClaim(tx, c.orderItemId);
    if (!found) throw notFound('Order item');
    const placed = await orders.placeReplacementOrder(tx, actor, {
      original: found.facts,
      item: found.item,
      creditCents: c.coveredCents,
      note: `Replacement for road hazard claim ${c.id}`,
    });
    return { replacementOrderId: placed.orderId };
  }
  // The covered share of the tire comes back with the sales tax paid on it (claimCreditLine).
  await refundInTx(tx, actor, threshold, {
    orderId: c.orderId,
    claimId: c.id,
    credit: { orderItemId: c.orderItemId, coveredCents: c.coveredCents },
    note: `Road hazard claim ${c.id}`,
  });
  return {};
}

/** Staff review, approve (choosing the settlement and the installer's labour), deny, pay and close claims. */
export async function actOnClaim(
  db: Db,
  actor: Actor,
  threshold: number,
  id: number,
  body: z.output<NonNullable<typeof api.claimAction.body>>,
) {
  await db.transaction(async (tx) => {
    const c = await visibleClaim(tx, actor, id, true);
    const to = claimActionTarget[body.action];
    assertClaimTransition(c.status as ClaimStatus, to);
    if (to === 'approved') {
      if (!body.settlement)
        throw badRequest('Choose a replacement or a credit', [
          { pointer: '/body/settlement', detail: 'is required to approve' },
        ]);
      if (body.labourCents && !c.installerCompanyId)
        throw badRequest('Name the installer before paying labour', [
          { pointer: '/body/labourCents', detail: 'needs an installer on the claim' },
        ]);
      return move(tx, actor, c, to, body.note, {
        settlement: body.settlement,
        labourCents: body.labourCents ?? 0,
      });
    }
    if (to === 'paid') return move(tx, actor, c, to, body.note, await pay(tx, actor, threshold, c));
    return move(tx, actor, c, to, body.note);
  });
  return getClaim(db, actor, id);
}
