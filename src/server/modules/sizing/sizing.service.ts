import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { RecentReads } from '../../db/recent-reads';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden } from '../../http/errors';
import { staffRoles } from '../../../domain/roles';
import { countsVersion } from '../../db/data-versions';

export const FIRST_VEHICLE_YEAR = 1959;

/** The years of the vehicle selector, newest first: the current year down to 1959. */
export function vehicleYears(now = new Date()) {
  const years: { value: string; label: string }[] = [];
  for (let y = now.getFullYear(); y >= FIRST_VEHICLE_YEAR; y--)
    years.push({ value: String(y), label: String(y) });
  return years;
}

// Whether a channel is an active sales channel and a price group exists: asked by every
// dropdown call, read at most once a second (and again after any write of this process).
const knownKeys = new RecentReads<{ channel: boolean; group: boolean }>(1000, { forgetOnWrite: true });

function sizingKeys(db: Db, channel: number, priceGroupId: number) {
  return knownKeys.through(db, `${channel}/${priceGroupId}`, async () => {
    const { rows } = await db.execute<{ channel: boolean; group: boolean }>(sql`
      select exists (select 1 from channels where id = ${channel} and active) as channel,
             exists (select 1 from price_groups where id = ${priceGroupId}) as "group"`);
    return rows[0];
  });
}

/**
 * The price group whose purchasable SKUs a sizing list follows: the caller's own unless staff
 * ask for another; the channel must be an active sales channel. With it, the version of the
 * stored counts the lists are made of (countsVersion: null while changes of that group wait to
 * be folded, then nothing is kept in memory).
 */
export async function sizingGroup(db: Db, actor: Actor, channel: number, group?: number) {
  const priceGroupId = group ?? actor.priceGroupId ?? 0;
  const [known, version] = await Promise.all([
    sizingKeys(db, channel, priceGroupId),
    countsVersion(db, priceGroupId),
  ]);
  if (!known.channel)
    throw badRequest(`Unknown sales channel ${channel}`, [
      { pointer: '/querystring/channel', detail: 'is not a sales channel' },
    ]);
  if (group !== undefined && group !== actor.priceGroupId && !staffRoles.includes(actor.role)) {
    throw forbidden('You may list sizes of your own price group only');
  }
  if (!known.group)
    throw badRequest('Unknown price group', [
      { pointer: '/querystring/group', detail: 'is not a price group' },
    ]);
  return { group: priceGroupId, version };
}

export { findVehicle, searchVehicles } from './sizing.repository';
