// The reads of an order's detail in one statement: its summary, supplier lines, payments and
// status log, each as JSON, mapped back into the rows the list queries answer
// (orders.lists.repository.ts, orders.routing.repository.ts). One round trip instead of four on
// every order view and checkout answer (docs/performance.md, "Checkout"). Its joins repeat those
// of orderSummaryQuery and supplierLineQuery: a name added there is added here too, and
// orders.detail.repository.test.ts fails until both answer the same rows.
import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderStatusLog, orders, payments, subOrders, supplierLines } from '../../db/schema';
import type { SummaryRow } from './orders.lists.repository';
import type { SupplierLineRow } from './orders.routing.repository';

type Json = Record<string, unknown>;

/**
 * A row of `table` from its `row_to_json` form: each column by its SQL name, through the column's
 * own driver mapping (timestamps to dates, bigints to numbers), as drizzle maps a select's row.
 */
function rowOf<T extends Table>(table: T, json: Json): T['$inferSelect'] {
  const row: Json = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

export interface OrderReads {
  summary: SummaryRow;
  subLines: SupplierLineRow[];
  payments: (typeof payments.$inferSelect)[];
  log: { log: typeof orderStatusLog.$inferSelect; userName: string | null }[];
  /** The day the order's promise says it arrives by (YYYY-MM-DD), or null without one. */
  arrivesBy: string | null;
}

interface Row {
  order: Json;
  company_name: string;
  buyer_name: string;
  placed_by_name: string | null;
  item_count: number;
  lines: (Json & { line: Json; sub: Json })[];
  payments: Json[];
  log: { log: Json; userName: string | null }[];
  arrives_by: string | null;
}

/**
 * The order and what its detail shows, or null when there is no such order. `arrivesBy` is the
 * column of its delivery promise (the delivery module's, over `o.id`), read in the same statement.
 */
export async function readOrder(
  db: DbOrTx,
  orderId: number,
  arrivesBy: SQL = sql`null::text`,
): Promise<OrderReads | null> {
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    select row_to_json(o) as "order", c.name as company_name, buyer.name as buyer_name,
      placed_by.name as placed_by_name,
      (select count(*)::int from order_items oi where oi.order_id = o.id) as item_count,
      (select coalesce(json_agg(json_build_object(
                'line', row_to_json(sl), 'sub', row_to_json(so), 'supplierName', supplier.name,
                'warehouseName', w.name, 'warehouseZip', w.zip, 'productId', p.id, 'skuCode', p.sku_code,
                'size', p.size, 'makeName', mk.name, 'modelName', m.name) order by so.id, sl.id), '[]')
         from supplier_lines sl
         join sub_orders so on so.id = sl.sub_order_id
         join companies supplier on supplier.id = so.supplier_company_id
         join warehouses w on w.id = so.warehouse_id
         join order_items oi on oi.id = sl.order_item_id
         join products p on p.id = oi.product_id
         join makes mk on mk.id = oi.make_id
         join models m on m.id = oi.model_id
         where so.order_id = o.id) as lines,
      (select coalesce(json_agg(row_to_json(pay) order by pay.id), '[]')
         from payments pay where pay.order_id = o.id) as payments,
      (select coalesce(json_agg(json_build_object('log', row_to_json(l), 'userName', u.username) order by l.id), '[]')
         from order_status_log l left join users u on u.id = l.user_id where l.order_id = o.id) as log,
      ${arrivesBy} as arrives_by
    from orders o
    join companies c on c.id = o.company_id
    join users buyer on buyer.id = o.user_id
    left join users placed_by on placed_by.id = o.placed_by_user_id
    where o.id = ${orderId}`);
  const row = rows[0];
  if (!row) return null;
  const order = rowOf(orders, row.order);
  return {
    summary: {
      order,
      companyName: row.company_name,
      buyerName: row.buyer_name,
      placedByName: row.placed_by_name,
      itemCount: row.item_count,
    },
    subLines: row.lines.map(({ line, sub, ...named }) => ({
      ...(named as Omit<SupplierLineRow, 'line' | 'sub' | 'orderNumber' | 'orderId' | 'deliveryZip'>),
      line: rowOf(supplierLines, line),
      sub: rowOf(subOrders, sub),
      orderNumber: order.number,
      orderId: order.id,
      deliveryZip: order.deliveryZip,
    })),
    payments: row.payments.map((p) => rowOf(payments, p)),
    log: row.log.map((e) => ({ log: rowOf(orderStatusLog, e.log), userName: e.userName })),
    arrivesBy: row.arrives_by,
  };
}
