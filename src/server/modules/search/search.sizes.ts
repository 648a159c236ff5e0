import { sql } from 'drizzle-orm';
import type { SizeOption } from '../../../contract/search';
import { formatSize, parseTireSize, type TireSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { countsVersion, vehicleVersion } from '../../db/data-versions';
import { KeptByVersion } from '../../db/kept-by-version';
import { hitsWhere, type SearchPlan } from './search.sql';

// The 'Sizes' facet of the results page. For a partial size ("225", "225/45") it lists the whole
// sizes inside it with their counts, so the buyer narrows by ratio and rim; for a chosen vehicle
// it lists the vehicle's original-equipment sizes. The page applies one through the 'sizes'
// filter type (width, ratio and rim together). Kept per search data version, like the answers.

const kept = new KeptByVersion<SizeOption[]>(2000);
const MAX_SIZES = 60;

type Dims = { width: number; ratio: number; rim: number };
const isWhole = (d: SearchPlan['dims']): d is Dims =>
  d?.width !== undefined && d.ratio !== undefined && d.rim !== undefined;

/** The canonical text of a size without its P/LT prefix (flotation sizes state a diameter). */
export function sizeLabel(d: Dims): string {
  const type = d.width < 100 ? 'flotation' : 'metric';
  return formatSize({ type, width: d.width, ratio: d.ratio, rim: d.rim, construction: 'R' });
}

const oeSizes = new KeptByVersion<TireSize[]>(5000);

/** Every OE size of a vehicle, front and rear, in fitment order (kept per vehicle data version). */
export async function vehicleSizes(
  db: Db,
  v: { year?: number; vmake?: string; vmodel?: string; option?: string },
): Promise<TireSize[]> {
  if (!v.year || !v.vmake || !v.vmodel || !v.option) return [];
  const key = JSON.stringify([v.year, v.vmake, v.vmodel, v.option]);
  return oeSizes.through(db, key, await vehicleVersion(db), () => readVehicleSizes(db, v));
}

async function readVehicleSizes(
  db: Db,
  v: { year?: number; vmake?: string; vmodel?: string; option?: string },
) {
  const { rows } = await db.execute<{ front_size: string; rear_size: string | null }>(sql`
    select fi.front_size, fi.rear_size from vehicles v join vehicle_fitments fi on fi.vehicle_id = v.id
    where v.year = ${v.year} and v.make = ${v.vmake} and v.model = ${v.vmodel} and v."option" = ${v.option}
    order by fi.position`);
  const sizes = rows
    .flatMap((r) => [r.front_size, r.rear_size])
    .flatMap((s) => (s ? [parseTireSize(s)] : []));
  return sizes.filter((s): s is TireSize => s !== null);
}

/** The Sizes facet of a search: its partial size's whole sizes, or the vehicle's OE sizes. */
export async function sizeOptions(db: Db, plan: SearchPlan, oe: TireSize[]): Promise<SizeOption[]> {
  const partial = plan.dims !== undefined && !isWhole(plan.dims) && !plan.rear;
  if (!partial && oe.length === 0) return [];
  const key = JSON.stringify([plan, oe.map(formatSize)]);
  return kept.through(db, key, await countsVersion(db, plan.priceGroupId), async () => {
    if (partial) {
      const { rows } = await db.execute<Dims & { count: number }>(sql`
        select si.width::float8 as width, si.ratio::float8 as ratio, si.rim::float8 as rim, count(*)::int as count
        from search_items si where ${hitsWhere(plan)}
        group by si.width, si.ratio, si.rim order by si.ratio, si.rim limit ${MAX_SIZES}`);
      return rows.map((r) => ({
        ...dimsOf(r),
        label: sizeLabel(dimsOf(r)),
        count: Number(r.count),
        oe: false,
      }));
    }
    const unique = [...new Map(oe.map((s) => [sizeLabel(s), s])).values()];
    const others = { ...plan, dims: undefined, rear: undefined };
    const { rows } = await db.execute<Dims & { count: number }>(sql`
      select si.width::float8 as width, si.ratio::float8 as ratio, si.rim::float8 as rim, count(*)::int as count
      from search_items si
      where ${hitsWhere(others)} and (si.width, si.ratio, si.rim) in (${sql.join(
        unique.map((s) => sql`(${s.width}, ${s.ratio}, ${s.rim})`),
        sql`, `,
      )})
      group by si.width, si.ratio, si.rim`);
    return unique.map((s) => {
      const hit = rows.find(
        (r) => Number(r.width) === s.width && Number(r.ratio) === s.ratio && Number(r.rim) === s.rim,
      );
      return { ...dimsOf(s), label: sizeLabel(s), count: hit ? Number(hit.count) : 0, oe: true };
    });
  });
}

const dimsOf = (d: Dims): Dims => ({ width: Number(d.width), ratio: Number(d.ratio), rim: Number(d.rim) });
