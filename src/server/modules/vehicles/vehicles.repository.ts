import { sql } from 'drizzle-orm';
import { formatSize, overallDiameter, sizeSlug, type TireSize } from '../../../domain/tire-size';
import type { DbOrTx } from '../../db/connection';

// SQL of the vehicle import. Rows travel as one JSON parameter per statement, so a file of any
// length costs a handful of statements.

export interface VehicleKey {
  year: number;
  make: string;
  model: string;
  option: string;
  slug: string;
}
export interface NewFitment {
  vehicleId: number;
  position: number;
  frontSize: string;
  frontLoadIndex: number;
  frontSpeedIndex: string;
  rearSize: string | null;
  rearLoadIndex: number | null;
  rearSpeedIndex: string | null;
}

/** The spelling the catalogue already uses for each make, by its lower-case form. */
export async function knownMakes(db: DbOrTx) {
  const { rows } = await db.execute<{ make: string }>(sql`select distinct make from vehicles`);
  return new Map(rows.map((r) => [r.make.toLowerCase(), r.make]));
}

/** Inserts the vehicles not there yet (same year, make, model and option, or same slug: skipped). */
export async function insertVehicles(db: DbOrTx, keys: VehicleKey[]) {
  if (!keys.length) return 0;
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into vehicles (year, make, model, "option", slug)
    select x.year, x.make, x.model, x."option", x.slug
    from json_to_recordset(${JSON.stringify(keys)}::json) as x(year int, make text, model text, "option" text, slug text)
    on conflict do nothing returning id`);
  return rows.length;
}

/** Ids of the given vehicles with their fitments' sizes and highest position. */
export async function vehiclesOf(db: DbOrTx, keys: VehicleKey[]) {
  if (!keys.length) return [];
  const { rows } = await db.execute<{
    id: number;
    year: number;
    make: string;
    model: string;
    option: string;
    fitments: { front_size: string; rear_size: string | null; position: number }[] | null;
  }>(sql`
    select v.id, v.year, v.make, v.model, v."option",
      (select json_agg(json_build_object('front_size', f.front_size, 'rear_size', f.rear_size, 'position', f.position))
       from vehicle_fitments f where f.vehicle_id = v.id) as fitments
    from vehicles v
    join json_to_recordset(${JSON.stringify(keys)}::json) as x(year int, make text, model text, "option" text)
      on v.year = x.year and v.make = x.make and v.model = x.model and v."option" = x."option"`);
  return rows.map((r) => ({ ...r, id: Number(r.id), year: Number(r.year), fitments: r.fitments ?? [] }));
}

export async function insertFitments(db: DbOrTx, fitments: NewFitment[]) {
  if (!fitments.length) return;
  await db.execute(sql`
    insert into vehicle_fitments (vehicle_id, position, front_size, front_load_index, front_speed_index, rear_size, rear_load_index, rear_speed_index)
    select x."vehicleId", x.position, x."frontSize", x."frontLoadIndex", x."frontSpeedIndex", x."rearSize", x."rearLoadIndex", x."rearSpeedIndex"
    from json_to_recordset(${JSON.stringify(fitments)}::json) as x("vehicleId" bigint, position smallint, "frontSize" text,
      "frontLoadIndex" int, "frontSpeedIndex" text, "rearSize" text, "rearLoadIndex" int, "rearSpeedIndex" text)`);
}

/** Size records (with diameter) for sizes the catalogue has not met yet. */
export async function insertSizes(db: DbOrTx, sizes: TireSize[]) {
  if (!sizes.length) return;
  const rows = sizes.map((s) => ({
    size: formatSize(s),
    slug: sizeSlug(s),
    sizeType: s.type,
    width: s.width,
    ratio: s.ratio,
    rim: s.rim,
    construction: s.construction,
    diameter: overallDiameter(s),
  }));
  await db.execute(sql`
    insert into sizes (size, slug, size_type, width, ratio, rim, construction, overall_diameter)
    select x.size, x.slug, x."sizeType", x.width, x.ratio, x.rim, x.construction, x.diameter
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(size text, slug text, "sizeType" text,
      width numeric, ratio numeric, rim numeric, construction text, diameter numeric)
    on conflict do nothing`);
}
