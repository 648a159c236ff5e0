import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/connection';
import { priceGroups } from '../db/schema';
import { createMarkupRule, createProduct, createWarehouse, stock } from './factories-catalog';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from './factories';
import { caller } from './admin-client';
import { signIn, unique } from './test-app';

/** A buyer of a new company (one location in Austin, standard prices) and its session cookie. */
export async function createShopper(
  app: FastifyInstance,
  db: DbOrTx,
  company: { creditLimitCents?: number; companyId?: number } = {},
) {
  const companyId =
    company.companyId ?? (await createCompany(db, { creditLimitCents: company.creditLimitCents ?? 0 })).id;
  const location = await createLocation(db, companyId, { zip: '78701' });
  const user = await createUser(db, { role: 'company_admin', companyId, locationIds: [location.id] });
  const cookie = await signIn(app, user.username, FACTORY_PASSWORD);
  return { user, companyId, location, cookie };
}

/** A product stocked in warehouses of one supplier: quantities per warehouse ZIP. */
export async function stockedProduct(
  db: DbOrTx,
  perWarehouse: { zip: string; quantity: number }[],
  costCents = 10_000,
) {
  const { make, model, product } = await createProduct(db);
  // Sold at cost in every group: a rule for this new make outranks the seeded group-wide markups,
  // so money assertions do not depend on the demo catalogue's rules.
  for (const group of await db.select({ id: priceGroups.id }).from(priceGroups)) {
    await createMarkupRule(db, { priceGroupId: group.id, makeId: make.id, basisPoints: 0 });
  }
  const supplier = await createCompany(db, { kind: 'supplier' });
  const warehouses = [];
  for (const w of perWarehouse) {
    const warehouse = await createWarehouse(db, { supplierCompanyId: supplier.id, zip: w.zip });
    await stock(db, warehouse.id, product.id, w.quantity, costCents);
    warehouses.push(warehouse);
  }
  return { make, model, product, supplier, warehouses };
}

export function cartBody(
  p: { make: { id: number }; model: { id: number }; product: { id: number } },
  quantity: number,
) {
  return {
    orderItemMakeId: p.make.id,
    orderItemModelId: p.model.id,
    orderItemProductId: p.product.id,
    orderItemQuantity: quantity,
  };
}

/** A compensation plan of a new sales earner on a company (finance makes it, as in the console). */
export async function createCompPlan(app: FastifyInstance, db: DbOrTx, companyId: number, basisPoints = 500) {
  const earner = await createUser(db, { role: 'sales' });
  const finance = await caller(app, 'finance');
  const res = await finance('POST', '/api/v1/comp', {
    name: unique('Plan'),
    userId: earner.id,
    companyId,
    basisPoints,
    startsAt: '2026-01-01T00:00:00Z',
  });
  if (res.statusCode !== 201) throw new Error(`plan not created: ${res.body}`);
  return { earner, plan: res.json().data as { id: number } };
}

/** A buyer puts `quantity` of a tire in the cart and checks out with an approving test card. */
export async function buyByCard(
  app: FastifyInstance,
  cookie: string,
  p: Parameters<typeof cartBody>[0],
  quantity: number,
) {
  await app.inject({ method: 'POST', url: '/api/cart', headers: { cookie }, payload: cartBody(p, quantity) });
  return app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { cookie },
    payload: {
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
  });
}
