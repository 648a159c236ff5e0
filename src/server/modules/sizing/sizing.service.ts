import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden } from '../../http/errors';
import { staffRoles } from '../../../domain/roles';

export const FIRST_VEHICLE_YEAR = 1959;

/** The years of the vehicle selector: the current year down to 1959 (spec §4, §9). */
export function vehicleYears(now = new Date()) {
  const years: { value: string; label: string }[] = [];
  for (let y = now.getFullYear(); y >= FIRST_VEHICLE_YEAR; y--)
    years.push({ value: String(y), label: String(y) });
  return years;
}

/**
 * The price group whose purchasable SKUs a sizing list follows: the caller's own unless staff
 * ask for another; the channel must be an active sales channel. With it, the version of the
 * stored counts the lists are made of (search.counts.ts): the fold generation, or null while
 * changes of that group wait to be folded (then nothing is kept in memory).
 */
export async function sizingGroup(db: Db, actor: Actor, channel: number, group?: number) {
  const priceGroupId = group ?? actor.priceGroupId ?? 0;
  const { rows } = await db.execute<{ ok: boolean; group_ok: boolean; generation: number | null }>(sql`
    select exists (select 1 from channels where id = ${channel} and active) as ok,
           exists (select 1 from price_groups where id = ${priceGroupId}) as group_ok,
           case when not exists (select 1 from search_facet_deltas where price_group_id = ${priceGroupId})
                then (select generation from search_counts_state where id = 1) end as generation`);
  if (!rows[0].ok)
    throw badRequest(`Unknown sales channel ${channel}`, [
      { pointer: '/querystring/channel', detail: 'is not a sales channel' },
    ]);
  if (group !== undefined && group !== actor.priceGroupId && !staffRoles.includes(actor.role)) {
    throw forbidden('You may list sizes of your own price group only');
  }
  if (!rows[0].group_ok)
    throw badRequest('Unknown price group', [
      { pointer: '/querystring/group', detail: 'is not a price group' },
    ]);
  const { generation } = rows[0];
  return {
    group: priceGroupId,
    version: generation === null ? null : String(generation),
  };
}
