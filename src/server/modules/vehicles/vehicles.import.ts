import { forgetVehicleVersion } from '../../db/data-versions';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { VehicleImportResult } from '../../../contract/vehicles';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import {
  type Bad,
  type FitmentLine,
  readVehicleHeader,
  readVehicleLine,
  type VehicleHeader,
} from './vehicles.csv';
import * as repo from './vehicles.repository';
import { slugOf } from '../../lib/slug';

const MAX_BAD_LISTED = 1000;
const brokeOff = () => new AppError('bad_request', 'The upload broke off; nothing was imported');

const vehicleKey = (v: { year: number; make: string; model: string; option: string }) =>
  `${v.year}\u0000${v.make}\u0000${v.model}\u0000${v.option}`;
const fitmentKey = (front: string, rear: string | null) => `${front}\u0000${rear ?? ''}`;

/** Reads the whole stream, validating each line on its own; nothing is written yet. */
async function readFile(stream: Readable, lastYear: number) {
  let header: VehicleHeader | null = null;
  let lineNo = 0;
  const good: FitmentLine[] = [];
  const bad: Bad[] = [];
  // readline ends quietly when its input fails: a file that breaks off must not pass for whole.
  let broken: unknown = null;
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  stream.once('error', (error) => {
    broken = error;
    lines.close();
  });
  for await (const text of lines) {
    lineNo += 1;
    if (!text.trim()) continue;
    if (!header) {
      const read = readVehicleHeader(text);
      if ('missing' in read)
        throw new AppError('bad_request', `The header misses the column(s): ${read.missing.join(', ')}`);
      header = read.header;
      continue;
    }
    const line = readVehicleLine(header, text, lineNo, lastYear);
    if ('reason' in line) bad.push(line);
    else good.push(line);
  }
  if (broken) throw brokeOff();
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

/** Adds each line's fitment unless its vehicle already has the same front and rear sizes. */
async function applyLines(tx: DbOrTx, lines: FitmentLine[]) {
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

/**
 * Imports a CSV of vehicle OE fitments: the file is read and every line validated first; then
 * ONE transaction creates the missing vehicles, sizes and fitments. A file that breaks off
 * (or any failure) writes nothing. Make names take the catalogue's existing spelling.
 */
export async function importVehicles(
  db: Db,
  actor: Actor,
  upload: { filename: string; stream: Readable & { truncated?: boolean } },
  lastYear = new Date().getUTCFullYear() + 1,
): Promise<VehicleImportResult> {
  let read: Awaited<ReturnType<typeof readFile>>;
  try {
    read = await readFile(upload.stream, lastYear);
  } catch (error) {
    upload.stream.resume(); // drain what is left so the request can end
    throw error instanceof AppError ? error : brokeOff();
  }
  if (upload.stream.truncated) throw new AppError('bad_request', 'The file is larger than the upload limit');
  const { good, bad } = read;
  const imported = await db.transaction(async (tx) => {
    const makes = await repo.knownMakes(tx);
    const lines = good.map((l) => ({ ...l, make: makes.get(l.make.toLowerCase()) ?? l.make }));
    const applied = await applyLines(tx, lines);
    const result = {
      filename: upload.filename.slice(0, 200),
      processedRows: good.length + bad.length,
      goodRows: good.length,
      badRows: bad.length,
      ...applied,
      unchangedRows: good.length - applied.fitmentsCreated,
      bad: bad.slice(0, MAX_BAD_LISTED),
    };
    const { bad: _listed, ...counts } = result;
    await writeAudit(tx, actor, { entity: 'vehicle', entityId: 'import', action: 'import', after: counts });
    return result;
  });
  // The committed vehicles show in this process's dropdowns at once, not a second later.
  forgetVehicleVersion(db);
  return imported;
}
