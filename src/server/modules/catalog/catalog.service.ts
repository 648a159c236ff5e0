import type { z } from 'zod';
import type * as api from '../../../contract/catalog';
import { formatSize, parseTireSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { type Page, type Paging, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { withDiscounts } from '../discounts/discounts.service';
import { findVehicles, vehicleWithId, vehicleWithSlug } from '../sizing/sizing.service';
import { tireSvg } from './catalog.images';
import * as repo from './catalog.repository';

// The catalogue's public entry: its read use cases, and what other modules may use of it (the
// pricing engine: prices per group).
export { previewPrices, refreshProductPrices } from './catalog.prices';

type ProductQuery = z.output<typeof api.ProductQuery>;
type SizeQuery = z.output<typeof api.SizeQuery>;

/** The answer of a read of one record; a missing one is a 404 naming what was asked for. */
function found<T>(row: T | undefined, what: string): { data: T } {
  if (!row) throw notFound(what);
  return { data: row };
}

/** Categories by name: every signed-in user sees the whole catalogue's structure. */
export async function listCategories(db: Db, q: repo.SearchQuery) {
  return pageAnswer(q, await repo.listCategories(db, q));
}
export async function getCategory(db: Db, id: number) {
  return found(await repo.findCategory(db, id), 'Category');
}

/** Brands by name, inactive ones included (the back office lists them). */
export async function listMakes(db: Db, q: repo.SearchQuery) {
  return pageAnswer(q, await repo.listMakes(db, q));
}
export async function getMake(db: Db, id: number) {
  return found(await repo.findMake(db, id), 'Make');
}

/** Tire lines by brand and name, narrowed to a brand or category, searched in "brand line". */
export async function listModels(db: Db, q: repo.ModelQuery) {
  return pageAnswer(q, await repo.listModels(db, q));
}
export async function getModel(db: Db, id: number) {
  return found(await repo.findModel(db, id), 'Model');
}

/** The sales channels (4 is this web shop), on one page. */
export async function listChannels(db: Db) {
  return pageAnswer({ page: 0 }, await repo.listChannels(db));
}

/**
 * A page of SKUs as the caller buys them: its price group's price less the best discount in
 * force for its company, the cart's rule (one more statement per page).
 */
async function pricedPage(
  db: Db,
  actor: Actor,
  filter: Omit<repo.ProductFilter, 'priceGroupId'>,
): Promise<Page<api.Product>> {
  const page = await repo.listProducts(db, { ...filter, priceGroupId: actor.priceGroupId });
  return { ...page, list: await withDiscounts(db, actor.companyId, page.list) };
}

/** SKUs with the caller's prices; a size in any notation is read as its canonical text. */
export async function listProducts(db: Db, actor: Actor, q: ProductQuery) {
  const parsed = q.size ? parseTireSize(q.size) : null;
  const sizeText = q.size ? (parsed ? formatSize(parsed) : q.size) : undefined;
  return pageAnswer(q, await pricedPage(db, actor, { ...q, sizeText }));
}

/** One SKU by its code (MPN) and its make's id or slug, with the caller's price. */
export async function productByCode(db: Db, actor: Actor, skuCode: string, make: string) {
  const page = await pricedPage(db, actor, { page: 0, pageSize: 1, skuCode, make });
  return found(page.list[0], 'Product');
}

/** One SKU by id, with the caller's price. */
export async function productById(db: Db, actor: Actor, productId: number) {
  const page = await pricedPage(db, actor, { page: 0, pageSize: 1, productId });
  return found(page.list[0], 'Product');
}

/** The SKUs of one size, by the size's slug (225-45r17), with the caller's prices. */
export async function productsOfSize(db: Db, actor: Actor, sizeSlug: string, q: Paging) {
  return pageAnswer(q, await pricedPage(db, actor, { ...q, sizeSlug }));
}

/** Canonical sizes by dimensions. */
export async function listSizes(db: Db, q: SizeQuery) {
  return pageAnswer(q, await repo.listSizes(db, q));
}
export async function getSize(db: Db, id: number) {
  return found(await repo.findSize(db, id), 'Size');
}

/** Plus-size alternatives: sizes within 3% of the overall diameter of a size, closest first. */
export async function sizesByDiameter(db: Db, id: number) {
  const { data: size } = found(await repo.findSize(db, id), 'Size');
  return { data: { size, list: await repo.sizesNearDiameter(db, size.overallDiameter, size.id) } };
}

/** A full size in any notation finds its record; anything else is the start of a size or slug. */
export async function searchSizes(db: Db, q: Paging & { q: string }) {
  const parsed = parseTireSize(q.q);
  const dims = parsed
    ? { width: parsed.width, ratio: parsed.ratio, rim: parsed.rim }
    : { text: q.q.toUpperCase() };
  return pageAnswer(q, await repo.listSizes(db, { page: q.page, pageSize: q.pageSize, ...dims }));
}

/** Vehicles with their OE sizes (kept by the sizing module, which owns the vehicle data). */
export function listVehicles(db: Db, q: z.output<typeof api.VehicleQuery>) {
  return findVehicles(db, q);
}
export async function getVehicleBySlug(db: Db, slug: string) {
  return { data: await vehicleWithSlug(db, slug) };
}
export async function getVehicleById(db: Db, id: number) {
  return { data: await vehicleWithId(db, id) };
}

/** The drawn picture of a tire line (SVG text); null for an unknown line. */
export async function modelImage(db: Db, id: number) {
  const model = await repo.modelForImage(db, id);
  return model ? tireSvg(model.name, model.brand, model.category, id) : null;
}
