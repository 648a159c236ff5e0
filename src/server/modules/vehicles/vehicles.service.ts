import type { Readable } from 'node:stream';
import type { VehicleImportResult } from '../../../contract/vehicles';
import type { Db } from '../../db/connection';
import { forgetVehicleVersion } from '../../db/data-versions';
import type { Actor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { applyLines, readVehicleFile } from './vehicles.import';

/** A result lists at most this many bad lines (the counts cover them all). */
const MAX_BAD_LISTED = 1000;

const brokeOff = () => new AppError('bad_request', 'The upload broke off; nothing was imported');

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
  let read: Awaited<ReturnType<typeof readVehicleFile>>;
  try {
    read = await readVehicleFile(upload.stream, lastYear);
  } catch (error) {
    upload.stream.resume(); // drain what is left so the request can end
    throw error instanceof AppError ? error : brokeOff();
  }
  if (upload.stream.truncated) throw new AppError('bad_request', 'The file is larger than the upload limit');
  const { good, bad } = read;
  const imported = await db.transaction(async (tx) => {
    const applied = await applyLines(tx, good);
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
