// The SQL of quotes: the quote and its line requests, options, generation jobs, stock holds and
// log, the price floors' settings, and the catalogue candidates options are picked from. What a
// floor is made of is read by the floors module (floors.service.ts), shared with discounts.
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, type Paging, searchWhere } from '../../db/list-page';
import {
  advertisedMinimums,
  companies,
  locations,
  makes,
  models,
  priceGroupFloors,
  priceGroups,
  products,
  quoteHolds,
  quoteItems,
  quoteJobs,
  quoteLog,
  quoteOptions,
  quotes,
  users,
} from '../../db/schema';
import { speedIndexes } from '../../../domain/tire-size';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;
export type QuoteOptionRow = typeof quoteOptions.$inferSelect;
export type QuoteJobRow = typeof quoteJobs.$inferSelect;

const requester = alias(users, 'requester');
const owner = alias(users, 'owner');

export interface QuoteFilter {
  page: number;
  pageSize: number;
  sort?: string;
  companyId?: number;
  status?: string;
  ownerUserId?: number;
  from?: string;
  to?: string;
  text?: string;
}

function summaries(db: DbOrTx) {
  return db
    .select({
      quote: quotes,
      companyName: companies.name,
      locationName: locations.name,
      requesterName: requester.name,
      ownerName: owner.name,
      lineCount: sql<number>`(select count(*)::int from quote_items qi where qi.quote_id = ${quotes.id})`,
      tireCount: sql<number>`(select coalesce(sum(qi.quantity), 0)::int from quote_items qi where qi.quote_id = ${quotes.id})`,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .innerJoin(locations, eq(locations.id, quotes.locationId))
    .innerJoin(requester, eq(requester.id, quotes.requesterUserId))
    .leftJoin(owner, eq(owner.id, quotes.ownerUserId));
}
export type QuoteSummaryRow = Awaited<ReturnType<typeof findSummary>> & {};

/** Quotes by the filter; `text` matches the title, note, company, number or a line's size or MPN. */
export function listQuotes(db: DbOrTx, f: QuoteFilter) {
  const pattern = f.text ? `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    f.companyId ? eq(quotes.companyId, f.companyId) : undefined,
    f.status ? eq(quotes.status, f.status) : undefined,
    f.ownerUserId ? eq(quotes.ownerUserId, f.ownerUserId) : undefined,
    f.from ? gte(quotes.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(quotes.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
    pattern
      ? sql`(${quotes.title} ilike ${pattern} or ${quotes.note} ilike ${pattern} or ${companies.name} ilike ${pattern}
          or ${quotes.id}::text = ${f.text} or exists (select 1 from quote_items qi where qi.quote_id = ${quotes.id}
          and (qi.size ilike ${pattern} or qi.mpn ilike ${pattern})))`
      : undefined,
  );
  const sortable = { createdAt: quotes.createdAt, validUntil: quotes.validUntil, status: quotes.status };
  return listPage(db, f, () => summaries(db).where(where).$dynamic(), orderOf(f.sort, sortable, quotes.id));
}

export async function findSummary(db: DbOrTx, id: number) {
  const [row] = await summaries(db).where(eq(quotes.id, id));
  return row ?? null;
}

export async function lockQuote(db: DbOrTx, id: number) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('no key update');
  return row ?? null;
}

export async function insertQuote(db: DbOrTx, values: typeof quotes.$inferInsert) {
  const [row] = await db.insert(quotes).values(values).returning();
  return row;
}

export async function updateQuote(db: DbOrTx, id: number, set: Partial<typeof quotes.$inferInsert>) {
  const [row] = await db
    .update(quotes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  return row;
}

export async function insertItems(db: DbOrTx, values: (typeof quoteItems.$inferInsert)[]) {
  return db.insert(quoteItems).values(values).returning();
}

export async function deleteItems(db: DbOrTx, quoteId: number) {
  await db.delete(quoteItems).where(eq(quoteItems.quoteId, quoteId));
}

export function itemsOf(db: DbOrTx, quoteId: number) {
  return db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.position));
}

export async function findItem(db: DbOrTx, itemId: number) {
  const [row] = await db.select().from(quoteItems).where(eq(quoteItems.id, itemId));
  return row ?? null;
}

export async function updateItem(db: DbOrTx, itemId: number, set: Partial<typeof quoteItems.$inferInsert>) {
  await db.update(quoteItems).set(set).where(eq(quoteItems.id, itemId));
}

/** The options of a quote with the SKU's names and service description. */
export function optionsOf(db: DbOrTx, quoteId: number) {
  return db
    .select({
      option: quoteOptions,
      skuCode: products.skuCode,
      size: products.size,
      loadIndex: products.loadIndex,
      speedIndex: products.speedIndex,
      makeId: products.makeId,
      modelId: products.modelId,
      makeName: makes.name,
      modelName: models.name,
    })
    .from(quoteOptions)
    .innerJoin(products, eq(products.id, quoteOptions.productId))
    .innerJoin(makes, eq(makes.id, products.makeId))
    .innerJoin(models, eq(models.id, products.modelId))
    .where(eq(quoteOptions.quoteId, quoteId))
    .orderBy(asc(quoteOptions.itemId), asc(quoteOptions.id));
}
export type OptionView = Awaited<ReturnType<typeof optionsOf>>[number];

export async function findOption(db: DbOrTx, optionId: number) {
  const [row] = await db.select().from(quoteOptions).where(eq(quoteOptions.id, optionId));
  return row ?? null;
}

export async function deleteOptions(db: DbOrTx, quoteId: number) {
  await db.delete(quoteOptions).where(eq(quoteOptions.quoteId, quoteId));
}

export async function insertOptions(db: DbOrTx, values: (typeof quoteOptions.$inferInsert)[]) {
  if (values.length) await db.insert(quoteOptions).values(values);
}

export async function updateOption(db: DbOrTx, id: number, set: Partial<typeof quoteOptions.$inferInsert>) {
  await db
    .update(quoteOptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(quoteOptions.id, id));
}

// Jobs

export async function insertJob(db: DbOrTx, values: typeof quoteJobs.$inferInsert) {
  const [row] = await db.insert(quoteJobs).values(values).returning();
  return row;
}

export async function findJob(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(quoteJobs).where(eq(quoteJobs.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

export async function latestJob(db: DbOrTx, quoteId: number) {
  const [row] = await db
    .select()
    .from(quoteJobs)
    .where(eq(quoteJobs.quoteId, quoteId))
    .orderBy(desc(quoteJobs.id))
    .limit(1);
  return row ?? null;
}

/** Moves a running job on; answers null when it is no longer running (cancelled or timed out). */
export async function updateRunningJob(db: DbOrTx, id: number, set: Partial<typeof quoteJobs.$inferInsert>) {
  const [row] = await db
    .update(quoteJobs)
    .set(set)
    .where(and(eq(quoteJobs.id, id), eq(quoteJobs.status, 'running')))
    .returning();
  return row ?? null;
}

// Holds

export async function insertHolds(db: DbOrTx, values: (typeof quoteHolds.$inferInsert)[]) {
  if (values.length) await db.insert(quoteHolds).values(values);
}

export function openHolds(db: DbOrTx, quoteId: number) {
  return db
    .select()
    .from(quoteHolds)
    .where(and(eq(quoteHolds.quoteId, quoteId), eq(quoteHolds.status, 'held')));
}

export async function releaseHolds(db: DbOrTx, quoteId: number) {
  await db
    .update(quoteHolds)
    .set({ status: 'released' })
    .where(and(eq(quoteHolds.quoteId, quoteId), eq(quoteHolds.status, 'held')));
}

/** Finalized or sent quotes past their validity, oldest first. */
export async function expiredQuoteIds(db: DbOrTx, limit = 50) {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(inArray(quotes.status, ['finalized', 'sent']), lt(quotes.validUntil, new Date())))
    .orderBy(asc(quotes.validUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

// Log

export async function insertLog(db: DbOrTx, values: typeof quoteLog.$inferInsert) {
  await db.insert(quoteLog).values(values);
}

export function logOf(db: DbOrTx, quoteId: number) {
  return db
    .select({ entry: quoteLog, userName: users.name })
    .from(quoteLog)
    .leftJoin(users, eq(users.id, quoteLog.userId))
    .where(eq(quoteLog.quoteId, quoteId))
    .orderBy(asc(quoteLog.id));
}

export async function userName(db: DbOrTx, userId: number | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findCompanyLocation(db: DbOrTx, companyId: number, locationId: number) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  return row ?? null;
}

/** An active user of the quoting staff (sales or admin), to own a quote. */
export async function findStaffUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, ['sales', 'admin']), eq(users.active, true)));
  return row ?? null;
}

// Floors

export function floors(db: DbOrTx) {
  return db
    .select({
      priceGroupId: priceGroups.id,
      code: priceGroups.code,
      name: priceGroups.name,
      minMarginBasisPoints: sql<number>`coalesce(${priceGroupFloors.minMarginBasisPoints}, 0)::int`,
    })
    .from(priceGroups)
    .leftJoin(priceGroupFloors, eq(priceGroupFloors.priceGroupId, priceGroups.id))
    .orderBy(asc(priceGroups.id));
}

export async function setFloor(db: DbOrTx, priceGroupId: number, minMarginBasisPoints: number) {
  await db
    .insert(priceGroupFloors)
    .values({ priceGroupId, minMarginBasisPoints })
    .onConflictDoUpdate({
      target: priceGroupFloors.priceGroupId,
      set: { minMarginBasisPoints, updatedAt: new Date() },
    });
}

// Candidates

export interface CandidateRow {
  productId: number;
  makeId: number;
  modelId: number;
  makeName: string;
  brandTier: number;
  categoryName: string | null;
  size: string;
  overallDiameter: number;
  loadIndex: number | null;
  speedIndex: string | null;
  treadWarrantyMiles: number | null;
  utqg: string | null;
  listPriceCents: number;
  costCents: number;
  available: number;
  mapCents: number | null;
}

function toCandidate(r: Record<string, unknown>): CandidateRow {
  return {
    productId: Number(r.product_id),
    makeId: Number(r.make_id),
    modelId: Number(r.model_id),
    makeName: r.make_name as string,
    brandTier: Number(r.brand_tier),
    categoryName: (r.category_name as string | null) ?? null,
    size: r.size as string,
    overallDiameter: Number(r.overall_diameter),
    loadIndex: r.load_index === null ? null : Number(r.load_index),
    speedIndex: (r.speed_index as string | null) ?? null,
    treadWarrantyMiles: r.tread_warranty_miles === null ? null : Number(r.tread_warranty_miles),
    utqg: (r.utqg as string | null) ?? null,
    listPriceCents: Number(r.price_cents),
    costCents: Number(r.cost_cents),
    available: Number(r.available),
    mapCents: r.map_cents === null ? null : Number(r.map_cents),
  };
}

const speedList = `{${speedIndexes.join(',')}}`;

/**
 * Purchasable SKUs of the price group with stock for the quantity, load and speed at or above
 * what is asked: of one exact size, or (plus sizes) of any size within the diameter range.
 */
/**
 * A line without brand, category or budget limits needs only the few SKUs that can win a tier:
 * the first k by each tier's order (price; warranty miles per dollar then treadwear; brand tier)
 * among SKUs no discount targets, and every SKU a discount targets (its net price may reorder
 * it). The tier rules themselves stay in the domain (selectTiers), which picks from these.
 */
export interface TopCandidates {
  k: number;
  makeIds: number[];
  modelIds: number[];
  productIds: number[];
}

export async function candidates(
  db: DbOrTx,
  q: {
    priceGroupId: number;
    quantity: number;
    /** SKUs the warehouses cannot fill (for a distributor's stock), at most this many. */
    short?: number;
    minLoad: number | null;
    minSpeedRank: number;
    exact?: { width: number; ratio: number; rim: number };
    diameter?: { from: number; to: number };
    /** Only the SKUs that can win a tier: see TopCandidates. */
    top?: TopCandidates;
  },
): Promise<CandidateRow[]> {
  const where = q.exact
    ? sql`p.width = ${q.exact.width} and p.ratio = ${q.exact.ratio} and p.rim = ${q.exact.rim}`
    : sql`p.overall_diameter between ${q.diameter?.from ?? 0} and ${q.diameter?.to ?? 0}`;
  const top = q.top;
  const ids = (list: number[]) => `{${list.join(',')}}`;
  const discounted = top
    ? sql`(p.make_id = any(${ids(top.makeIds)}::bigint[]) or p.model_id = any(${ids(top.modelIds)}::bigint[])
        or p.id = any(${ids(top.productIds)}::bigint[]))`
    : sql`false`;
  const { rows } = await db.execute(sql`
    ${
      top
        ? sql`select * from (select *,
      row_number() over (partition by discounted order by price_cents, product_id) as by_price,
      row_number() over (partition by discounted order by coalesce(tread_warranty_miles, 0) * 100.0 / greatest(price_cents, 1) desc,
        treadwear desc, price_cents, product_id) as by_value,
      row_number() over (partition by discounted order by brand_tier, coalesce(tread_warranty_miles, 0) desc,
        speed_rank desc, price_cents, product_id) as by_brand
      from (`
        : sql``
    }
    select p.id as product_id, p.make_id, p.model_id, mk.name as make_name, coalesce(bt.tier, 2) as brand_tier,
      c.name as category_name, p.size, p.overall_diameter, p.load_index, p.speed_index,
      m.tread_warranty_miles, m.utqg, pp.price_cents, pp.cost_cents, pp.available, am.map_cents,
      coalesce(substring(m.utqg from '^ *([0-9]+)')::int, 0) as treadwear,
      coalesce(array_position(${speedList}::text[], p.speed_index), 0) - 1 as speed_rank,
      ${discounted} as discounted
    from products p
    join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${q.priceGroupId}
    join makes mk on mk.id = p.make_id
    join models m on m.id = p.model_id
    left join categories c on c.id = m.category_id
    left join brand_tiers bt on bt.make_id = p.make_id
    left join advertised_minimums am on am.product_id = p.id
    where ${where} and p.active and mk.active and m.active
      and ${q.short ? sql`pp.available < ${q.quantity}` : sql`pp.available >= ${q.quantity}`}
      and (${q.minLoad}::int is null or p.load_index >= ${q.minLoad}::int)
      and coalesce(array_position(${speedList}::text[], p.speed_index), 0) - 1 >= ${q.minSpeedRank}
    ${q.short ? sql`order by pp.price_cents, p.id limit ${q.short}` : sql``}
    ${top ? sql`) c) ranked where discounted or by_price <= ${top.k} or by_value <= ${top.k} or by_brand <= ${top.k}` : sql``}`);
  return rows.map(toCandidate);
}

/** SKUs with this manufacturer part number. */
export function productsByMpn(db: DbOrTx, mpn: string) {
  return db
    .select({ size: products.size, loadIndex: products.loadIndex, speedIndex: products.speedIndex })
    .from(products)
    .where(and(sql`lower(${products.skuCode}) = lower(${mpn})`, eq(products.active, true)))
    .limit(1);
}

/** The SKUs that have a minimum advertised price, by SKU code; `q` searches SKU, make and size. */
export function advertisedMinimumsPage(db: DbOrTx, q: Paging & { q?: string }) {
  return listPage(
    db,
    q,
    () =>
      db
        .select({
          productId: advertisedMinimums.productId,
          skuCode: products.skuCode,
          makeName: makes.name,
          modelName: models.name,
          size: products.size,
          mapCents: advertisedMinimums.mapCents,
        })
        .from(advertisedMinimums)
        .innerJoin(products, eq(products.id, advertisedMinimums.productId))
        .innerJoin(makes, eq(makes.id, products.makeId))
        .innerJoin(models, eq(models.id, products.modelId))
        .where(searchWhere(q.q, [products.skuCode, makes.name, models.name, products.size]))
        .$dynamic(),
    [asc(products.skuCode), asc(advertisedMinimums.productId)],
  );
}

export async function productExists(db: DbOrTx, productId: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(row);
}

/** Sets a SKU's MAP, or removes it (null); answers the value before. */
export async function setAdvertisedMinimum(db: DbOrTx, productId: number, mapCents: number | null) {
  const [was] = await db
    .select({ mapCents: advertisedMinimums.mapCents })
    .from(advertisedMinimums)
    .where(eq(advertisedMinimums.productId, productId));
  const before = was?.mapCents ?? null;
  if (mapCents === null)
    await db.delete(advertisedMinimums).where(eq(advertisedMinimums.productId, productId));
  else
    await db
      .insert(advertisedMinimums)
      .values({ productId, mapCents })
      .onConflictDoUpdate({ target: advertisedMinimums.productId, set: { mapCents } });
  return before;
}

/** The day's price, cost and stock of SKUs for a price group. */
export async function dayPrices(db: DbOrTx, priceGroupId: number, productIds: number[]) {
  if (!productIds.length)
    return new Map<number, { priceCents: number; costCents: number; available: number }>();
  const { rows } = await db.execute(sql`
    select product_id, price_cents, cost_cents, available from product_prices
    where price_group_id = ${priceGroupId} and product_id = any(${`{${productIds.join(',')}}`}::bigint[])`);
  return new Map(
    rows.map((r) => [
      Number(r.product_id),
      { priceCents: Number(r.price_cents), costCents: Number(r.cost_cents), available: Number(r.available) },
    ]),
  );
}
