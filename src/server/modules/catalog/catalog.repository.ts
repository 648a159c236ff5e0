import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/catalog';
import type { DbOrTx } from '../../db/connection';
import { listPage, type Page, type Paging } from '../../db/list-page';
import { and, productFields, productFrom } from '../../db/product-sql';

// The catalogue's reads are `sql` selects (the product columns are shared with the shop search,
// db/product-sql.ts). A row comes back untyped: each kind has its mapper below, which names
// every field of the contract's shape and converts it.

type Category = z.infer<typeof api.Category>;
type Make = z.infer<typeof api.Make>;
type Model = z.infer<typeof api.Model>;
type Size = api.Size;
type Channel = z.infer<typeof api.Channel>;
type Row = Record<string, unknown>;

export type SearchQuery = z.output<typeof api.SearchQuery>;
export type ModelQuery = z.output<typeof api.ModelQuery>;

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => String(v);
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown) => v === true;

export const toCategory = (r: Row): Category => ({ id: num(r.id), name: str(r.name), slug: str(r.slug) });

export const toMake = (r: Row): Make => ({
  id: num(r.id),
  name: str(r.name),
  slug: str(r.slug),
  active: bool(r.active),
});

export const toModel = (r: Row): Model => ({
  id: num(r.id),
  makeId: num(r.makeId),
  makeName: str(r.makeName),
  categoryId: numOrNull(r.categoryId),
  categoryName: strOrNull(r.categoryName),
  name: str(r.name),
  slug: str(r.slug),
  description: str(r.description),
  sidewall: strOrNull(r.sidewall),
  treadWarrantyMiles: numOrNull(r.treadWarrantyMiles),
  runFlat: bool(r.runFlat),
  utqg: strOrNull(r.utqg),
  imageUrl: strOrNull(r.imageUrl),
  active: bool(r.active),
});

export const toSize = (r: Row): Size => ({
  id: num(r.id),
  size: str(r.size),
  slug: str(r.slug),
  sizeType: str(r.sizeType),
  width: num(r.width),
  ratio: num(r.ratio),
  rim: num(r.rim),
  construction: str(r.construction),
  overallDiameter: num(r.overallDiameter),
});

/** A SKU with its price group's price, before the caller's discounts (the columns of productFields). */
export const toListedProduct = (r: Row): api.ListPricedProduct => ({
  productId: num(r.productId),
  skuMakeId: num(r.skuMakeId),
  skuCode: str(r.skuCode),
  makeId: num(r.makeId),
  modelId: num(r.modelId),
  brand: str(r.brand),
  line: str(r.line),
  categoryId: numOrNull(r.categoryId),
  category: strOrNull(r.category),
  size: str(r.size),
  sizeType: str(r.sizeType),
  width: num(r.width),
  ratio: num(r.ratio),
  rim: num(r.rim),
  construction: str(r.construction),
  loadIndex: numOrNull(r.loadIndex),
  loadIndexDual: numOrNull(r.loadIndexDual),
  speedIndex: strOrNull(r.speedIndex),
  ply: numOrNull(r.ply),
  loadRange: strOrNull(r.loadRange),
  weightLbs: numOrNull(r.weightLbs),
  overallDiameter: num(r.overallDiameter),
  utqg: strOrNull(r.utqg),
  warrantyMiles: numOrNull(r.warrantyMiles),
  sidewall: strOrNull(r.sidewall),
  runFlat: bool(r.runFlat),
  specials: bool(r.specials),
  rebateCents: num(r.rebateCents),
  fetUnitCents: num(r.fetUnitCents),
  priceCents: numOrNull(r.priceCents),
  available: num(r.available),
  image: strOrNull(r.image),
});

export const toChannel = (r: Row): Channel => ({
  id: num(r.id),
  code: str(r.code),
  name: str(r.name),
  active: bool(r.active),
});

const categorySelect = sql`select id, name, slug from categories`;
const makeSelect = sql`select id, name, slug, active from makes`;
const modelSelect = sql`
  select m.id, m.make_id as "makeId", mk.name as "makeName", m.category_id as "categoryId",
         c.name as "categoryName", m.name, m.slug, m.description, m.sidewall,
         m.tread_warranty_miles as "treadWarrantyMiles", m.run_flat as "runFlat", m.utqg,
         m.image_url as "imageUrl", m.active
  from models m join makes mk on mk.id = m.make_id left join categories c on c.id = m.category_id`;
const sizeSelect = sql`
  select id, size, slug, size_type as "sizeType", width::float8 as width, ratio::float8 as ratio,
         rim::float8 as rim, construction, overall_diameter::float8 as "overallDiameter" from sizes`;

/** Rows whose column contains the searched text (case-insensitive); nothing when nothing is searched. */
const contains = (column: SQL, q?: string) =>
  q ? sql`${column} ilike ${`%${q.replace(/[\\%_]/g, '\\$&')}%`}` : undefined;

/** The page of a `sql` list, each row through its mapper. */
async function mapped<T>(page: Promise<Page<Row>>, toItem: (row: Row) => T): Promise<Page<T>> {
  const { list, count } = await page;
  return { list: list.map((row) => toItem(row)), count };
}

/** The one row of a `sql` select, through its mapper; undefined when there is none. */
async function one<T>(db: DbOrTx, select: SQL, toItem: (row: Row) => T) {
  const { rows } = await db.execute<Row>(sql`${select} limit 1`);
  return rows[0] ? toItem(rows[0]) : undefined;
}

export const listCategories = (db: DbOrTx, q: SearchQuery) =>
  mapped(
    listPage(db, q, () => sql`${categorySelect} where ${and([contains(sql`name`, q.q)])}`, [
      sql`name`,
      sql`id`,
    ]),
    toCategory,
  );
export const findCategory = (db: DbOrTx, id: number) =>
  one(db, sql`${categorySelect} where id = ${id}`, toCategory);

export const listMakes = (db: DbOrTx, q: SearchQuery) =>
  mapped(
    listPage(db, q, () => sql`${makeSelect} where ${and([contains(sql`name`, q.q)])}`, [sql`name`, sql`id`]),
    toMake,
  );
export const findMake = (db: DbOrTx, id: number) => one(db, sql`${makeSelect} where id = ${id}`, toMake);

export const listModels = (db: DbOrTx, q: ModelQuery) => {
  const where = and([
    contains(sql`(mk.name || ' ' || m.name)`, q.q),
    q.makeId !== undefined && sql`m.make_id = ${q.makeId}`,
    q.categoryId !== undefined && sql`m.category_id = ${q.categoryId}`,
  ]);
  return mapped(
    listPage(db, q, () => sql`${modelSelect} where ${where}`, [sql`mk.name`, sql`m.name`, sql`m.id`]),
    toModel,
  );
};
export const findModel = (db: DbOrTx, id: number) => one(db, sql`${modelSelect} where m.id = ${id}`, toModel);

/** What a product list may be narrowed by (the list endpoints and the reads of one SKU). */
export interface ProductFilter extends Paging {
  priceGroupId: number | null;
  makeId?: number;
  modelId?: number;
  /** A size in its canonical notation ("225/45R17"). */
  sizeText?: string;
  sizeSlug?: string;
  productId?: number;
  skuCode?: string;
  /** A make's id or slug. */
  make?: string;
  /** Part number or size text. */
  q?: string;
}

const productWhere = (f: ProductFilter) =>
  and([
    f.makeId !== undefined && sql`p.make_id = ${f.makeId}`,
    f.modelId !== undefined && sql`p.model_id = ${f.modelId}`,
    f.sizeText !== undefined && sql`p.size = ${f.sizeText}`,
    f.sizeSlug !== undefined && sql`p.size = (select size from sizes where slug = ${f.sizeSlug})`,
    f.productId !== undefined && sql`p.id = ${f.productId}`,
    f.skuCode !== undefined && sql`p.sku_code = ${f.skuCode}`,
    // An empty search is no search (contains() gives nothing for it).
    !!f.q && sql`(${contains(sql`p.sku_code`, f.q)} or ${contains(sql`p.size`, f.q)})`,
    f.make !== undefined &&
      (/^\d+$/.test(f.make) ? sql`p.make_id = ${Number(f.make)}` : sql`mk.slug = ${f.make.toLowerCase()}`),
  ]);

/** SKUs with the price of one price group, in id order. */
export const listProducts = (db: DbOrTx, f: ProductFilter) =>
  mapped(
    listPage(
      db,
      f,
      () => sql`select ${productFields} ${productFrom(f.priceGroupId)} where ${productWhere(f)}`,
      [sql`p.id`],
    ),
    toListedProduct,
  );

/** What a size list may be narrowed by: its dimensions, or the start of its text or slug. */
export interface SizeFilter extends Paging {
  width?: number;
  ratio?: number;
  rim?: number;
  /** The start of a size (upper case) or of its slug. */
  text?: string;
}

export const listSizes = (db: DbOrTx, f: SizeFilter) => {
  const where = and([
    f.width !== undefined && sql`width = ${f.width}`,
    f.ratio !== undefined && sql`ratio = ${f.ratio}`,
    f.rim !== undefined && sql`rim = ${f.rim}`,
    f.text !== undefined && sql`(size like ${`${f.text}%`} or slug like ${`${f.text.toLowerCase()}%`})`,
  ]);
  return mapped(
    listPage(db, f, () => sql`${sizeSelect} where ${where}`, [
      sql`width`,
      sql`ratio`,
      sql`rim`,
      sql`size`,
      sql`id`,
    ]),
    toSize,
  );
};
export const findSize = (db: DbOrTx, id: number) => one(db, sql`${sizeSelect} where id = ${id}`, toSize);

/** Sizes whose overall diameter is within `tolerance` of the given diameter, closest first. */
export async function sizesNearDiameter(db: DbOrTx, diameter: number, excludeId: number, tolerance = 0.03) {
  const { rows } = await db.execute<Row>(sql`
    ${sizeSelect}
    where overall_diameter between ${diameter * (1 - tolerance)} and ${diameter * (1 + tolerance)} and id <> ${excludeId}
    order by abs(overall_diameter - ${diameter}), size limit 100`);
  return rows.map((row) => toSize(row));
}

export const listChannels = (db: DbOrTx) =>
  mapped(
    listPage(db, { page: 0, pageSize: 100 }, () => sql`select id, code, name, active from channels`, [
      sql`id`,
    ]),
    toChannel,
  );

/** What the drawn picture of a tire line shows: its name, brand and category. */
export const modelForImage = (db: DbOrTx, id: number) =>
  one(
    db,
    sql`select m.name, mk.name as brand, c.slug as category from models m join makes mk on mk.id = m.make_id
        left join categories c on c.id = m.category_id where m.id = ${id}`,
    (r) => ({ name: str(r.name), brand: str(r.brand), category: strOrNull(r.category) }),
  );
