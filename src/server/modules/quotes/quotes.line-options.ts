// Good, better and best for one line of a quote: the sizes the line may take, the candidate SKUs
// (exact size, then plus sizes; warehouses, then distributors), the tiers picked from them and
// their prices, floors, shipping and arrival dates.
import { type DiscountRule, bestDiscount } from '../../../domain/discounts';
import {
  addBusinessDays,
  floorCents,
  type LineNeed,
  type Pick as TierPick,
  selectTiers,
  speedRank,
} from '../../../domain/quote-options';
import { extractSize } from '../../../domain/search-query';
import { HOUSE_SERVICE, transitDays } from '../../../domain/shipping';
import { overallDiameter, parseTireSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import { quoteShipping } from '../orders/orders.service';
import { vehicleSizes } from '../sizing/sizing.service';
import * as candidatesRepo from './quotes.candidates.repository';
import { coveringOffers, type DistributorOffer, distributorStockSource } from './quotes.distributors';
import type * as optionsRepo from './quotes.options.repository';
import type * as repo from './quotes.repository';

/** Prices and stock a generation reads once for the whole quote. */
export interface GenerationContext {
  companyId: number;
  priceGroupId: number;
  zip: string | null;
  minMargin: number;
  discounts: DiscountRule[];
  /** When generation started: arrival dates count from it. */
  now: number;
  /** What a discount targets, or null when one applies to every SKU (then every SKU is read). */
  targets: Omit<candidatesRepo.TopCandidates, 'k'> | null;
}

/** SKUs read per tier order when a line has no brand, category or budget limit (3 tiers, room to spare). */
const TOP_PER_TIER = 5;

/** What the company's discounts target, for reading only the SKUs that can win a tier. */
export function discountTargets(discounts: DiscountRule[]): GenerationContext['targets'] {
  if (discounts.some((d) => d.makeId === null && d.modelId === null && d.productId === null)) return null;
  const ids = (pick: (d: DiscountRule) => number | null) =>
    discounts.map(pick).filter((n): n is number => n !== null);
  return {
    makeIds: ids((d) => d.makeId),
    modelIds: ids((d) => d.modelId),
    productIds: ids((d) => d.productId),
  };
}

export type OptionRow = Omit<Parameters<typeof optionsRepo.insertOptions>[1][number], 'quoteId'>;

/** One size a line may take, with the load and speed it needs: typed, an OE size of the vehicle or the MPN's SKU. */
function needFor(
  item: repo.QuoteItemRow,
  text: string,
  load: number | null,
  speed: string | null,
): LineNeed | null {
  const size = extractSize(text).size ?? parseTireSize(text);
  if (!size) return null;
  return {
    quantity: item.quantity,
    size: text,
    diameter: overallDiameter(size),
    loadIndex: size.loadIndex ?? load,
    speedIndex: size.speedIndex ?? speed,
    ...item.constraints,
  };
}

/** Every size a line may take (all the vehicle's OE sizes), or why none could be read. */
async function needsOf(db: Db, item: repo.QuoteItemRow): Promise<LineNeed[] | string> {
  let sizes: { text: string; load: number | null; speed: string | null }[] = [];
  if (item.vehicle) {
    const oe = await vehicleSizes(db, item.vehicle).catch(() => null);
    sizes = (oe?.data.list ?? []).map((s) => ({
      text: s.size,
      load: s.loadIndex ?? null,
      speed: s.speedIndex ?? null,
    }));
    if (!sizes.length) return 'No OE size is known for this vehicle';
  } else if (item.mpn) {
    const [sku] = await candidatesRepo.productsByMpn(db, item.mpn);
    if (!sku) return `No tire has the MPN ${item.mpn}`;
    sizes = [{ text: sku.size, load: sku.loadIndex, speed: sku.speedIndex }];
  } else if (item.size) sizes = [{ text: item.size, load: null, speed: null }];
  const needs = sizes.map((s) => needFor(item, s.text, s.load, s.speed)).filter((n) => n !== null);
  const unique = [...new Map(needs.map((n) => [`${n.size}|${n.loadIndex}|${n.speedIndex}`, n])).values()];
  return unique.length ? unique : 'The size could not be read';
}

/** At most this many SKUs short in the warehouses are offered to the distributors per size. */
const DISTRIBUTOR_LOOKUP = 200;
/** Rounds of picking again when a pick cannot arrive by the line's date. */
const DELIVERY_ROUNDS = 4;

type Priced = candidatesRepo.CandidateRow & { unitPriceCents: number; distributor?: DistributorOffer };

/** Good, better and best for one line, priced for the quote's group, with floors, shipping and arrival. */
export async function optionsForLine(db: Db, ctx: GenerationContext, item: repo.QuoteItemRow) {
  const needs = await needsOf(db, item);
  if (typeof needs === 'string') return { options: [], problem: needs };
  const quantity = item.quantity;
  const limited = needs.some((n) => n.brands?.length || n.categories?.length || n.budgetCents);
  const top = ctx.targets && !limited ? { k: TOP_PER_TIER, ...ctx.targets } : undefined;
  const price = (rows: candidatesRepo.CandidateRow[]): Priced[] =>
    rows.map((r) => ({
      ...r,
      unitPriceCents:
        r.listPriceCents -
        bestDiscount(ctx.discounts, {
          makeId: r.makeId,
          modelId: r.modelId,
          productId: r.productId,
          companyId: ctx.companyId,
          unitPriceCents: r.listPriceCents,
        }).reductionCents,
    }));
  /** The SKUs of every size of the line: exact or within 3 % of the diameter, from warehouses or distributors. */
  const pool = async (fit: 'exact' | 'plus', from: 'warehouses' | 'distributors') => {
    const rows: candidatesRepo.CandidateRow[] = [];
    for (const need of needs) {
      const size = fit === 'exact' ? (parseTireSize(need.size) ?? extractSize(need.size).size) : null;
      if (fit === 'exact' && !size) continue;
      const loads = [need.loadIndex, need.minLoadIndex].filter((n): n is number => typeof n === 'number');
      rows.push(
        ...(await candidatesRepo.candidates(db, {
          priceGroupId: ctx.priceGroupId,
          quantity,
          ...(from === 'distributors' ? { short: DISTRIBUTOR_LOOKUP } : { top }),
          minLoad: loads.length ? Math.max(...loads) : null,
          minSpeedRank: Math.max(speedRank(need.speedIndex), speedRank(need.minSpeedRating)),
          ...(size
            ? { exact: size }
            : { diameter: { from: need.diameter * 0.97, to: need.diameter * 1.03 } }),
        })),
      );
    }
    const unique = [...new Map(rows.map((r) => [r.productId, r])).values()];
    if (from === 'warehouses') return price(unique);
    const offers = await coveringOffers(db, unique, quantity);
    return price(unique.filter((r) => offers.has(r.productId))).map((r) => {
      const offer = offers.get(r.productId) as DistributorOffer;
      return { ...r, available: r.available + offer.available, distributor: offer };
    });
  };
  const steps = [
    ['exact', 'warehouses'],
    ['exact', 'distributors'],
    ['plus', 'warehouses'],
    ['plus', 'distributors'],
  ] as const;
  const withDistributors = distributorStockSource() !== null;
  for (const [fit, from] of steps) {
    if (from === 'distributors' && !withDistributors) continue;
    let candidates = await pool(fit, from);
    for (let round = 0; round < DELIVERY_ROUNDS && candidates.length; round++) {
      const picks = selectTiers(candidates, needs);
      if (!picks.length) break;
      const options = await priceOptions(db, ctx, item, picks);
      const deliverBy = needs[0].deliverBy;
      const late = deliverBy ? options.filter((o) => (o.arrivesBy ?? '') > deliverBy) : [];
      if (!late.length) return { options, problem: null };
      const lateIds = new Set(late.map((o) => o.productId));
      candidates = candidates.filter((c) => !lateIds.has(c.productId));
    }
  }
  const by = needs[0].deliverBy ? ` by ${needs[0].deliverBy}` : '';
  return { options: [], problem: `No fitting tire is in stock for ${quantity}${by}` };
}

/** The options of the picks: floors, road hazard, the shop's shipping and when they arrive. */
async function priceOptions(
  db: Db,
  ctx: GenerationContext,
  item: repo.QuoteItemRow,
  picks: TierPick[],
): Promise<OptionRow[]> {
  const shipping = await quoteShipping(
    db,
    picks.map((p) => ({ productId: p.candidate.productId, quantity: item.quantity })),
    ctx.zip,
  );
  const today = new Date(ctx.now);
  return picks.map((p, i) => {
    const c = p.candidate as Priced;
    const lead = c.distributor?.leadDays ?? 0;
    const arrivesBy = addBusinessDays(
      today,
      lead + transitDays(HOUSE_SERVICE, c.distributor ? null : shipping[i].miles),
    );
    const from = c.distributor
      ? ` From ${c.distributor.distributor} (${c.distributor.available} there, ${lead} business days to ship).`
      : '';
    return {
      itemId: item.id,
      tier: p.tier,
      productId: c.productId,
      quantity: item.quantity,
      costCents: c.costCents,
      listPriceCents: c.listPriceCents,
      unitPriceCents: c.unitPriceCents,
      priceSource: 'list',
      floorCents: floorCents(c.costCents, ctx.minMargin, c.mapCents),
      roadHazardUnitCents: roadHazardOffer(c.unitPriceCents).unitCents,
      shippingCents: shipping[i].shippingCents,
      available: c.available,
      distributor: c.distributor?.distributor ?? null,
      arrivesBy,
      plusSize: p.plusSize,
      reason: `${p.reason}${from} Arrives by ${arrivesBy}.`,
    };
  });
}
