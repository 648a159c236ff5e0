import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SizeRecord, VehicleQuery } from '../../../contract/catalog';
import type { VehicleSelection } from '../../../contract/sizing';
import type { DbOrTx } from '../../db/connection';
import { listPage } from '../../db/list-page';
import { and } from '../../db/product-sql';

export type VehicleFilter = z.output<typeof VehicleQuery>;

const text = (n: unknown) => String(Number(n));

/** Whether a channel is an active sales channel, and whether a price group exists. */
export async function channelAndGroupExist(db: DbOrTx, channel: number, priceGroupId: number) {
  const { rows } = await db.execute<{ channel: boolean; group: boolean }>(sql`
    select exists (select 1 from channels where id = ${channel} and active) as channel,
           exists (select 1 from price_groups where id = ${priceGroupId}) as "group"`);
  return rows[0];
}

/** Widths, ratios or rims that have purchasable SKUs in a price group (stored counts, search.counts.ts). */
export async function sizeChoices(
  db: DbOrTx,
  priceGroupId: number,
  level: 'width' | 'ratio' | 'rim',
  width?: number,
  ratio?: number,
) {
  const column = sql.raw(level);
  // Size 0 is the whole catalogue; a size's '_total' is its number of SKUs.
  const where = and([
    sql`price_group_id = ${priceGroupId}`,
    sql`facet = '_total'`,
    sql`width <> 0`,
    width !== undefined && sql`width = ${width}`,
    ratio !== undefined && sql`ratio = ${ratio}`,
  ]);
  const { rows } = await db.execute<{ value: string; count: number }>(sql`
    select ${column}::float8 as value, sum(skus)::int as count from (
      select width, ratio, rim, skus from search_facet_counts where ${where}
      union all
      select width, ratio, rim, skus from search_facet_deltas where ${where}) c
    group by 1 having sum(skus) > 0 order by 1`);
  // A flotation section width keeps two decimals (12.50); everything else prints plainly.
  return rows.map((r) => {
    const n = Number(r.value);
    const value = level === 'ratio' && !Number.isInteger(n) ? n.toFixed(2) : text(n);
    return { value, label: value, count: Number(r.count) };
  });
}

/** Distinct values of one vehicle column under the chosen parents. */
export async function vehicleChoices(
  db: DbOrTx,
  level: 'make' | 'model' | 'option',
  year: number,
  make?: string,
  model?: string,
) {
  const column = sql.raw(level === 'option' ? '"option"' : level);
  const { rows } = await db.execute<{ value: string }>(sql`
    select distinct ${column} as value from vehicles
    where ${and([sql`year = ${year}`, make !== undefined && sql`make = ${make}`, model !== undefined && sql`model = ${model}`])}
    order by 1`);
  return rows.map((r) => ({ value: r.value, label: r.value }));
}

type FitmentRow = {
  position: number;
  front_size: string;
  front_load_index: number;
  front_speed_index: string;
  rear_size: string | null;
  rear_load_index: number | null;
  rear_speed_index: string | null;
};

/** A vehicle's fitments as size records: a staggered fitment gives a front and a rear record. */
export function sizeRecords(fitments: FitmentRow[]): SizeRecord[] {
  return fitments.flatMap((f): SizeRecord[] => {
    const front = {
      size: f.front_size,
      loadIndex: f.front_load_index,
      speedIndex: f.front_speed_index,
      fitment: f.position,
    };
    if (!f.rear_size) return [{ ...front, position: 'both' }];
    return [
      { ...front, position: 'front' },
      {
        size: f.rear_size,
        loadIndex: f.rear_load_index ?? f.front_load_index,
        speedIndex: f.rear_speed_index ?? f.front_speed_index,
        fitment: f.position,
        position: 'rear',
      },
    ];
  });
}

const vehicleSelect = sql`
  select v.id, v.year, v.make, v.model, v."option", v.slug,
    coalesce((select json_agg(f order by f.position) from vehicle_fitments f where f.vehicle_id = v.id), '[]') as fitments
  from vehicles v`;

type VehicleRow = {
  id: number;
  year: number;
  make: string;
  model: string;
  option: string;
  slug: string;
  fitments: FitmentRow[];
};
const toVehicle = ({ fitments, ...v }: VehicleRow) => ({
  ...v,
  id: Number(v.id),
  year: Number(v.year),
  sizes: sizeRecords(fitments),
});

async function findVehicle(db: DbOrTx, where: SQL) {
  const { rows } = await db.execute<VehicleRow>(sql`${vehicleSelect} where ${where} limit 1`);
  return rows[0] ? toVehicle(rows[0]) : undefined;
}

export const vehicleBySlug = (db: DbOrTx, slug: string) => findVehicle(db, sql`v.slug = ${slug}`);
export const vehicleById = (db: DbOrTx, id: number) => findVehicle(db, sql`v.id = ${id}`);
export const vehicleOf = (db: DbOrTx, v: z.output<typeof VehicleSelection>) =>
  findVehicle(
    db,
    sql`v.year = ${v.year} and v.make = ${v.make} and v.model = ${v.model} and v."option" = ${v.option}`,
  );

/** Vehicles by year, make, model, or words of free text matched against all three and the option. */
export async function searchVehicles(db: DbOrTx, f: VehicleFilter) {
  const words = (f.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  const where = and([
    f.year !== undefined && sql`v.year = ${f.year}`,
    f.make !== undefined && sql`lower(v.make) = ${f.make.toLowerCase()}`,
    f.model !== undefined && sql`lower(v.model) = ${f.model.toLowerCase()}`,
    ...words.map((w) =>
      /^\d{4}$/.test(w)
        ? sql`v.year = ${Number(w)}`
        : sql`v.slug like ${`%${w.replace(/[^a-z0-9-]/g, '')}%`}`,
    ),
  ]);
  const page = await listPage(db, f, () => sql`${vehicleSelect} where ${where}`, [
    sql`v.year desc`,
    sql`v.make`,
    sql`v.model`,
    sql`v."option"`,
    sql`v.id`,
  ]);
  return { ...page, list: page.list.map((row) => toVehicle(row as VehicleRow)) };
}

/**
 * Several vehicles with their OE sizes at once, by year, make, model and option whatever their
 * case (unknown ones left out).
 */
export async function vehiclesOf(db: DbOrTx, list: z.output<typeof VehicleSelection>[]) {
  if (!list.length) return [];
  const keys = sql.join(
    list.map(
      (v) => sql`(${v.year}::int, lower(${v.make}::text), lower(${v.model}::text), lower(${v.option}::text))`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<VehicleRow>(
    sql`${vehicleSelect} where (v.year::int, lower(v.make), lower(v.model), lower(v."option")) in (${keys})`,
  );
  return rows.map(toVehicle);
}
