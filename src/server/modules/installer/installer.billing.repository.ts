// SQL of what the bill run pays an installer for its mounted orders beyond the labour it
// records: the installer services each order's lines were sold with (docs/installer.md).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

/**
 * The installer services of an installer company's mounted orders up to a time (the bill run's
 * source): per order the tires on it and the services per tire each line was sold with.
 */
export async function mountedServices(db: DbOrTx, installerCompanyId: number, until: Date) {
  const { rows } = await db.execute(sql`
    select io.order_id, sum(oi.quantity)::int as tires,
      sum(oi.quantity * oi.services_unit_cents)::bigint as services_cents
    from installer_orders io
    join locations l on l.id = io.installer_location_id
    join order_items oi on oi.order_id = io.order_id and oi.removed_at is null
    where l.company_id = ${installerCompanyId} and io.status = 'mounted' and io.mounted_at < ${until}
    group by io.order_id, io.mounted_at
    having sum(oi.quantity * oi.services_unit_cents) > 0
    order by io.mounted_at, io.order_id`);
  return rows.map((r) => ({
    orderId: Number(r.order_id),
    tires: Number(r.tires),
    servicesCents: Number(r.services_cents),
  }));
}
