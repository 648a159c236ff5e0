import type { DbOrTx } from '../db/connection';
import { createProduct, stock } from './factories-catalog';
import { stockedProduct } from './factories-orders';

/**
 * A staggered pair of one tire line (the factory's front 225/45R17 and a rear 255/40R17, in one
 * warehouse in Austin) stocked with `front` and `rear` units; each in the shape cartBody takes.
 */
export async function staggeredPair(db: DbOrTx, front = 20, rear = 20, costCents = 10_000) {
  const f = await stockedProduct(db, [{ zip: '78701', quantity: front }], costCents);
  const { product } = await createProduct(db, {
    makeId: f.make.id,
    modelId: f.model.id,
    size: '255/40R17',
    width: 255,
    ratio: 40,
    rim: 17,
  });
  await stock(db, f.warehouses[0].id, product.id, rear, costCents);
  return { front: f, rear: { ...f, product } };
}

type Tire = { make: { id: number }; model: { id: number }; product: { id: number } };

/** The body of POST /api/cart/set for a pair, with the quantity of each half. */
export function setBody(front: Tire, rear: Tire, frontQuantity = 2, rearQuantity = 2) {
  const half = (t: Tire, q: number) => ({
    orderItemMakeId: t.make.id,
    orderItemModelId: t.model.id,
    orderItemProductId: t.product.id,
    orderItemQuantity: q,
  });
  return { front: half(front, frontQuantity), rear: half(rear, rearQuantity) };
}
