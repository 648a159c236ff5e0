import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orders } from '../../db/schema';

// The tax collected report's one read: placed orders by the state they were taxed in (as the
// order keeps it) and the UTC month they were placed, with the excise tax, tire fees and
// installer services the same orders collected. Carts and cancelled orders collected none.

export type CollectedRow = {
  state: string;
  month: string;
  orders: number;
  taxCents: number;
  totalCents: number;
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
};

export async function taxCollectedRows(db: DbOrTx, from: string | null, to: string | null) {
  const { rows } = await db.execute<CollectedRow>(sql`
    select coalesce(${orders.taxState}, '') as state,
           to_char(${orders.placedAt} at time zone 'UTC', 'YYYY-MM') as month,
           count(*)::int as orders,
           coalesce(sum(${orders.taxCents}), 0)::bigint as "taxCents",
           coalesce(sum(${orders.totalCents}), 0)::bigint as "totalCents",
           coalesce(sum(${orders.fetCents}), 0)::bigint as "fetCents",
           coalesce(sum(${orders.tireFeeCents}), 0)::bigint as "tireFeeCents",
           coalesce(sum(${orders.servicesCents}), 0)::bigint as "servicesCents"
      from ${orders}
     where ${orders.placedAt} is not null
       and ${orders.status} not in ('cart', 'cancelled')
       and (${from}::date is null or ${orders.placedAt} >= ${from}::date)
       and (${to}::date is null or ${orders.placedAt} < ${to}::date + 1)
     group by 1, 2
     order by 2 desc, 1`);
  return rows.map((r) => ({
    ...r,
    orders: Number(r.orders),
    taxCents: Number(r.taxCents),
    totalCents: Number(r.totalCents),
    fetCents: Number(r.fetCents),
    tireFeeCents: Number(r.tireFeeCents),
    servicesCents: Number(r.servicesCents),
  }));
}
