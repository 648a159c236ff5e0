import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/pricing';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import {
  categories,
  inventory,
  locations,
  makes,
  markupRules,
  models,
  priceGroups,
  productPrices,
  products,
} from '../../db/schema';

export type RuleQuery = z.output<NonNullable<typeof api.listMarkups.query>>;
export type PricingQuery = z.output<NonNullable<typeof api.listPricing.query>>;
export type PriceGroupQuery = z.output<NonNullable<typeof api.listPriceGroups.query>>;

const ruleColumns = {
  ...getTableColumns(markupRules),
  priceGroupName: priceGroups.name,
  makeName: makes.name,
  categoryName: categories.name,
};

function rulesFrom(db: DbOrTx) {
  return db
    .select(ruleColumns)
    .from(markupRules)
    .innerJoin(priceGroups, eq(priceGroups.id, markupRules.priceGroupId))
    .leftJoin(makes, eq(makes.id, markupRules.makeId))
    .leftJoin(categories, eq(categories.id, markupRules.categoryId));
}
export type RuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;

export function listRules(db: DbOrTx, q: RuleQuery) {
  const where = and(
    q.priceGroupId ? eq(markupRules.priceGroupId, q.priceGroupId) : undefined,
    q.makeId ? eq(markupRules.makeId, q.makeId) : undefined,
    q.active === undefined ? undefined : eq(markupRules.active, q.active),
    searchWhere(q.q, [priceGroups.name, makes.name, categories.name]),
  );
  const sortable = {
    priceGroupName: priceGroups.name,
    makeName: makes.name,
    basisPoints: markupRules.basisPoints,
    updatedAt: markupRules.updatedAt,
  };
  return listPage(
    db,
    q,
    () => rulesFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, markupRules.id),
  );
}

export async function findRule(db: DbOrTx, id: number) {
  const [row] = await rulesFrom(db).where(eq(markupRules.id, id));
  return row ?? null;
}

export async function insertRule(db: DbOrTx, values: typeof markupRules.$inferInsert) {
  const [row] = await db.insert(markupRules).values(values).returning({ id: markupRules.id });
  return row.id;
}

export async function updateRule(db: DbOrTx, id: number, set: Partial<typeof markupRules.$inferInsert>) {
  await db
    .update(markupRules)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(markupRules.id, id));
}

export async function deleteRule(db: DbOrTx, id: number) {
  await db.delete(markupRules).where(eq(markupRules.id, id));
}

/** Products a rule can touch (by its make and category); undefined = every product. */
export async function productsOfScope(
  db: DbOrTx,
  scopes: { makeId: number | null; categoryId: number | null }[],
) {
  if (scopes.some((s) => s.makeId === null && s.categoryId === null)) return undefined;
  const conditions = scopes.map((s) =>
    and(
      s.makeId === null ? undefined : eq(products.makeId, s.makeId),
      s.categoryId === null ? undefined : eq(models.categoryId, s.categoryId),
    ),
  );
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(models, eq(models.id, products.modelId))
    .where(
      sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` or `,
      ),
    );
  return rows.map((r) => r.id);
}

/** A few stocked products a rule applies to, cheapest first: the samples of the preview. */
export async function sampleProducts(
  db: DbOrTx,
  rule: {
    makeId: number | null;
    categoryId: number | null;
    minCostCents: number | null;
    maxCostCents: number | null;
  },
  limit = 5,
) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(models, eq(models.id, products.modelId))
    .innerJoin(inventory, eq(inventory.productId, products.id))
    .where(
      and(
        rule.makeId === null ? undefined : eq(products.makeId, rule.makeId),
        rule.categoryId === null ? undefined : eq(models.categoryId, rule.categoryId),
      ),
    )
    .groupBy(products.id)
    .having(
      and(
        rule.minCostCents === null ? undefined : sql`min(${inventory.costCents}) >= ${rule.minCostCents}`,
        rule.maxCostCents === null ? undefined : sql`min(${inventory.costCents}) < ${rule.maxCostCents}`,
      ),
    )
    .orderBy(products.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

const pricingColumns = {
  productId: products.id,
  skuCode: products.skuCode,
  size: products.size,
  makeName: makes.name,
  modelName: models.name,
  priceGroupId: priceGroups.id,
  priceGroupName: priceGroups.name,
  costCents: productPrices.costCents,
  priceCents: productPrices.priceCents,
  available: productPrices.available,
  updatedAt: productPrices.updatedAt,
};

function pricingFrom(db: DbOrTx) {
  return db
    .select(pricingColumns)
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .innerJoin(makes, eq(makes.id, products.makeId))
    .innerJoin(models, eq(models.id, products.modelId))
    .innerJoin(priceGroups, eq(priceGroups.id, productPrices.priceGroupId));
}

export function listPricing(db: DbOrTx, q: PricingQuery) {
  const where = and(
    q.priceGroupId ? eq(productPrices.priceGroupId, q.priceGroupId) : undefined,
    q.makeId ? eq(products.makeId, q.makeId) : undefined,
    q.productId ? eq(products.id, q.productId) : undefined,
    searchWhere(q.q, [products.skuCode, products.size, makes.name, models.name]),
  );
  const sortable = {
    skuCode: products.skuCode,
    priceCents: productPrices.priceCents,
    costCents: productPrices.costCents,
    available: productPrices.available,
  };
  return listPage(
    db,
    q,
    () => pricingFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, productPrices.productId, 'skuCode'),
  );
}

export function pricesOf(db: DbOrTx, productIds: number[]) {
  return pricingFrom(db)
    .where(inArray(productPrices.productId, productIds.length ? productIds : [-1]))
    .orderBy(productPrices.productId, productPrices.priceGroupId);
}

export function describeProducts(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: products.id,
      skuCode: products.skuCode,
      size: products.size,
      makeName: makes.name,
      modelName: models.name,
    })
    .from(products)
    .innerJoin(makes, eq(makes.id, products.makeId))
    .innerJoin(models, eq(models.id, products.modelId))
    .where(inArray(products.id, ids.length ? ids : [-1]));
}

const groupColumns = {
  ...getTableColumns(priceGroups),
  locations: sql<number>`(select count(*)::int from ${locations} l where l.price_group_id = ${priceGroups}.id)`,
  rules: sql<number>`(select count(*)::int from ${markupRules} r where r.price_group_id = ${priceGroups}.id)`,
};

export function listGroups(db: DbOrTx, q: PriceGroupQuery) {
  const where = searchWhere(q.q, [priceGroups.code, priceGroups.name]);
  return listPage(
    db,
    q,
    () => db.select(groupColumns).from(priceGroups).where(where).$dynamic(),
    orderOf(q.sort, { name: priceGroups.name, code: priceGroups.code }, priceGroups.id, 'id'),
  );
}

export async function findGroup(db: DbOrTx, id: number) {
  const [row] = await db.select(groupColumns).from(priceGroups).where(eq(priceGroups.id, id));
  return row ?? null;
}

export async function findGroupByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(priceGroups).where(eq(priceGroups.code, code));
  return row ?? null;
}

export async function allGroups(db: DbOrTx) {
  return db.select().from(priceGroups).orderBy(priceGroups.id);
}

export async function insertGroup(db: DbOrTx, values: typeof priceGroups.$inferInsert) {
  const [row] = await db.insert(priceGroups).values(values).returning({ id: priceGroups.id });
  return row.id;
}

export async function updateGroup(db: DbOrTx, id: number, set: Partial<typeof priceGroups.$inferInsert>) {
  await db.update(priceGroups).set(set).where(eq(priceGroups.id, id));
}

export async function countProducts(db: DbOrTx) {
  return db.$count(products);
}
