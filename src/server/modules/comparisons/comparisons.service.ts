import type { z } from 'zod';
import type * as api from '../../../contract/comparisons';
import type { Comparison, ComparisonTable } from '../../../contract/comparisons';
import { withinDiameter } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { definedOnly, type Paging, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, conflict, notFound } from '../../http/errors';
import { productById } from '../catalog/catalog.service';
import { ratingSummaries } from '../reviews/reviews.service';
import * as repo from './comparisons.repository';

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E['body']>>;

function toComparison(row: repo.ComparisonRow): Comparison {
  return {
    id: row.id,
    name: row.name,
    productIds: row.productIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Percent difference of an overall diameter from the reference's, to one decimal. */
const percentFrom = (reference: number, diameter: number) =>
  Math.round(((diameter - reference) / reference) * 1000) / 10;

/**
 * The side-by-side of SKUs in the order given: each with the caller's price and stock, its
 * line's review scores and its overall diameter against the first tire (the 3 % rule).
 */
export async function compareProducts(db: Db, actor: Actor, productIds: number[]): Promise<ComparisonTable> {
  const found = [];
  const missingProductIds: number[] = [];
  for (const id of productIds) {
    const product = await productById(db, actor, id).then(
      (r) => r.data,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      },
    );
    if (product) found.push(product);
    else missingProductIds.push(id);
  }
  const ratings = new Map(
    (
      await ratingSummaries(
        db,
        found.map((p) => p.modelId),
      )
    ).map((r) => [r.modelId, r]),
  );
  const reference = found[0]?.overallDiameter;
  const columns = found.map((product, i) => ({
    product,
    diameterDifferencePercent: i === 0 ? null : percentFrom(reference, product.overallDiameter),
    withinThreePercent: withinDiameter(reference, product.overallDiameter),
    rating: ratings.get(product.modelId)!,
  }));
  return { columns, missingProductIds };
}

/** Every tire of a saved comparison must be sold when it is saved. */
async function assertProductsExist(db: Db, actor: Actor, productIds: number[]) {
  const { missingProductIds } = await compareProducts(db, actor, productIds);
  if (missingProductIds.length)
    throw new AppError('bad_request', 'Some of these tires are not sold', {
      errors: missingProductIds.map((id) => ({
        pointer: `/body/productIds/${productIds.indexOf(id)}`,
        detail: 'is not a tire we sell',
      })),
    });
}

/** A user's comparison names are unique (case aside). */
async function uniquely<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === '23505')
      throw conflict('You have a comparison of that name', {
        errors: [{ pointer: '/body/name', detail: 'is taken' }],
      });
    throw error;
  }
}

export async function listComparisons(db: Db, actor: Actor, q: Paging) {
  return pageAnswer(q, await repo.listOfUser(db, actor.userId, q), toComparison);
}

/** Comparisons are the user's own; another user's answers 404. */
export async function getComparison(db: Db, actor: Actor, id: number) {
  const row = await repo.findOfUser(db, actor.userId, id);
  if (!row) throw notFound('Comparison');
  return { ...toComparison(row), table: await compareProducts(db, actor, row.productIds) };
}

export async function createComparison(db: Db, actor: Actor, input: Body<typeof api.createComparison>) {
  await assertProductsExist(db, actor, input.productIds);
  const row = await uniquely(() => repo.insertComparison(db, { userId: actor.userId, ...input }));
  return toComparison(row);
}

export async function updateComparison(
  db: Db,
  actor: Actor,
  id: number,
  input: Body<typeof api.updateComparison>,
) {
  if (!(await repo.findOfUser(db, actor.userId, id))) throw notFound('Comparison');
  if (input.productIds) await assertProductsExist(db, actor, input.productIds);
  const row = await uniquely(() => repo.updateComparison(db, actor.userId, id, definedOnly(input)));
  if (!row) throw notFound('Comparison');
  return toComparison(row);
}

export async function deleteComparison(db: Db, actor: Actor, id: number) {
  if (!(await repo.deleteComparison(db, actor.userId, id))) throw notFound('Comparison');
}
