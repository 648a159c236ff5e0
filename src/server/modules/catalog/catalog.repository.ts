import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { and, productFields, productFrom } from '../../db/product-sql';

export interface Paging {
  page: number;
  pageSize: number;
}

/** Runs a list query once: its rows of the page and the total count (a window column). */
async function paged<T>(db: DbOrTx, select: SQL, { page, pageSize }: Paging) {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select *, count(*) over () as total from (${select}) x limit ${pageSize} offset ${page * pageSize}`,
  );
  const count = rows.length ? Number(rows[0].total) : 0;
  const list = rows.map(({ total: _t, ...row }) => row as T);
  return { list, count, page };
}

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

/** Rows whose column contains the searched text (case-insensitive); true when nothing is searched. */
const contains = (column: SQL, q?: string) =>
  q ? sql`${column} ilike ${`%${q.replace(/[\\%_]/g, '\\$&')}%`}` : undefined;

export const listCategories = <T>(db: DbOrTx, p: Paging & { q?: string }) =>
  paged<T>(db, sql`${categorySelect} where ${and([contains(sql`name`, p.q)])} order by name`, p);
export const listMakes = <T>(db: DbOrTx, p: Paging & { q?: string }) =>
  paged<T>(db, sql`${makeSelect} where ${and([contains(sql`name`, p.q)])} order by name`, p);

export async function findOne<T extends Record<string, unknown>>(
  db: DbOrTx,
  kind: 'category' | 'make' | 'model' | 'size',
  id: number,
) {
  const select = { category: categorySelect, make: makeSelect, model: modelSelect, size: sizeSelect }[kind];
  const alias = kind === 'model' ? sql`m.id` : sql`id`;
  const { rows } = await db.execute<T>(sql`${select} where ${alias} = ${id}`);
  return rows[0] as T | undefined;
}

export const listModels = <T>(db: DbOrTx, f: Paging & { makeId?: number; categoryId?: number; q?: string }) =>
  paged<T>(
    db,
    sql`${modelSelect} where ${and([
      contains(sql`(mk.name || ' ' || m.name)`, f.q),
      f.makeId !== undefined && sql`m.make_id = ${f.makeId}`,
      f.categoryId !== undefined && sql`m.category_id = ${f.categoryId}`,
    ])} order by mk.name, m.name`,
    f,
  );

export interface ProductFilter extends Paging {
  priceGroupId: number | null;
  makeId?: number;
  modelId?: number;
  sizeText?: string;
  sizeSlug?: string;
  productId?: number;
  skuCode?: string;
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
    f.q !== undefined && sql`(${contains(sql`p.sku_code`, f.q)} or ${contains(sql`p.size`, f.q)})`,
    f.make !== undefined &&
      (/^\d+$/.test(f.make) ? sql`p.make_id = ${Number(f.make)}` : sql`mk.slug = ${f.make.toLowerCase()}`),
  ]);

export const listProducts = <T>(db: DbOrTx, f: ProductFilter) =>
  paged<T>(
    db,
    sql`select ${productFields} ${productFrom(f.priceGroupId)} where ${productWhere(f)} order by p.id`,
    f,
  );

export const listSizes = <T>(
  db: DbOrTx,
  f: Paging & { width?: number; ratio?: number; rim?: number; text?: string },
) =>
  paged<T>(
    db,
    sql`${sizeSelect} where ${and([
      f.width !== undefined && sql`width = ${f.width}`,
      f.ratio !== undefined && sql`ratio = ${f.ratio}`,
      f.rim !== undefined && sql`rim = ${f.rim}`,
      f.text !== undefined && sql`(size like ${`${f.text}%`} or slug like ${`${f.text.toLowerCase()}%`})`,
    ])} order by width, ratio, rim, size`,
    f,
  );

/** Sizes whose overall diameter is within `tolerance` of the given diameter, closest first. */
export async function sizesNearDiameter<T extends Record<string, unknown>>(
  db: DbOrTx,
  diameter: number,
  excludeId: number,
  tolerance = 0.03,
) {
  const { rows } = await db.execute<T>(sql`
    ${sizeSelect}
    where overall_diameter between ${diameter * (1 - tolerance)} and ${diameter * (1 + tolerance)} and id <> ${excludeId}
    order by abs(overall_diameter - ${diameter}), size limit 100`);
  return rows;
}

export const listChannels = (db: DbOrTx) =>
  paged<{ id: number; code: string; name: string; active: boolean }>(
    db,
    sql`select id, code, name, active from channels order by id`,
    { page: 0, pageSize: 100 },
  );
