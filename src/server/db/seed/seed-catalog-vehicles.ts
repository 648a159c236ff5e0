// Demo vehicles: real makes and models for the years each existed (from the current year down to
// 1959), one to three options per year, each with one to three OE sizes; sports cars staggered.
import { sql } from 'drizzle-orm';
import { formatSize, type TireSize } from '../../../domain/tire-size';
import type { DbOrTx } from '../connection';
import { pick, rng, catalogueSizes, loadIndexOf } from './seed-catalog-skus';
import { slugOf } from '../../lib/slug';

type VehicleClass = 'car' | 'sport' | 'suv' | 'truck';
// "Make:Model/from-to/class,…"; an open end runs to the current year.
const vehicleDefs =
  'Chevrolet:Impala/1959-2020/car,Corvette/1959-/sport,Silverado 1500/1999-/truck,Malibu/1964-/car,Tahoe/1995-/suv,C10/1960-1987/truck,Camaro/1967-/sport|' +
  'Ford:F-150/1975-/truck,Mustang/1965-/sport,Explorer/1991-/suv,Falcon/1960-1970/car,Thunderbird/1959-2005/car,Focus/2000-2018/car,Bronco/1966-1996/suv,Bronco/2021-/suv|' +
  'Dodge:Charger/1966-1978/car,Charger/2006-/sport,Challenger/1970-1974/sport,Challenger/2008-2023/sport,Dart/1960-1976/car,Durango/1998-/suv|' +
  'Toyota:Camry/1983-/car,Corolla/1968-/car,Tacoma/1995-/truck,RAV4/1996-/suv,Land Cruiser/1959-2021/suv,Tundra/2000-/truck|' +
  'Honda:Civic/1973-/car,Accord/1976-/car,CR-V/1997-/suv,Pilot/2003-/suv|' +
  'Nissan:Altima/1993-/car,Frontier/1998-/truck,Rogue/2008-/suv,370Z/2009-2020/sport|' +
  'Datsun:510/1968-1973/car,240Z/1970-1973/sport,620 Pickup/1972-1979/truck|' +
  'Volkswagen:Beetle/1959-1979/car,Golf/1985-/car,Jetta/1980-/car,Tiguan/2009-/suv|' +
  'BMW:3 Series/1975-/sport,5 Series/1972-/car,X5/2000-/suv,M3/1988-/sport|' +
  'Mercedes-Benz:C-Class/1994-/car,E-Class/1986-/car,GLE/2016-/suv,SL/1959-/sport|' +
  'Porsche:911/1965-/sport,Cayenne/2003-/suv,Macan/2015-/suv|' +
  'Subaru:Outback/1995-/suv,Forester/1998-/suv,Impreza/1993-/car,WRX/2002-/sport|' +
  'Mazda:Mazda3/2004-/car,MX-5 Miata/1990-/sport,CX-5/2013-/suv|' +
  'Hyundai:Elantra/1991-/car,Sonata/1989-/car,Tucson/2005-/suv,Santa Fe/2001-/suv|' +
  'Kia:Sorento/2003-/suv,Optima/2001-2020/car,Telluride/2020-/suv|' +
  'Jeep:Wrangler/1987-/truck,Cherokee/1974-/suv,Grand Cherokee/1993-/suv,CJ-5/1963-1983/truck|' +
  'Ram:1500/2011-/truck,2500/2011-/truck|' +
  'GMC:Sierra 1500/1999-/truck,Yukon/1992-/suv|' +
  'Tesla:Model S/2012-/sport,Model 3/2017-/car,Model Y/2020-/suv|' +
  'Lexus:ES/1990-/car,RX/1999-/suv,IS/2001-/sport|' +
  'Audi:A4/1996-/car,Q5/2009-/suv,R8/2008-2023/sport|' +
  'Cadillac:DeVille/1959-2005/car,Escalade/1999-/suv|' +
  'Pontiac:GTO/1964-1974/sport,Firebird/1967-2002/sport,Bonneville/1959-2005/car|' +
  'Plymouth:Fury/1959-1978/car,Barracuda/1964-1974/sport|' +
  'Volvo:240/1975-1993/car,XC90/2003-/suv';

const optionNames = [
  'Base',
  'S',
  'SE',
  'LE',
  'XLE',
  'Sport',
  'Limited',
  'Touring',
  'GT',
  'Premium',
  'Platinum',
];
const rimRange: Record<VehicleClass, [number, number]> = {
  car: [14, 19],
  sport: [15, 20],
  suv: [15, 20],
  truck: [15, 20],
};
const classSizes: Record<VehicleClass, TireSize[]> = {
  car: catalogueSizes('car').filter((s) => s.width <= 245),
  sport: catalogueSizes('car').filter((s) => s.ratio <= 55),
  suv: catalogueSizes('suv'),
  truck: [...catalogueSizes('lt'), ...catalogueSizes('suv').filter((s) => s.ratio >= 60)],
};

interface Fitment {
  front: TireSize;
  rear: TireSize | null;
}

function fitmentsFor(r: () => number, cls: VehicleClass, year: number, currentYear: number): Fitment[] {
  const [lo, hi] = rimRange[cls];
  const target = lo + Math.round(((year - 1959) / Math.max(1, currentYear - 1959)) * (hi - lo));
  const near = (rim: number) => classSizes[cls].filter((s) => Math.abs(s.rim - rim) <= 1);
  const count = 1 + Math.floor(r() * r() * 3);
  const out: Fitment[] = [];
  for (let k = 0; k < count; k++) {
    const pool = near(target + k);
    const front = pick(r, pool.length ? pool : classSizes[cls]);
    const rearPool = classSizes[cls].filter((s) => s.rim === front.rim && s.width >= front.width + 20);
    const staggered = cls === 'sport' && year >= 1990 && rearPool.length > 0 && r() < 0.6;
    out.push({ front, rear: staggered ? pick(r, rearPool) : null });
  }
  return out;
}

const speedFor = (cls: VehicleClass) => (cls === 'sport' ? 'W' : cls === 'truck' ? 'S' : 'H');

/** Inserts every vehicle and its fitments with a few multi-row statements. */
export async function seedVehicles(db: DbOrTx, currentYear = new Date().getFullYear()) {
  const rows: string[] = [];
  const fits: string[] = [];
  const slugs = new Set<string>();
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  for (const makeDef of vehicleDefs.split('|')) {
    const [make, models] = makeDef.split(':');
    for (const modelDef of models.split(',')) {
      const [model, years, cls] = modelDef.split('/') as [string, string, VehicleClass];
      const [from, to] = years.split('-').map((y) => (y ? Number(y) : currentYear));
      for (let year = Math.min(to, currentYear); year >= Math.max(from, 1959); year--) {
        const r = rng(year * 7 + make.length * 131 + model.length * 977 + model.charCodeAt(0));
        const options = new Set(
          [pick(r, optionNames), pick(r, optionNames), pick(r, optionNames)].slice(
            0,
            1 + Math.floor(r() * 3),
          ),
        );
        for (const option of options) {
          const slug = slugOf(year, make, model, option);
          if (slugs.has(slug)) continue;
          slugs.add(slug);
          rows.push(`(${year}, ${q(make)}, ${q(model)}, ${q(option)}, ${q(slug)})`);
          fitmentsFor(r, cls, year, currentYear).forEach((f, position) => {
            const speed = speedFor(cls);
            const rear = f.rear
              ? `${q(formatSize(f.rear))}, ${loadIndexOf(f.rear)}, '${speed}'`
              : 'null::text, null::int, null::text';
            fits.push(
              `(${q(slug)}, ${position + 1}, ${q(formatSize(f.front))}, ${loadIndexOf(f.front)}, '${speed}', ${rear})`,
            );
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 2000) {
    await db.execute(
      sql.raw(
        `insert into vehicles (year, make, model, option, slug) values ${rows.slice(i, i + 2000).join(',')}`,
      ),
    );
  }
  for (let i = 0; i < fits.length; i += 2000) {
    await db.execute(
      sql.raw(`insert into vehicle_fitments (vehicle_id, position, front_size, front_load_index, front_speed_index, rear_size, rear_load_index, rear_speed_index)
        select v.id, f.position, f.front_size, f.fli, f.fsi, f.rear_size, f.rli, f.rsi
        from (values ${fits.slice(i, i + 2000).join(',')}) as f(slug, position, front_size, fli, fsi, rear_size, rli, rsi)
        join vehicles v on v.slug = f.slug`),
    );
  }
}
