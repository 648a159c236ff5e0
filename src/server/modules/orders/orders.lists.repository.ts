// The SQL of order summaries and of the paged lists of orders and order items
// (db/list-page.ts); supplier lines are listed by orders.routing.repository.ts.
import { and, desc, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, type Paging, searchWhere } from '../../db/list-page';
import { companies, makes, models, orderItems, orders, products, users } from '../../db/schema';

const itemCount = sql<number>`(select count(*)::int from order_items oi where oi.order_id = ${orders.id})`;

const buyer = alias(users, 'buyer');
const placedBy = alias(users, 'placed_by');

/** Orders with what a summary names: the company, the buyer, the staff member who placed it. */
function orderSummaryQuery(db: DbOrTx) {
  return db
    .select({
      order: orders,
      companyName: companies.name,
      buyerName: buyer.name,
      placedByName: placedBy.name,
      itemCount,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(buyer, eq(buyer.id, orders.userId))
    .leftJoin(placedBy, eq(placedBy.id, orders.placedByUserId))
    .$dynamic();
}
export type SummaryRow = Awaited<ReturnType<ReturnType<typeof orderSummaryQuery>['execute']>>[number];

// Lists of placed orders and of their items, one page each.

const placed = ne(orders.status, 'cart');

/** The company's own placed orders, newest first. */
export function listCompanyOrders(db: DbOrTx, companyId: number, q: Paging & { status?: string }) {
  const where = and(
    eq(orders.companyId, companyId),
    placed,
    q.status ? eq(orders.status, q.status) : undefined,
  );
  return listPage(db, q, () => orderSummaryQuery(db).where(where), [desc(orders.placedAt), desc(orders.id)]);
}

export interface StaffOrderFilter extends Paging {
  sort?: string;
  status?: string;
  companyId?: number;
  supplierId?: number;
  from?: string;
  to?: string;
  q?: string;
}

/** Every placed order, filtered by status, company, supplier, dates and number. */
export function listAllOrders(db: DbOrTx, q: StaffOrderFilter) {
  const where = and(
    placed,
    q.status ? eq(orders.status, q.status) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.from ? gte(orders.placedAt, new Date(q.from)) : undefined,
    q.to ? lt(orders.placedAt, new Date(new Date(q.to).getTime() + 86_400_000)) : undefined,
    searchWhere(q.q, [orders.number]),
    q.supplierId
      ? inArray(orders.id, sql`(select order_id from sub_orders where supplier_company_id = ${q.supplierId})`)
      : undefined,
  );
  const sorts = {
    placedAt: orders.placedAt,
    total: orders.totalCents,
    number: orders.number,
    status: orders.status,
  };
  return listPage(
    db,
    q,
    () => orderSummaryQuery(db).where(where),
    orderOf(q.sort, sorts, orders.id, '-placedAt'),
  );
}

/** Items of placed orders (of one product, when given), newest first, with their routed units. */
export function listOrderItems(db: DbOrTx, q: Paging & { productId?: number }) {
  const where: SQL | undefined = and(
    placed,
    isNull(orderItems.removedAt),
    q.productId ? eq(orderItems.productId, q.productId) : undefined,
  );
  // Units sent to a distributor count as routed (docs/logistics.md, "Distributors").
  const routed = sql<number>`((select coalesce(sum(sl.quantity), 0)::int from supplier_lines sl
    where sl.order_item_id = ${orderItems.id} and sl.status <> 'cancelled')
    + (select coalesce(sum(dl.quantity), 0)::int from distributor_order_lines dl
       join distributor_orders d on d.id = dl.distributor_order_id
       where dl.order_item_id = ${orderItems.id} and d.status <> 'cancelled'))`;
  return listPage(
    db,
    q,
    () =>
      db
        .select({
          item: orderItems,
          skuCode: products.skuCode,
          size: products.size,
          makeName: makes.name,
          modelName: models.name,
          orderNumber: orders.number,
          orderStatus: orders.status,
          routed,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .innerJoin(makes, eq(makes.id, orderItems.makeId))
        .innerJoin(models, eq(models.id, orderItems.modelId))
        .where(where)
        .$dynamic(),
    [desc(orderItems.id)],
  );
}
export type OrderItemListRow = Awaited<ReturnType<typeof listOrderItems>>['list'][number];
