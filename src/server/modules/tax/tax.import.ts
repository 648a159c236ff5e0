// The ZIP-rate import: the whole file is read and checked first; a file with any bad line is
// refused with a pointer per line and imports nothing (its run is kept as rejected, with the
// lines); a good file is imported in ONE transaction after the answer, and the console follows
// its run. The rows are added from the import's date: earlier rows stay for the days before it.
import type { Readable } from 'node:stream';
import type * as api from '../../../contract/tax';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './tax.repository';
import { dayOf } from '../../../domain/calendar-day';
import { isImporting } from '../../../domain/tax-import-status';
import { toRun } from './tax.views';
import { type LineError, readZipFile, type ZipLine } from './tax.zip-file';

/** Rows written per statement inside the import's transaction. */
const BATCH = 500;
/** A run still "importing" this long after it started, and not running here, was cut off. */
const STALLED_MS = 10 * 60 * 1000;

/**
 * Runs importing in this process, with the rows written so far. The transaction's own progress is
 * invisible to other connections until it commits (and the embedded database has only one), so a
 * poll answered here reads this; another server reads the run's row, which moves at the commit.
 */
const running = new Map<number, { run: repo.ImportRunRow; done: number; finished: Promise<void> }>();

export interface Upload {
  filename: string;
  stream: Readable & { truncated?: boolean };
  effectiveFrom?: string;
}

const pointerOf = (e: LineError) => `/file/${e.line}${e.column ? `/${e.column}` : ''}`;

function importDay(effectiveFrom: string | undefined) {
  const day = effectiveFrom?.trim() || dayOf(new Date());
  const d = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(d.getTime()) || dayOf(d) !== day)
    throw badRequest(`"${effectiveFrom}" is not a date`, [
      { pointer: '/body/effectiveFrom', detail: 'is not a date as YYYY-MM-DD' },
    ]);
  return day;
}

/** Lines whose ZIP already has a row from the same day: the same rates are skipped, others refused. */
async function againstExisting(db: Db, lines: ZipLine[], day: string) {
  const existing = new Map(
    (
      await repo.zipRatesDated(
        db,
        lines.map((l) => l.zip),
        day,
      )
    ).map((r) => [r.zip, r]),
  );
  const add: ZipLine[] = [];
  const errors: LineError[] = [];
  let unchanged = 0;
  for (const l of lines) {
    const row = existing.get(l.zip);
    if (!row) add.push(l);
    else if (row.combinedPpm === l.combinedPpm && row.statePpm === l.statePpm && row.state === l.state)
      unchanged += 1;
    else
      errors.push({
        line: l.line,
        column: 'ZipCode',
        detail: `ZIP ${l.zip} already has another rate from ${day}; import the new rate from a later day`,
      });
  }
  return { add, errors, unchanged };
}

async function refuse(db: Db, actor: Actor, upload: Upload, day: string, errors: LineError[], count: number) {
  const run = await repo.insertRejectedRun(db, {
    fileName: upload.filename.slice(0, 200),
    userId: actor.userId,
    effectiveFrom: day,
    errors,
  });
  throw new AppError(
    'bad_request',
    `${count} line(s) of ${upload.filename} are wrong; nothing was imported`,
    {
      errors: errors.map((e) => ({ pointer: pointerOf(e), detail: e.detail })),
      lines: errors,
      runId: run.id,
    },
  );
}

/** Checks the file and starts its import; answers the run at once (status importing). */
export async function importZipRates(db: Db, actor: Actor, upload: Upload): Promise<api.ImportRun> {
  const day = importDay(upload.effectiveFrom);
  let read: Awaited<ReturnType<typeof readZipFile>>;
  try {
    read = await readZipFile(upload.stream, await repo.knownStates(db));
  } catch {
    upload.stream.resume();
    throw new AppError('bad_request', 'The upload broke off; nothing was imported');
  }
  if (upload.stream.truncated) throw new AppError('too_large', 'The file is larger than the upload limit');
  if (read.errorCount) await refuse(db, actor, upload, day, read.errors, read.errorCount);
  const { add, errors, unchanged } = await againstExisting(db, read.lines, day);
  if (errors.length) await refuse(db, actor, upload, day, errors, errors.length);
  const run = await repo.insertRun(db, {
    fileName: upload.filename.slice(0, 200),
    userId: actor.userId,
    effectiveFrom: day,
    rowsTotal: add.length,
    rowsUnchanged: unchanged,
  });
  const entry = { run, done: 0, finished: Promise.resolve() };
  running.set(run.id, entry);
  entry.finished = write(db, actor, run, add, entry).finally(() => running.delete(run.id));
  return toRun(run, 0);
}

async function write(
  db: Db,
  actor: Actor,
  run: repo.ImportRunRow,
  lines: ZipLine[],
  progress: { done: number },
) {
  const source = `import ${run.id}: ${run.fileName}`;
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < lines.length; i += BATCH) {
        await repo.insertZipRates(
          tx,
          lines.slice(i, i + BATCH).map(({ line: _line, ...l }) => ({
            ...l,
            effectiveFrom: run.effectiveFrom,
            source,
            importRunId: run.id,
          })),
        );
        progress.done = Math.min(lines.length, i + BATCH);
      }
      const done = await repo.finishRun(tx, run, 'done', { rowsDone: lines.length });
      const { errors: _none, ...after } = done;
      await writeAudit(tx, actor, { entity: 'tax_zip_rates', entityId: run.id, action: 'import', after });
    });
  } catch {
    await repo
      .finishRun(db, run, 'failed', {
        rowsDone: 0,
        errors: [{ line: 0, column: null, detail: 'The import failed; nothing was imported' }],
      })
      .catch(() => {});
  }
}

/** A run and its progress; one cut off (a restart) is recorded as failed when it is read. */
export async function getImport(db: Db, id: number): Promise<api.ImportRun> {
  const live = running.get(id);
  if (live) return toRun(live.run, live.done);
  const row = await repo.findRun(db, id);
  if (!row) throw notFound('Import');
  if (isImporting(row.status) && Date.now() - row.createdAt.getTime() > STALLED_MS) {
    const failed = await repo.finishRun(db, row, 'failed', {
      errors: [
        { line: 0, column: null, detail: 'The import stopped before it finished; nothing was imported' },
      ],
    });
    return toRun(failed);
  }
  return toRun(row);
}

export async function listImports(db: Db): Promise<api.ImportRun[]> {
  return (await repo.listRuns(db)).map((r) => {
    const live = running.get(r.id);
    return toRun(r, live ? live.done : r.rowsDone);
  });
}

/** Waits for the imports running in this process (the tests, and a server closing). */
export async function importsSettled(): Promise<void> {
  await Promise.all([...running.values()].map((r) => r.finished));
}
