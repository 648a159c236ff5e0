import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orders, refunds } from '../../db/schema';

// The tax collected report's one read: placed orders by the state they were taxed in (as the
// order keeps it) and the UTC month they were placed, with the excise tax, tire fees and
// installer services the same orders collected. Carts and cancelled orders collected none.
// Beside them, the sales tax that refunds processed in the month gave back on orders taxed in
// the state (each refund line keeps its tax): what is owed is the tax collected less that.

export type CollectedRow = {
  state: string;
  month: string;
  orders: number;
  taxCents: number;
  totalCents: number;
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
  refundedTaxCents: number;
};

export async function taxCollectedRows(db: DbOrTx, from: string | null, to: string | null) {
  const { rows } = await db.execute<CollectedRow>(sql`
    with sold as (
      select coalesce(${orders.taxState}, '') as state,
             to_char(${orders.placedAt} at time zone 'UTC', 'YYYY-MM') as month,
             count(*)::int as orders,
             coalesce(sum(${orders.taxCents}), 0)::bigint as tax,
             coalesce(sum(${orders.totalCents}), 0)::bigint as total,
             coalesce(sum(${orders.fetCents}), 0)::bigint as fet,
             coalesce(sum(${orders.tireFeeCents}), 0)::bigint as fee,
             coalesce(sum(${orders.servicesCents}), 0)::bigint as services
        from ${orders}
       where ${orders.placedAt} is not null
         and ${orders.status} not in ('cart', 'cancelled')
         and (${from}::date is null or ${orders.placedAt} >= ${from}::date)
         and (${to}::date is null or ${orders.placedAt} < ${to}::date + 1)
       group by 1, 2),
    given_back as (
      select coalesce(o.tax_state, '') as state,
             to_char(${refunds.processedAt} at time zone 'UTC', 'YYYY-MM') as month,
             coalesce(sum((l.line ->> 'taxCents')::bigint), 0)::bigint as refunded
        from ${refunds}
        join ${orders} o on o.id = ${refunds.orderId}
        cross join lateral jsonb_array_elements(${refunds.lines}) l (line)
       where ${refunds.status} = 'processed' and ${refunds.processedAt} is not null
         and (${from}::date is null or ${refunds.processedAt} >= ${from}::date)
         and (${to}::date is null or ${refunds.processedAt} < ${to}::date + 1)
       group by 1, 2)
    select state, month,
           coalesce(s.orders, 0) as orders, coalesce(s.tax, 0) as "taxCents", coalesce(s.total, 0) as "totalCents",
           coalesce(s.fet, 0) as "fetCents", coalesce(s.fee, 0) as "tireFeeCents",
           coalesce(s.services, 0) as "servicesCents", coalesce(g.refunded, 0) as "refundedTaxCents"
      from sold s full join given_back g using (state, month)
     order by month desc, state`);
  return rows.map((r) => ({
    ...r,
    orders: Number(r.orders),
    taxCents: Number(r.taxCents),
    totalCents: Number(r.totalCents),
    fetCents: Number(r.fetCents),
    tireFeeCents: Number(r.tireFeeCents),
    servicesCents: Number(r.servicesCents),
    refundedTaxCents: Number(r.refundedTaxCents),
  }));
}
