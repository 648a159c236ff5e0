// The roster CSV import: the whole file is read and checked first (every line, every vehicle
// against the vehicle data); a file with any bad line is refused with a pointer per bad cell
// and writes nothing; a good file is written in one transaction. docs/fleet.md, "CSV format".
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { rosterColumns, rosterOptionalColumns, UnitInput } from '../../../contract/fleet';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { CsvInputError, readCsv } from '../../lib/csv';
import { writeAudit } from '../audit/audit.service';
import { vehicleKey, vehiclesWithSizes } from '../sizing/sizing.service';
import * as repo from './fleet.repository';
import { unknownPart, writableLocation } from './fleet.scope';

/** A roster is a fleet's vehicles: 5,000 lines is far more than one location keeps. */
export const MAX_ROSTER_LINES = 5000;

export interface RosterUpload {
  filename: string;
  stream: Readable & { truncated?: boolean };
  locationId?: number;
}

type Column = (typeof rosterColumns)[number] | (typeof rosterOptionalColumns)[number];
interface LineError {
  line: number;
  column?: Column;
  detail: string;
}
type Row = z.output<typeof UnitInput> & { line: number };

/** Contract field → CSV column, for the pointers of what the field's schema refused. */
const columnOf: Record<string, Column> = {
  unitNumber: 'unit',
  vin: 'vin',
  year: 'year',
  make: 'make',
  model: 'model',
  option: 'option',
  fitment: 'fitment',
  route: 'route',
  depot: 'depot',
};

function readHeader(cells: string[]) {
  const names = cells.map((c) =>
    c
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
      .replace(/^unit_(number|no)$/, 'unit'),
  );
  const missing = rosterColumns.filter((c) => !names.includes(c));
  const at = Object.fromEntries(
    [...rosterColumns, ...rosterOptionalColumns].map((c) => [c, names.indexOf(c)]),
  ) as Record<Column, number>;
  return { missing, at };
}

const integer = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : Number.NaN);

/** One data line as a unit's input, or the errors of its cells. */
function readLine(at: Record<Column, number>, line: number, cells: string[]): Row | LineError[] {
  const get = (c: Column) => (at[c] >= 0 ? (cells[at[c]] ?? '').trim() : '');
  const parsed = UnitInput.safeParse({
    unitNumber: get('unit'),
    vin: get('vin') || null,
    year: integer(get('year')),
    make: get('make'),
    model: get('model'),
    option: get('option'),
    fitment: get('fitment') ? integer(get('fitment')) : null,
    route: get('route') || null,
    depot: get('depot') || null,
  });
  if (parsed.success) return { ...parsed.data, line };
  return parsed.error.issues.map((issue) => {
    const column = columnOf[String(issue.path[0])];
    const text = column ? get(column) : '';
    return {
      line,
      column,
      detail: column === 'year' ? `"${text}" is not a year from 1959 to 2100` : issue.message,
    };
  });
}

async function readRoster(stream: Readable) {
  const rows: Row[] = [];
  const errors: LineError[] = [];
  let header: ReturnType<typeof readHeader> | null = null;
  for await (const record of readCsv(stream)) {
    if (!('cells' in record)) {
      errors.push({ line: record.line, detail: record.reason });
      continue;
    }
    if (!header) {
      header = readHeader(record.cells);
      if (header.missing.length)
        throw new AppError('bad_request', `The header misses the column(s): ${header.missing.join(', ')}`, {
          errors: [{ pointer: '/file/1', detail: `misses ${header.missing.join(', ')}` }],
        });
      continue;
    }
    if (rows.length + errors.length >= MAX_ROSTER_LINES)
      throw new AppError('bad_request', `A roster file holds at most ${MAX_ROSTER_LINES} units`);
    const read = readLine(header.at, record.line, record.cells);
    if (Array.isArray(read)) errors.push(...read);
    else rows.push(read);
  }
  if (!header) throw new AppError('bad_request', 'The file is empty');
  return { rows, errors };
}

/** Unit numbers twice in the file, and vehicles the vehicle data does not know. */
async function checkRows(db: Db, rows: Row[]) {
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const first = seen.get(r.unitNumber.toLowerCase());
    if (first !== undefined)
      errors.push({
        line: r.line,
        column: 'unit',
        detail: `unit ${r.unitNumber} is on line ${first} already`,
      });
    else seen.set(r.unitNumber.toLowerCase(), r.line);
  }
  const vehicles = await vehiclesWithSizes(db, rows);
  for (const r of rows) {
    const vehicle = vehicles.get(vehicleKey(r));
    if (!vehicle) {
      const { column, detail } = await unknownPart(db, r);
      errors.push({ line: r.line, column, detail: `"${r[column]}" ${detail}` });
    } else if (r.fitment && !vehicle.sizes.some((s) => s.fitment === r.fitment))
      errors.push({ line: r.line, column: 'fitment', detail: 'is not an OE fitment of the vehicle' });
  }
  return { errors, vehicles };
}

function refuse(filename: string, errors: LineError[]): never {
  errors.sort((a, b) => a.line - b.line);
  const lines = new Set(errors.map((e) => e.line)).size;
  throw new AppError('bad_request', `${lines} line(s) of ${filename} are wrong; nothing was imported`, {
    errors: errors.map((e) => ({
      pointer: `/file/${e.line}${e.column ? `/${e.column}` : ''}`,
      detail: e.detail,
    })),
    lines: errors,
  });
}

/**
 * Imports a roster into one of the caller's locations, all or nothing: a unit number already on
 * the location's roster is updated from its line, the others are added.
 */
export async function importRoster(db: Db, actor: Actor, upload: RosterUpload) {
  const locationId = await writableLocation(db, actor, upload.locationId, '/body/locationId');
  let read: Awaited<ReturnType<typeof readRoster>>;
  try {
    read = await readRoster(upload.stream);
  } catch (error) {
    upload.stream.resume();
    if (error instanceof CsvInputError)
      throw new AppError('bad_request', 'The upload broke off; nothing was imported');
    throw error;
  }
  if (upload.stream.truncated) throw new AppError('too_large', 'The file is larger than the upload limit');
  const checked = await checkRows(db, read.rows);
  const errors = [...read.errors, ...checked.errors];
  if (errors.length) refuse(upload.filename, errors);
  if (!read.rows.length) throw new AppError('bad_request', 'The file has a header and no units');
  return db.transaction(async (tx) => {
    const existing = await repo.unitsByNumber(
      tx,
      locationId,
      read.rows.map((r) => r.unitNumber),
    );
    const values = read.rows.map(({ line: _, locationId: __, ...r }) => {
      const v = checked.vehicles.get(vehicleKey(r))!;
      return {
        ...r,
        year: v.year,
        make: v.make,
        model: v.model,
        option: v.option,
        companyId: actor.companyId,
        locationId,
      };
    });
    const fresh = values.filter((v) => !existing.has(v.unitNumber.toLowerCase()));
    for (const v of values) {
      const id = existing.get(v.unitNumber.toLowerCase());
      if (id !== undefined) await repo.updateUnit(tx, id, v);
    }
    await repo.insertUnits(tx, fresh);
    const result = { locationId, created: fresh.length, updated: values.length - fresh.length };
    await writeAudit(tx, actor, {
      entity: 'fleet_roster',
      entityId: locationId,
      action: 'import',
      after: { file: upload.filename, ...result },
    });
    return result;
  });
}
