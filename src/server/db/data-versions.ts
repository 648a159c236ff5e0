// The versions of the data that kept answers are keyed by (search answers, dropdown lists): a
// counter the database moves on every change, read at most once a second per process and
// forgotten at once by this process's own writes. See docs/architecture.md, "Caches".
import { sql } from 'drizzle-orm';
import type { Db } from './connection';
import { RecentReads } from './recent-reads';

/** A whole size: the scope of the answers of a size search. */
export interface SizeScope {
  width: number;
  ratio: number;
  rim: number;
}

/** What one read tells about a price group's scopes (see searchVersion). */
interface GroupVersions {
  /** The catalogue generation: moved by every catalogue edit, for every answer of every group. */
  epoch: string;
  /** Scopes with changes not folded yet ('w/r/rim', '0/0/0' the whole catalogue). */
  pending: Set<string>;
  /** Whether a count of SKUs per size is among them (the sizing lists change). */
  sizesPending: boolean;
  /** The fold generation of each scope that was ever folded. */
  generations: Map<string, number>;
}

const groupVersions = new RecentReads<GroupVersions>(1000, { forgetOnWrite: true });
const CATALOGUE = '0/0/0';
const SIZE_LISTS = '-1/-1/-1';
const scopeKey = (size?: SizeScope) => (size ? `${size.width}/${size.ratio}/${size.rim}` : CATALOGUE);

/**
 * One statement a second per price group (and after every write of this process): the pending
 * scopes and the generation of each. Sizes are printed as float8, as JavaScript prints numbers.
 */
function versionsOf(db: Db, priceGroupId: number): Promise<GroupVersions> {
  return groupVersions.through(db, String(priceGroupId), async () => {
    const scope = sql`concat(width::float8, '/', ratio::float8, '/', rim::float8)`;
    const { rows } = await db.execute<{
      epoch: string;
      pending_scopes: string[];
      sizes_pending: boolean;
      generations: Record<string, number>;
    }>(sql`
      select (select generation from search_counts_state where id = 1)::text as epoch,
        (select coalesce(json_agg(distinct ${scope}), '[]') from search_facet_deltas
          where price_group_id = ${priceGroupId}) as pending_scopes,
        exists (select 1 from search_facet_deltas where price_group_id = ${priceGroupId} and facet = '_total')
          as sizes_pending,
        (select coalesce(json_object_agg(${scope}, generation), '{}') from search_versions
          where price_group_id = ${priceGroupId}) as generations`);
    const row = rows[0];
    return {
      epoch: String(row.epoch),
      pending: new Set(row.pending_scopes),
      sizesPending: row.sizes_pending,
      generations: new Map(Object.entries(row.generations).map(([k, v]) => [k, Number(v)])),
    };
  });
}

/**
 * The version of the answers of one scope of a price group: a whole size, or (no size) the
 * whole catalogue, which every change of the group touches. Null while changes of that scope
 * wait to be folded (an answer computed then is not kept); else the catalogue generation and
 * the scope's fold generation. Every change of search_items leaves a delta at its size and at
 * the catalogue, and so does every change of what a result shows: marker deltas of zero SKUs
 * for a price or stock change (migrations/catalog/0010); catalogue edits move the catalogue
 * generation itself. A sale therefore retires the answers of its own sizes and of the whole
 * catalogue, never those of the other sizes. Read at most once a second per group; this
 * process's own writes forget it at once (foldSoon, route.ts).
 */
export async function searchVersion(db: Db, priceGroupId: number, size?: SizeScope): Promise<string | null> {
  const versions = await versionsOf(db, priceGroupId);
  const key = scopeKey(size);
  if (versions.pending.has(key)) return null;
  return `${versions.epoch}.${versions.generations.get(key) ?? 0}`;
}

/**
 * The version of a price group's counts of SKUs per size (the sizing dropdowns): null while a
 * count of SKUs waits to be folded, else moved by the folds that changed one and by catalogue
 * edits. Stock and price changes that leave every count as it was do not move it.
 */
export async function countsVersion(db: Db, priceGroupId: number): Promise<string | null> {
  const versions = await versionsOf(db, priceGroupId);
  if (versions.sizesPending) return null;
  return `${versions.epoch}.${versions.generations.get(SIZE_LISTS) ?? 0}`;
}

/** A fold moved generations, or this process wrote search rows: read the versions afresh. */
export function forgetCountsVersions() {
  groupVersions.forgetAll();
}

const vehicleVersions = new RecentReads<string>(1000, { forgetOnWrite: true });

/**
 * The version of the vehicle data (a counter the database bumps on every change of vehicles
 * or fitments), read at most once a second per process: a dropdown may lag another process's
 * import by that second (browsers keep the lists for minutes anyway). This process's own
 * imports call forgetVehicleVersion, so they show at once.
 */
export function vehicleVersion(db: Db): Promise<string> {
  return vehicleVersions.through(db, 'vehicles', () =>
    db
      .execute<{ version: number }>(sql`select version from vehicle_data_version where id = 1`)
      .then(({ rows }) => String(rows[0]?.version ?? 0)),
  );
}

export function forgetVehicleVersion(db: Db) {
  vehicleVersions.forget(db);
}
