// The SQL of the back-office sales figures: placed orders that were not cancelled, by day, by
// make and by company. "Sales" is one rule, `goodsOf` below: the tires after discounts. What the
// order collects besides (road hazard cover, shipping, excise tax, tire fees, installer services,
// sales tax) is summed from the order's own stored columns, each as its own figure.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import type { LandedTotals } from '../../../domain/landed-cost';

export interface Range {
  from?: string;
  to?: string;
}

/**
 * The sales of order items `i`: quantity × (unit price − unit discount) of the items still on
 * the order (an item staff removed stays for the history but is no longer sold). Road hazard
 * cover, shipping, excise tax, tire fees, installer services and sales tax are not sales.
 */
const goodsOf = sql`coalesce(sum(i.quantity * (i.unit_price_cents - i.unit_discount_cents))
  filter (where i.removed_at is null), 0)`;

/** Orders that count as sales: placed and not cancelled, within the date range. */
function salesWhere(r: Range) {
  return sql`o.status not in ('cart', 'cancelled')
    ${r.from ? sql`and o.placed_at >= ${r.from}::date` : sql``}
    ${r.to ? sql`and o.placed_at < ${r.to}::date + 1` : sql``}`;
}

/** One row per counted order: its sales by the rule above, with the order's columns. */
const soldOrders = (r: Range) => sql`
  select o.id, o.placed_at, o.company_id, o.road_hazard_cents, o.shipping_cents, o.fet_cents,
         o.tire_fee_cents, o.services_cents, o.tax_cents, o.total_cents,
         (select ${goodsOf} from order_items i where i.order_id = o.id) as sales_cents,
         (select coalesce(sum(i.quantity) filter (where i.removed_at is null), 0)
          from order_items i where i.order_id = o.id) as units
  from orders o where ${salesWhere(r)}`;

/** What a set of orders collected besides their sales (the parts of a landed total), and their stored totals. */
export type Collected = Omit<LandedTotals, 'subtotalCents' | 'discountCents'>;

type CollectedRow = {
  road_hazard_cents: number;
  shipping_cents: number;
  fet_cents: number;
  tire_fee_cents: number;
  services_cents: number;
  tax_cents: number;
  total_cents: number;
};

const collectedSums = sql`
  coalesce(sum(s.road_hazard_cents), 0)::bigint as road_hazard_cents,
  coalesce(sum(s.shipping_cents), 0)::bigint as shipping_cents,
  coalesce(sum(s.fet_cents), 0)::bigint as fet_cents,
  coalesce(sum(s.tire_fee_cents), 0)::bigint as tire_fee_cents,
  coalesce(sum(s.services_cents), 0)::bigint as services_cents,
  coalesce(sum(s.tax_cents), 0)::bigint as tax_cents,
  coalesce(sum(s.total_cents), 0)::bigint as total_cents`;

const collectedOf = (row: CollectedRow): Collected => ({
  roadHazardCents: Number(row.road_hazard_cents),
  shippingCents: Number(row.shipping_cents),
  fetCents: Number(row.fet_cents),
  tireFeeCents: Number(row.tire_fee_cents),
  servicesCents: Number(row.services_cents),
  taxCents: Number(row.tax_cents),
  totalCents: Number(row.total_cents),
});

/** Orders, tires, sales and what they collected besides, per day, oldest day first. */
export async function salesByDay(db: DbOrTx, r: Range) {
  const { rows } = await db.execute<
    CollectedRow & { day: string; orders: number; units: number; sales_cents: number }
  >(sql`
    select to_char(date_trunc('day', s.placed_at), 'YYYY-MM-DD') as day, count(*)::int as orders,
           coalesce(sum(s.units), 0)::int as units,
           coalesce(sum(s.sales_cents), 0)::bigint as sales_cents, ${collectedSums}
    from (${soldOrders(r)}) s group by 1 order by 1`);
  return rows.map((d) => ({
    day: d.day,
    orders: Number(d.orders),
    units: Number(d.units),
    salesCents: Number(d.sales_cents),
    ...collectedOf(d),
  }));
}

/** Units and sales of the 20 makes that sold most. */
export async function salesByMake(db: DbOrTx, r: Range) {
  const { rows } = await db.execute<{
    make_id: number;
    make_name: string;
    units: number;
    sales_cents: number;
  }>(sql`
    select m.id as make_id, m.name as make_name, sum(i.quantity)::int as units,
           ${goodsOf}::bigint as sales_cents
    from order_items i join orders o on o.id = i.order_id join makes m on m.id = i.make_id
    where ${salesWhere(r)} and i.removed_at is null
    group by m.id, m.name order by sales_cents desc, m.id limit 20`);
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
    select c.id as company_id, c.name as company_name, count(*)::int as orders,
           coalesce(sum(s.sales_cents), 0)::bigint as sales_cents
    from (${soldOrders(r)}) s join companies c on c.id = s.company_id
    group by c.id, c.name order by sales_cents desc, c.id limit 20`);
  return rows.map((c) => ({
    companyId: Number(c.company_id),
    companyName: c.company_name,
    orders: Number(c.orders),
    salesCents: Number(c.sales_cents),
  }));
}
