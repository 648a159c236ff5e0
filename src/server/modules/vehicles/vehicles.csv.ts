import { vehicleImportColumns, vehicleImportOptionalColumns } from '../../../contract/vehicles';
import { formatSize, parseTireSize, speedIndexes, type TireSize } from '../../../domain/tire-size';
import type { CsvRecord } from '../../lib/csv';

// Reading one line of a vehicle fitment CSV on its own: the catalogue is touched only when the
// whole file has been read (vehicles.import.ts).

const allColumns = [...vehicleImportColumns, ...vehicleImportOptionalColumns];
type Column = (typeof allColumns)[number];
export type VehicleHeader = Partial<Record<Column, number>>;

export interface Bad {
  line: number;
  raw: string;
  reason: string;
}

export interface FitmentLine {
  line: number;
  year: number;
  make: string;
  model: string;
  option: string;
  /** The parsed sizes (front, then rear), to be known in the sizes table. */
  tireSizes: TireSize[];
  frontSize: string;
  frontLoadIndex: number;
  frontSpeedIndex: string;
  rearSize: string | null;
  rearLoadIndex: number | null;
  rearSpeedIndex: string | null;
}

/** Finds the columns in the header's cells; answers the missing required ones otherwise. */
export function readVehicleHeader(header: string[]): { header: VehicleHeader } | { missing: string[] } {
  const cells = header.map((c) => c.toLowerCase().replace(/[\s-]+/g, '_'));
  const missing = vehicleImportColumns.filter((c) => !cells.includes(c));
  if (missing.length) return { missing };
  const found = allColumns.filter((c) => cells.includes(c)).map((c) => [c, cells.indexOf(c)]);
  return { header: Object.fromEntries(found) };
}

const words = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A load index from its column, else from the size text ("225/45R17 94W"). */
function loadOf(cell: string, size: TireSize | null): number | string | null {
  if (!cell) return size?.loadIndex ?? null;
  if (!/^\d{2,3}$/.test(cell) || Number(cell) < 50 || Number(cell) > 199)
    return `load "${cell}" is not a load index from 50 to 199`;
  return Number(cell);
}

function speedOf(cell: string, size: TireSize | null): string | null | { error: string } {
  if (!cell) return size?.speedIndex ?? null;
  const up = cell.toUpperCase();
  if (!(speedIndexes as readonly string[]).includes(up))
    return { error: `speed "${cell}" is not a speed rating (${speedIndexes.join(' ')})` };
  return up;
}

/** The vehicle half of a line: year in 1959..next year, make, model and option present. */
function readVehicle(get: (c: Column) => string, lastYear: number) {
  const year = get('year');
  if (!/^\d{4}$/.test(year) || Number(year) < 1959 || Number(year) > lastYear)
    return `year "${year}" is not a year from 1959 to ${lastYear}`;
  for (const c of ['make', 'model', 'option'] as const) {
    if (!words(get(c))) return `${c} is empty`;
    if (words(get(c)).length > 80) return `${c} is longer than 80 characters`;
  }
  return {
    year: Number(year),
    make: words(get('make')),
    model: words(get('model')),
    option: words(get('option')),
  };
}

/** The tire half: front size with load and speed, optional rear (defaulting to the front's service). */
function readTires(get: (c: Column) => string) {
  const front = parseTireSize(get('front'));
  if (!front) return `front "${get('front')}" is not a tire size`;
  const rearText = get('rear');
  const rear = rearText ? parseTireSize(rearText) : null;
  if (rearText && !rear) return `rear "${rearText}" is not a tire size`;
  const load = loadOf(get('load'), front);
  const speed = speedOf(get('speed'), front);
  if (typeof load === 'string') return load;
  if (load === null) return 'load is missing (a load column or a size like 225/45R17 94W)';
  if (speed && typeof speed === 'object') return speed.error;
  if (!speed) return 'speed is missing (a speed column or a size like 225/45R17 94W)';
  if (!rear) return { front, frontLoadIndex: load, frontSpeedIndex: speed, rear: null };
  const rearLoad = loadOf(get('rear_load'), rear);
  const rearSpeed = speedOf(get('rear_speed'), rear);
  if (typeof rearLoad === 'string') return `rear ${rearLoad}`;
  if (rearSpeed && typeof rearSpeed === 'object') return `rear ${rearSpeed.error}`;
  return {
    front,
    frontLoadIndex: load,
    frontSpeedIndex: speed,
    rear: { size: rear, loadIndex: rearLoad ?? load, speedIndex: rearSpeed ?? speed },
  };
}

/** Checks one data record; `lastYear` is the newest model year accepted (current + 1). */
export function readVehicleLine(
  header: VehicleHeader,
  { line, raw, cells }: CsvRecord,
  lastYear: number,
): FitmentLine | Bad {
  const fail = (reason: string) => ({ line, raw: raw.slice(0, 500), reason });
  const get = (c: Column) => {
    const at = header[c];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const vehicle = readVehicle(get, lastYear);
  if (typeof vehicle === 'string') return fail(vehicle);
  const tires = readTires(get);
  if (typeof tires === 'string') return fail(tires);
  return {
    line,
    ...vehicle,
    tireSizes: tires.rear ? [tires.front, tires.rear.size] : [tires.front],
    frontSize: formatSize(tires.front),
    frontLoadIndex: tires.frontLoadIndex,
    frontSpeedIndex: tires.frontSpeedIndex,
    rearSize: tires.rear ? formatSize(tires.rear.size) : null,
    rearLoadIndex: tires.rear?.loadIndex ?? null,
    rearSpeedIndex: tires.rear?.speedIndex ?? null,
  };
}
