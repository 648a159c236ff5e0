import type { z } from 'zod';
import type { SizingQuery, VehicleSelection } from '../../../contract/sizing';
import { staffRoles } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { countsVersion, vehicleVersion } from '../../db/data-versions';
import { pageAnswer } from '../../db/list-page';
import { RecentReads } from '../../db/recent-reads';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { versioned } from './sizing.cache';
import * as repo from './sizing.repository';

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
  return knownKeys.through(db, `${channel}/${priceGroupId}`, () =>
    repo.channelAndGroupExist(db, channel, priceGroupId),
  );
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

/**
 * Widths, ratios of a width, or rims of a width and ratio that lead to a purchasable SKU of the
 * caller's group: kept in memory per version of the stored counts, with its ETag.
 */
export async function sizeList(
  db: Db,
  actor: Actor,
  query: z.output<typeof SizingQuery>,
  level: 'width' | 'ratio' | 'rim',
  width?: number,
  ratio?: number,
) {
  const { group, version } = await sizingGroup(db, actor, query.channel, query.group);
  return versioned(db, `${group}/${level}/${width}/${ratio}`, version, async () => ({
    data: { list: await repo.sizeChoices(db, group, level, width, ratio) },
  }));
}

/** The vehicle years: they change with the calendar year only, so they are kept for the year. */
export function yearList(db: Db) {
  const year = String(new Date().getFullYear());
  return versioned(db, 'years', year, async () => ({ data: { list: vehicleYears() } }));
}

/** Makes of a year, models of a make, options of a model: kept per version of the vehicle data. */
export async function vehicleList(
  db: Db,
  level: 'make' | 'model' | 'option',
  year: number,
  make?: string,
  model?: string,
) {
  const version = await vehicleVersion(db);
  const key = `vehicles/${level}/${year}/${make ?? ''}/${model ?? ''}`;
  return versioned(db, key, version, async () => ({
    data: { list: await repo.vehicleChoices(db, level, year, make, model) },
  }));
}

/** The OE sizes of one vehicle, front and rear for staggered sets; an unknown vehicle is a 404. */
export async function vehicleSizes(db: Db, selection: z.output<typeof VehicleSelection>) {
  const vehicle = await repo.vehicleOf(db, selection);
  if (!vehicle) throw notFound('Vehicle');
  return { data: { list: vehicle.sizes } };
}

/**
 * The vehicles of these selections with their OE sizes, keyed by vehicleKey (case aside); a
 * selection the vehicle data does not know is missing from the map (the fleet roster's units).
 */
export async function vehiclesWithSizes(db: DbOrTx, selections: z.output<typeof VehicleSelection>[]) {
  const found = await repo.vehiclesOf(db, selections);
  return new Map(found.map((v) => [vehicleKey(v), v]));
}
export const vehicleKey = (v: { year: number; make: string; model: string; option: string }) =>
  `${v.year}/${v.make}/${v.model}/${v.option}`.toLowerCase();

/** Vehicles with their OE sizes, a page of them by year, make, model or free text (the catalogue's list). */
export async function findVehicles(db: Db, filter: repo.VehicleFilter) {
  return pageAnswer(filter, await repo.searchVehicles(db, filter));
}

/** One vehicle with its OE sizes, by its slug or its id; an unknown one is a 404. */
export async function vehicleWithSlug(db: Db, slug: string) {
  return (await repo.vehicleBySlug(db, slug)) ?? notFoundVehicle();
}
export async function vehicleWithId(db: Db, id: number) {
  return (await repo.vehicleById(db, id)) ?? notFoundVehicle();
}

function notFoundVehicle(): never {
  throw notFound('Vehicle');
}
