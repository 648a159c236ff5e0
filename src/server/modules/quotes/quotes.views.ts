// What a quote looks like on the wire: its summary, and the detail with lines, options (each with
// its landed cost: quotes.landed.ts), totals per tier, the tax terms, the latest generation job and
// the history. Buyers never see cost or floors.
import type { QuoteDetail, QuoteJob, QuoteOption, QuoteSummary } from '../../../contract/quotes';
import type { Totals } from '../../../domain/money';
import { type QuoteTier, quoteTiers } from '../../../domain/quote-options';
import type { QuoteJobStatus, QuoteStatus } from '../../../domain/quote-status';
import { isStaff } from '../../../domain/roles';
import { type DbOrTx, readAll } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import * as jobsRepo from './quotes.jobs.repository';
import { deliveryOf, type QuoteLanded, quoteLanded, taxDayOf } from './quotes.landed';
import * as optionsRepo from './quotes.options.repository';
import * as repo from './quotes.repository';

export function toSummary(r: NonNullable<repo.QuoteSummaryRow>): QuoteSummary {
  const q = r.quote;
  return {
    id: q.id,
    status: q.status as QuoteStatus,
    title: q.title,
    companyId: q.companyId,
    companyName: r.companyName,
    locationId: q.locationId,
    locationName: r.locationName,
    requesterName: r.requesterName,
    ownerUserId: q.ownerUserId,
    ownerName: r.ownerName,
    lineCount: Number(r.lineCount),
    tireCount: Number(r.tireCount),
    validUntil: iso(q.validUntil),
    createdAt: iso(q.createdAt),
    orderId: q.orderId,
  };
}

export function toJob(j: jobsRepo.QuoteJobRow): QuoteJob {
  return {
    id: j.id,
    quoteId: j.quoteId,
    status: j.status as QuoteJobStatus,
    done: j.done,
    total: j.total,
    message: j.message,
    startedAt: iso(j.startedAt),
    deadlineAt: iso(j.deadlineAt),
    finishedAt: iso(j.finishedAt),
  };
}

function toOption(v: optionsRepo.OptionView, landed: QuoteLanded, staff: boolean): QuoteOption {
  const o = v.option;
  const charges = landed.chargesOf(o.id);
  return {
    id: o.id,
    itemId: o.itemId,
    tier: o.tier as QuoteTier,
    productId: o.productId,
    makeId: v.makeId,
    modelId: v.modelId,
    skuCode: v.skuCode,
    makeName: v.makeName,
    modelName: v.modelName,
    size: v.size,
    loadIndex: v.loadIndex,
    speedIndex: v.speedIndex,
    quantity: o.quantity,
    listPriceCents: o.listPriceCents,
    unitPriceCents: o.unitPriceCents,
    priceSource: o.priceSource as QuoteOption['priceSource'],
    roadHazardUnitCents: o.roadHazardUnitCents,
    shippingCents: o.shippingCents,
    fetUnitCents: charges.fetUnitCents,
    tireFeeUnitCents: charges.tireFeeUnitCents,
    servicesUnitCents: charges.servicesUnitCents,
    taxCents: charges.taxCents,
    lineTotalCents: charges.totalCents,
    available: o.available,
    distributor: o.distributor,
    arrivesBy: o.arrivesBy,
    plusSize: o.plusSize,
    reason: o.reason,
    costCents: staff ? o.costCents : null,
    floorCents: staff ? o.floorCents : null,
    belowFloor: staff ? o.unitPriceCents < o.floorCents : null,
  };
}

/** Per tier, the totals if every line took that tier (a line without it takes its first option). */
function tierTotals(items: repo.QuoteItemRow[], options: optionsRepo.OptionView[], landed: QuoteLanded) {
  const result = { good: null, better: null, best: null } as Record<QuoteTier, Totals | null>;
  if (!options.length) return result;
  for (const tier of quoteTiers) {
    const chosen = items.flatMap((item) => {
      const own = options.filter((o) => o.option.itemId === item.id);
      const pick = own.find((o) => o.option.tier === tier) ?? own[0];
      return pick ? [{ option: pick.option, roadHazard: item.roadHazard }] : [];
    });
    result[tier] = landed.totalsOf(chosen);
  }
  return result;
}

/** The whole quote as its reader may see it; a quote of another company is a 404. */
export async function quoteDetail(db: DbOrTx, actor: Actor, id: number): Promise<QuoteDetail> {
  const row = await repo.findSummary(db, id);
  if (!row || (!isStaff(actor.role) && row.quote.companyId !== actor.companyId)) throw notFound('Quote');
  const staff = isStaff(actor.role);
  const [items, options, job, log, approver, bay] = await readAll(db, [
    () => repo.itemsOf(db, id),
    () => optionsRepo.optionsOf(db, id),
    () => (staff ? jobsRepo.latestJob(db, id) : Promise.resolve(null)),
    () => repo.logOf(db, id),
    () => repo.userName(db, row.quote.floorApprovedByUserId),
    () => repo.findLocation(db, row.quote.installerLocationId),
  ]);
  const q = row.quote;
  const delivery = deliveryOf(q);
  const landed = await quoteLanded(db, q, items, options, taxDayOf(q));
  return {
    ...toSummary(row),
    note: q.note,
    deliveryZip: q.deliveryZip,
    delivery: {
      kind: delivery.deliveryKind === 'installer' ? 'installer' : 'location',
      installerLocationId: delivery.installerLocationId,
      installerName: delivery.installerLocationId ? (bay?.name ?? null) : null,
    },
    finalizedAt: iso(q.finalizedAt),
    sentAt: iso(q.sentAt),
    acceptedAt: iso(q.acceptedAt),
    floorApprovedBy: approver?.name ?? null,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      size: item.size,
      vehicle: item.vehicle ?? null,
      mpn: item.mpn,
      quantity: item.quantity,
      roadHazard: item.roadHazard,
      constraints: item.constraints,
      problem: item.problem,
      chosenOptionId: item.chosenOptionId,
      options: options.filter((o) => o.option.itemId === item.id).map((o) => toOption(o, landed, staff)),
    })),
    tax: landed.tax,
    taxedOn: landed.taxedOn,
    tierTotals: tierTotals(items, options, landed),
    job: job ? toJob(job) : null,
    log: log.map((l) => ({
      at: iso(l.entry.createdAt),
      userName: l.userName,
      fromStatus: l.entry.fromStatus,
      toStatus: l.entry.toStatus,
      note: l.entry.note,
    })),
  };
}
