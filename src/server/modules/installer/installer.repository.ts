// SQL of the installer area: installer orders (an order delivered to an installer's bay, with its
// installer_orders row once the installer changed something) and installer locations.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/installer';
import { assertInstallerOrderTransition, type InstallerOrderStatus } from '../../../domain/installer-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, searchWhere } from '../../db/list-page';
import {
  companies,
  installerOrderLog,
  installerOrders,
  locations,
  priceGroups,
  users,
} from '../../db/schema';
import { writeStatus } from '../../db/write-status';

export type InstallerOrderQuery = z.output<NonNullable<typeof api.listStaffInstallerOrders.query>>;
export type InstallerOrderRow = typeof installerOrders.$inferSelect;

/** An order of the installer area with its customer and its installer side (null until made). */
export interface OrderHead {
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  placedAt: Date | null;
  poNumber: string | null;
  installerLocationId: number;
  installerLocationName: string;
  installerCompanyId: number;
  companyName: string;
  locationName: string | null;
  contactName: string;
  email: string | null;
  phone: string | null;
  io: InstallerOrderRow | null;
}

const headSelect = sql`
  select o.id as order_id, coalesce(o.number, o.id::text) as order_number, o.status as order_status,
    o.placed_at, o.po_number, o.installer_location_id, il.name as installer_location_name,
    il.company_id as installer_company_id, c.name as company_name, l.name as location_name,
    u.name as contact_name, u.email, coalesce(l.phone, c.phone) as phone,
    io.id as io_id, coalesce(io.status, 'incoming') as io_status
  from orders o
  join locations il on il.id = o.installer_location_id
  join companies c on c.id = o.company_id
  left join locations l on l.id = o.location_id
  join users u on u.id = o.user_id
  left join installer_orders io on io.order_id = o.id`;

function toHead(r: Record<string, unknown>): Omit<OrderHead, 'io'> & { ioId: number | null } {
  return {
    orderId: Number(r.order_id),
    orderNumber: String(r.order_number),
    orderStatus: String(r.order_status),
    placedAt: r.placed_at ? new Date(String(r.placed_at)) : null,
    poNumber: (r.po_number as string | null) ?? null,
    installerLocationId: Number(r.installer_location_id),
    installerLocationName: String(r.installer_location_name),
    installerCompanyId: Number(r.installer_company_id),
    companyName: String(r.company_name),
    locationName: (r.location_name as string | null) ?? null,
    contactName: String(r.contact_name),
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    ioId: r.io_id === null || r.io_id === undefined ? null : Number(r.io_id),
  };
}

async function withInstallerSide(db: DbOrTx, rows: Record<string, unknown>[]): Promise<OrderHead[]> {
  const heads = rows.map(toHead);
  const ids = heads.map((h) => h.ioId).filter((id): id is number => id !== null);
  const sides = ids.length
    ? await db.select().from(installerOrders).where(inArray(installerOrders.id, ids))
    : [];
  const byId = new Map(sides.map((s) => [s.id, s]));
  return heads.map(({ ioId, ...h }) => ({ ...h, io: ioId === null ? null : (byId.get(ioId) ?? null) }));
}

/** Placed orders delivered to installers, newest first: one bay's, or every bay's for staff. */
export async function listOrders(db: DbOrTx, q: InstallerOrderQuery) {
  const where = sql.join(
    [
      sql`o.status <> 'cart'`,
      sql`o.installer_location_id is not null`,
      q.installerLocationId ? sql`o.installer_location_id = ${q.installerLocationId}` : undefined,
      q.orderId ? sql`o.id = ${q.orderId}` : undefined,
      q.status ? sql`coalesce(io.status, 'incoming') = ${q.status}` : undefined,
      searchWhere(q.q, [sql`o.number`, sql`c.name`, sql`u.name`, sql`o.po_number`]),
    ].filter((w) => w !== undefined),
    sql` and `,
  );
  const page = await listPage(db, q, () => sql`${headSelect} where ${where}`, [
    sql`o.placed_at desc nulls last`,
    sql`o.id desc`,
  ]);
  return { list: await withInstallerSide(db, page.list as Record<string, unknown>[]), count: page.count };
}

/** One placed order delivered to an installer, or null. */
export async function findOrder(db: DbOrTx, orderId: number): Promise<OrderHead | null> {
  const { rows } = await db.execute(
    sql`${headSelect} where o.id = ${orderId} and o.status <> 'cart' and o.installer_location_id is not null`,
  );
  return rows.length ? (await withInstallerSide(db, rows))[0] : null;
}

/** The tires of some orders (removed items left out), for the installer's list. */
export async function tiresOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return [];
  const { rows } = await db.execute(sql`
    select oi.id as order_item_id, oi.order_id, p.sku_code, mk.name || ' ' || md.name || ' ' || p.size as description,
      oi.quantity
    from order_items oi
    join products p on p.id = oi.product_id
    join makes mk on mk.id = p.make_id
    join models md on md.id = p.model_id
    where oi.order_id in ${sql`(${sql.join(orderIds, sql`, `)})`} and oi.removed_at is null
    order by oi.id`);
  return rows.map((r) => ({
    orderItemId: Number(r.order_item_id),
    orderId: Number(r.order_id),
    skuCode: String(r.sku_code),
    description: String(r.description),
    quantity: Number(r.quantity),
  }));
}

/** The installer side of an order, made (incoming) on its first change and locked for it. */
export async function lockInstallerSide(db: DbOrTx, orderId: number, installerLocationId: number) {
  await db.insert(installerOrders).values({ orderId, installerLocationId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(installerOrders)
    .where(eq(installerOrders.orderId, orderId))
    .for('no key update');
  return row;
}

/**
 * The one write of an installer order (its status with the other columns of the change): a
 * change of status must be in the installer's table, or in the corrections table for staff.
 */
export async function updateInstallerSide(
  db: DbOrTx,
  before: { id: number; status: string },
  to: InstallerOrderStatus,
  correction: boolean,
  set: Partial<Omit<InstallerOrderRow, 'status'>>,
) {
  const assertMove = (from: InstallerOrderStatus) => {
    if (from !== to) assertInstallerOrderTransition(from, to, correction);
  };
  return writeStatus(db, installerOrders, assertMove, before, to, set);
}

export async function insertLog(db: DbOrTx, values: typeof installerOrderLog.$inferInsert) {
  await db.insert(installerOrderLog).values(values);
}

export function logsOf(db: DbOrTx, installerOrderIds: number[]) {
  if (!installerOrderIds.length) return Promise.resolve([]);
  return db
    .select({ log: installerOrderLog, by: users.name })
    .from(installerOrderLog)
    .leftJoin(users, eq(users.id, installerOrderLog.userId))
    .where(inArray(installerOrderLog.installerOrderId, installerOrderIds))
    .orderBy(asc(installerOrderLog.id));
}

/** Mounting labour of an installer company's mounted orders up to a time (the bill run's source). */
export async function mountedLabour(db: DbOrTx, installerCompanyId: number, until: Date) {
  return db
    .select({
      orderId: installerOrders.orderId,
      labourCents: installerOrders.labourCents,
      mountedAt: installerOrders.mountedAt,
    })
    .from(installerOrders)
    .innerJoin(locations, eq(locations.id, installerOrders.installerLocationId))
    .where(
      and(
        eq(locations.companyId, installerCompanyId),
        eq(installerOrders.status, 'mounted'),
        gt(installerOrders.labourCents, 0),
        sql`${installerOrders.mountedAt} < ${until}`,
      ),
    )
    .orderBy(asc(installerOrders.mountedAt));
}

const locationSelect = () =>
  ({
    location: locations,
    companyName: companies.name,
  }) as const;

/** Installer locations (installer flag above 0): one company's, or every one for staff. */
export function listLocations(
  db: DbOrTx,
  q: z.output<NonNullable<typeof api.listVendorInstallerLocations.query>>,
  companyId?: number,
) {
  const where = and(
    gt(locations.installer, 0),
    companyId === undefined ? undefined : eq(locations.companyId, companyId),
    searchWhere(q.q, [locations.name, locations.city, locations.zip, companies.name]),
  );
  return listPage(
    db,
    q,
    () =>
      db
        .select(locationSelect())
        .from(locations)
        .innerJoin(companies, eq(companies.id, locations.companyId))
        .where(where)
        .$dynamic(),
    [asc(companies.name), asc(locations.name), asc(locations.id)],
  );
}

export async function findLocation(db: DbOrTx, id: number) {
  const [row] = await db
    .select(locationSelect())
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(eq(locations.id, id));
  return row ?? null;
}

export async function companyOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: companies.id, kind: companies.kind })
    .from(companies)
    .where(eq(companies.id, id));
  return row ?? null;
}

export async function standardPriceGroup(db: DbOrTx) {
  const [row] = await db
    .select({ id: priceGroups.id })
    .from(priceGroups)
    .where(eq(priceGroups.code, 'standard'));
  return row?.id ?? null;
}
