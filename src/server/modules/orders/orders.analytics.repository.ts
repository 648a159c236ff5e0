// The SQL of the back-office sales figures: placed orders that were not cancelled, by day, by
// make and by company.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

export interface Range {
  from?: string;
  to?: string;
}

/** Orders that count as sales: placed and not cancelled, within the date range. */
function salesWhere(r: Range) {
  return sql`o.status not in ('cart', 'cancelled')
    ${r.from ? sql`and o.placed_at >= ${r.from}::date` : sql``}
    ${r.to ? sql`and o.placed_at < ${r.to}::date + 1` : sql``}`;
}

/** Orders and sales per day, oldest day first. */
export async function salesByDay(db: DbOrTx, r: Range) {
  const { rows } = await db.execute<{ day: string; orders: number; sales_cents: number }>(sql`
    select to_char(date_trunc('day', o.placed_at), 'YYYY-MM-DD') as day, count(*)::int as orders,
           coalesce(sum(o.total_cents), 0)::bigint as sales_cents
    from orders o where ${salesWhere(r)} group by 1 order by 1`);
  return rows.map((d) => ({ day: d.day, orders: Number(d.orders), salesCents: Number(d.sales_cents) }));
}

/** Units and sales (after discounts) of the 20 makes that sold most. */
export async function salesByMake(db: DbOrTx, r: Range) {
  const { rows } = await db.execute<{
    make_id: number;
    make_name: string;
    units: number;
    sales_cents: number;
  }>(sql`
    select m.id as make_id, m.name as make_name, sum(i.quantity)::int as units,
           sum(i.quantity * (i.unit_price_cents - i.unit_discount_cents))::bigint as sales_cents
    from order_items i join orders o on o.id = i.order_id join makes m on m.id = i.make_id
    where ${salesWhere(r)} group by m.id, m.name order by sales_cents desc limit 20`);
  return rows.map((m) => ({
    makeId: Number(m.make_id),
    makeName: m.make_name,
    units: Number(m.units),
    salesCents: Number(m.sales_cents),
  }));
}

/** Orders and sales of the 20 companies that bought most. */
export async function salesByCompany(db: DbOrTx, r: Range) {
  const { rows } = await db.execute<{
    company_id: number;
    company_name: string;
    orders: number;
    sales_cents: number;
  }>(sql`
    select c.id as company_id, c.name as company_name, count(*)::int as orders, sum(o.total_cents)::bigint as sales_cents
    from orders o join companies c on c.id = o.company_id
    where ${salesWhere(r)} group by c.id, c.name order by sales_cents desc limit 20`);
  return rows.map((c) => ({
    companyId: Number(c.company_id),
    companyName: c.company_name,
    orders: Number(c.orders),
    salesCents: Number(c.sales_cents),
  }));
}
