// The versions of the data that kept answers are keyed by (search answers, dropdown lists): a
// counter the database moves on every change, read at most once a second per process and
// forgotten at once by this process's own writes. See docs/architecture.md, "Caches".
import { sql } from 'drizzle-orm';
import type { Db } from './connection';
import { RecentReads } from './recent-reads';

const countsVersions = new RecentReads<string | null>(1000, { forgetOnWrite: true });

/**
 * The version of a price group's searchable data: the fold generation, or null while changes of
 * that group wait to be folded (an answer computed then is not kept). Every change of
 * search_items leaves a delta, and so does every change of what a result shows: marker deltas
 * of zero SKUs for a price, stock or catalogue change (migrations/catalog/0009). Read at
 * most once a second; this process's own writes forget it at once (foldSoon, route.ts).
 */
export function countsVersion(db: Db, priceGroupId: number): Promise<string | null> {
  return countsVersions.through(db, String(priceGroupId), async () => {
    const { rows } = await db.execute<{ generation: string | null }>(sql`
      select case when not exists (select 1 from search_facet_deltas where price_group_id = ${priceGroupId})
                  then (select generation from search_counts_state where id = 1)::text end as generation`);
    return rows[0]?.generation ?? null;
  });
}

/** A fold moved the generation, or this process wrote search rows: read the versions afresh. */
export function forgetCountsVersions() {
  countsVersions.forgetAll();
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
