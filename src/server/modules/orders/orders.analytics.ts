import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';

interface Range {
  from?: string;
  to?: string;
}

/** Orders that count as sales: placed and not cancelled, within the date range. */
function salesWhere(r: Range) {
  return sql`o.status not in ('cart', 'cancelled')
    ${r.from ? sql`and o.placed_at >= ${r.from}::date` : sql``}
    ${r.to ? sql`and o.placed_at < ${r.to}::date + 1` : sql``}`;
}

/** Sales by day, by make and by company, for the back-office charts. */
export async function orderAnalytics(db: Db, r: Range) {
  const where = salesWhere(r);
  const byDay = await db.execute<{ day: string; orders: number; sales_cents: number }>(sql`
    select to_char(date_trunc('day', o.placed_at), 'YYYY-MM-DD') as day, count(*)::int as orders,
           coalesce(sum(o.total_cents), 0)::bigint as sales_cents
    from orders o where ${where} group by 1 order by 1`);
  const byMake = await db.execute<{
    make_id: number;
    make_name: string;
    units: number;
    sales_cents: number;
  }>(sql`
    select m.id as make_id, m.name as make_name, sum(i.quantity)::int as units,
           sum(i.quantity * (i.unit_price_cents - i.unit_discount_cents))::bigint as sales_cents
    from order_items i join orders o on o.id = i.order_id join makes m on m.id = i.make_id
    where ${where} group by m.id, m.name order by sales_cents desc limit 20`);
  const byCompany = await db.execute<{
    company_id: number;
    company_name: string;
    orders: number;
    sales_cents: number;
  }>(sql`
    select c.id as company_id, c.name as company_name, count(*)::int as orders, sum(o.total_cents)::bigint as sales_cents
    from orders o join companies c on c.id = o.company_id
    where ${where} group by c.id, c.name order by sales_cents desc limit 20`);
  const days = byDay.rows.map((d) => ({
    day: d.day,
    orders: Number(d.orders),
    salesCents: Number(d.sales_cents),
  }));
  return {
    totals: {
      orders: days.reduce((s, d) => s + d.orders, 0),
      salesCents: days.reduce((s, d) => s + d.salesCents, 0),
      units: byMake.rows.reduce((s, m) => s + Number(m.units), 0),
    },
    byDay: days,
    byMake: byMake.rows.map((m) => ({
      makeId: Number(m.make_id),
      makeName: m.make_name,
      units: Number(m.units),
      salesCents: Number(m.sales_cents),
    })),
    byCompany: byCompany.rows.map((c) => ({
      companyId: Number(c.company_id),
      companyName: c.company_name,
      orders: Number(c.orders),
      salesCents: Number(c.sales_cents),
    })),
  };
}
