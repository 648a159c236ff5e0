import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/connection';
import { caller } from './admin-client';
import { createLocation, createUser, FACTORY_PASSWORD } from './factories';
import { buyByCard, createShopper, stockedProduct } from './factories-orders';
import { signIn } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in user of a supplier company (its location carries the supplier id). */
export async function createSupplierUser(app: FastifyInstance, db: DbOrTx, supplierCompanyId: number) {
  const location = await createLocation(db, supplierCompanyId, {
    supplierId: supplierCompanyId,
    zip: '75201',
  });
  const user = await createUser(db, {
    role: 'supplier',
    companyId: supplierCompanyId,
    locationIds: [location.id],
  });
  const cookie = await signIn(app, user.username, FACTORY_PASSWORD);
  return (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
}

/**
 * A paid order of `quantity` tires stocked at the given warehouses, sent to the supplier by staff
 * and confirmed by the supplier: what a fulfillment starts from.
 */
export async function confirmedOrder(
  app: FastifyInstance,
  db: DbOrTx,
  perWarehouse: { zip: string; quantity: number }[] = [{ zip: '75201', quantity: 10 }],
  quantity = 4,
) {
  const shopper = await createShopper(app, db);
  const p = await stockedProduct(db, perWarehouse);
  const placed = await buyByCard(app, shopper.cookie, p, quantity);
  if (placed.statusCode >= 300) throw new Error(`checkout failed: ${placed.body}`);
  const orderId: number = placed.json().orderId;
  const sales = await caller(app, 'sales');
  const submitted = await sales('POST', `/api/v1/order/${orderId}/submit`);
  if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
  const supplier = await createSupplierUser(app, db, p.supplier.id);
  const lines = (await supplier('GET', '/api/supplier/fulfillments?status=sent')).json().data.list as {
    supplierLineId: number;
    orderId: number;
  }[];
  const mine = lines.filter((l) => l.orderId === orderId);
  const confirmed = await supplier('PUT', '/api/supplier/fulfillments', {
    lines: mine.map((l) => ({ supplierLineId: l.supplierLineId, status: 'confirmed' })),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return { shopper, product: p, orderId, supplier, lineIds: mine.map((l) => l.supplierLineId) };
}
