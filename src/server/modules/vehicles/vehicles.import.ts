import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/errors';
import { readCsv } from '../../lib/csv';
import { slugOf } from '../../lib/slug';
import {
  type Bad,
  type FitmentLine,
  readVehicleHeader,
  readVehicleLine,
  type VehicleHeader,
} from './vehicles.csv';
import * as repo from './vehicles.repository';

// The two halves of a vehicle import (vehicles.service.ts importVehicles): reading the whole file
// first, then applying its good lines inside the caller's transaction.

const vehicleKey = (v: { year: number; make: string; model: string; option: string }) =>
  `${v.year}\u0000${v.make}\u0000${v.model}\u0000${v.option}`;
const fitmentKey = (front: string, rear: string | null) => `${front}\u0000${rear ?? ''}`;

/**
 * Reads the whole stream, validating each record on its own; nothing is written yet. A file that
 * breaks off makes it throw (a CsvInputError).
 */
export async function readVehicleFile(stream: Readable, lastYear: number) {
  let header: VehicleHeader | null = null;
  const good: FitmentLine[] = [];
  const bad: Bad[] = [];
  for await (const record of readCsv(stream)) {
    if (!header) {
      const read = readVehicleHeader('cells' in record ? record.cells : []);
      if ('missing' in read)
        throw new AppError('bad_request', `The header misses the column(s): ${read.missing.join(', ')}`);
      header = read.header;
      continue;
    }
    const line =
      'reason' in record
        ? { ...record, raw: record.raw.slice(0, 500) }
        : readVehicleLine(header, record, lastYear);
    if ('reason' in line) bad.push(line);
    else good.push(line);
  }
  if (!header) throw new AppError('bad_request', 'The file is empty');
  return { good, bad };
}

/** Vehicles of the good lines, creating the missing ones; a slug taken by another vehicle gets a suffix. */
async function ensureVehicles(tx: DbOrTx, lines: FitmentLine[]) {
  const keys = [...new Map(lines.map((l) => [vehicleKey(l), l])).values()].map((l) => ({
    year: l.year,
    make: l.make,
    model: l.model,
    option: l.option,
    slug: slugOf(l.year, l.make, l.model, l.option),
  }));
  let created = await repo.insertVehicles(tx, keys);
  let found = await repo.vehiclesOf(tx, keys);
  const have = new Set(found.map(vehicleKey));
  const clashing = keys.filter((k) => !have.has(vehicleKey(k)));
  if (clashing.length) {
    const suffixed = clashing.map((k) => ({
      ...k,
      slug: `${k.slug}-${createHash('sha1').update(vehicleKey(k)).digest('hex').slice(0, 8)}`,
    }));
    created += await repo.insertVehicles(tx, suffixed);
    found = await repo.vehiclesOf(tx, keys);
  }
  if (found.length !== keys.length) throw new Error('vehicle import: a vehicle could not be created');
  return { created, vehicles: new Map(found.map((v) => [vehicleKey(v), v])) };
}

/**
 * Adds each line's fitment unless its vehicle already has the same front and rear sizes, creating
 * the missing vehicles and sizes. Make names take the catalogue's existing spelling.
 */
export async function applyLines(tx: DbOrTx, read: FitmentLine[]) {
  const makes = await repo.knownMakes(tx);
  const lines = read.map((l) => ({ ...l, make: makes.get(l.make.toLowerCase()) ?? l.make }));
  const { created, vehicles } = await ensureVehicles(tx, lines);
  const fitments: repo.NewFitment[] = [];
  const state = new Map(
    [...vehicles.values()].map((v) => [
      v.id,
      {
        sizes: new Set(v.fitments.map((f) => fitmentKey(f.front_size, f.rear_size))),
        position: Math.max(0, ...v.fitments.map((f) => f.position)),
      },
    ]),
  );
  for (const { line, tireSizes, year, make, model, option, ...fitment } of lines) {
    const vehicle = vehicles.get(vehicleKey({ year, make, model, option }));
    const s = vehicle && state.get(vehicle.id);
    if (!vehicle || !s || s.sizes.has(fitmentKey(fitment.frontSize, fitment.rearSize))) continue;
    s.sizes.add(fitmentKey(fitment.frontSize, fitment.rearSize));
    s.position += 1;
    fitments.push({ ...fitment, vehicleId: vehicle.id, position: s.position });
  }
  await repo.insertSizes(
    tx,
    lines.flatMap((l) => l.tireSizes),
  );
  await repo.insertFitments(tx, fitments);
  return { vehiclesCreated: created, fitmentsCreated: fitments.length };
}
