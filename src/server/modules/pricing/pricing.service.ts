import type { z } from 'zod';
import type {
  MarkupInput,
  MarkupRule,
  PreviewRow,
  PriceGroupInput,
  PriceGroupView,
  ProductPricing,
  previewMarkup,
} from '../../../contract/pricing';
import type { Db } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { previewPrices, refreshProductPrices } from '../catalog/catalog.service';
import * as repo from './pricing.repository';
import { iso } from '../../lib/dates';

type RuleData = z.output<typeof MarkupInput>;
type PreviewData = z.output<NonNullable<typeof previewMarkup.body>>;

export function toRule(row: repo.RuleRow): MarkupRule {
  const { createdAt: _, ...rest } = row;
  return { ...rest, updatedAt: iso(row.updatedAt) };
}

export function toPricing(row: Awaited<ReturnType<typeof repo.pricesOf>>[number]): ProductPricing {
  return { ...row, updatedAt: iso(row.updatedAt) };
}

export function toPriceGroup(row: NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>): PriceGroupView {
  return { id: row.id, code: row.code, name: row.name, locations: row.locations, rules: row.rules };
}

/** Staff browse the markup rules by price group, make or active flag. */
export async function listRules(db: Db, q: repo.RuleQuery) {
  return pageAnswer(q, await repo.listRules(db, q), toRule);
}

/** A new rule re-prices, in the same transaction, every product it can touch. */
export async function createRule(db: Db, actor: Actor, input: RuleData) {
  return db.transaction(async (tx) => {
    const id = await repo.insertRule(tx, input);
    await refreshProductPrices(tx, await repo.productsOfScope(tx, [input]));
    const after = (await repo.findRule(tx, id))!;
    await writeAudit(tx, actor, { entity: 'markup_rule', entityId: id, action: 'create', after });
    return toRule(after);
  });
}

/** An edited rule re-prices what it touched before and what it touches now. */
export async function updateRule(db: Db, actor: Actor, id: number, input: Partial<RuleData>) {
  return db.transaction(async (tx) => {
    const before = await repo.findRule(tx, id);
    if (!before) throw notFound('Markup rule');
    const merged = { ...before, ...definedOnly(input) };
    if (
      merged.minCostCents !== null &&
      merged.maxCostCents !== null &&
      merged.minCostCents >= merged.maxCostCents
    )
      throw conflict('The cost band would be empty: the maximum must be above the minimum');
    await repo.updateRule(tx, id, definedOnly(input));
    await refreshProductPrices(tx, await repo.productsOfScope(tx, [before, merged]));
    const after = (await repo.findRule(tx, id))!;
    await writeAudit(tx, actor, { entity: 'markup_rule', entityId: id, action: 'update', before, after });
    return toRule(after);
  });
}

export async function deleteRule(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findRule(tx, id);
    if (!before) throw notFound('Markup rule');
    await repo.deleteRule(tx, id);
    await refreshProductPrices(tx, await repo.productsOfScope(tx, [before]));
    await writeAudit(tx, actor, { entity: 'markup_rule', entityId: id, action: 'delete', before });
  });
}

/** Re-prices the whole catalogue (after bulk changes made outside the console). */
export async function recomputeAll(db: Db, actor: Actor) {
  const started = Date.now();
  await db.transaction(async (tx) => {
    await refreshProductPrices(tx);
    await writeAudit(tx, actor, { entity: 'pricing', entityId: 'all', action: 'recompute' });
  });
  return { ok: true as const, products: await repo.countProducts(db), durationMs: Date.now() - started };
}

/** What sample products would cost in each group with the rule saved; nothing is saved. */
export async function previewRule(db: Db, input: PreviewData): Promise<PreviewRow[]> {
  const { productIds, ...rule } = input;
  const ids = productIds?.length ? productIds : await repo.sampleProducts(db, rule);
  const [preview, current, described, groups] = await Promise.all([
    previewPrices(db, ids, rule),
    repo.pricesOf(db, ids),
    repo.describeProducts(db, ids),
    repo.allGroups(db),
  ]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return described.map((p) => {
    const rows = preview.filter((r) => r.productId === p.id);
    return {
      productId: p.id,
      skuCode: p.skuCode,
      size: p.size,
      makeName: p.makeName,
      modelName: p.modelName,
      costCents: rows[0]?.costCents ?? 0,
      groups: rows.map((r) => ({
        priceGroupId: r.priceGroupId,
        priceGroupName: groupName.get(r.priceGroupId) ?? '',
        currentCents:
          current.find((c) => c.productId === p.id && c.priceGroupId === r.priceGroupId)?.priceCents ?? null,
        previewCents: r.priceCents,
      })),
    };
  });
}

/** The computed price of every product in every group, as the engine last wrote it. */
export async function listPricing(db: Db, q: repo.PricingQuery) {
  return pageAnswer(q, await repo.listPricing(db, q), toPricing);
}

export async function pricesOf(db: Db, productIds: number[]) {
  return (await repo.pricesOf(db, productIds)).map(toPricing);
}

/** Runs the engine for the given products now and answers their prices. */
export async function repriceProducts(db: Db, actor: Actor, productIds: number[]) {
  await db.transaction(async (tx) => {
    await refreshProductPrices(tx, productIds);
    await writeAudit(tx, actor, { entity: 'pricing', entityId: productIds.join(','), action: 'reprice' });
  });
  return pricesOf(db, productIds);
}

/** Price groups with how many locations buy in them and how many rules they have. */
export async function listPriceGroups(db: Db, q: repo.PriceGroupQuery) {
  return pageAnswer(q, await repo.listGroups(db, q), toPriceGroup);
}

export async function getPriceGroup(db: Db, id: number) {
  const row = await repo.findGroup(db, id);
  if (!row) throw notFound('Price group');
  return toPriceGroup(row);
}

/** A new group is priced at cost until it gets rules; its price rows are made at once. */
export async function createPriceGroup(db: Db, actor: Actor, input: z.output<typeof PriceGroupInput>) {
  return db.transaction(async (tx) => {
    if (await repo.findGroupByCode(tx, input.code))
      throw conflict('That code is taken', { errors: [{ pointer: '/body/code', detail: 'is taken' }] });
    const id = await repo.insertGroup(tx, input);
    await refreshProductPrices(tx);
    const after = (await repo.findGroup(tx, id))!;
    await writeAudit(tx, actor, { entity: 'price_group', entityId: id, action: 'create', after });
    return toPriceGroup(after);
  });
}

export async function updatePriceGroup(
  db: Db,
  actor: Actor,
  id: number,
  input: Partial<z.output<typeof PriceGroupInput>>,
) {
  return db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, id);
    if (!before) throw notFound('Price group');
    const same = input.code ? await repo.findGroupByCode(tx, input.code) : null;
    if (same && same.id !== id)
      throw conflict('That code is taken', { errors: [{ pointer: '/body/code', detail: 'is taken' }] });
    await repo.updateGroup(tx, id, definedOnly(input));
    const after = (await repo.findGroup(tx, id))!;
    await writeAudit(tx, actor, { entity: 'price_group', entityId: id, action: 'update', before, after });
    return toPriceGroup(after);
  });
}
