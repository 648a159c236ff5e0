import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { FeedRun } from '../../../contract/inventory';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { refreshProductPrices } from '../catalog/catalog.service';
import { type FeedHeader, type FeedLine, readHeader, readLine } from '../../lib/csv';
import * as repo from './inventory.repository';
import { ownWarehouse } from './inventory.service';

const BATCH = 500;
type Bad = { line: number; raw: string; reason: string };
type RunRow = Awaited<ReturnType<typeof repo.insertRun>>;

export function toRun(row: RunRow): FeedRun {
  return {
    ...row,
    status: row.status as FeedRun['status'],
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}

/** Matches a batch of lines to the catalogue: unknown products, duplicates, stock below reservations. */
async function checkBatch(db: Db, warehouseId: number, batch: FeedLine[], seen: Map<number, number>) {
  const found = await repo.productsForFeed(db, warehouseId, [
    ...new Set(batch.map((l) => l.sku.toLowerCase())),
  ]);
  const good: (FeedLine & { productId: number })[] = [];
  const bad: Bad[] = [];
  for (const l of batch) {
    const make = l.make.toLowerCase();
    const product = found.find(
      (p) => p.sku === l.sku.toLowerCase() && (p.make_name === make || p.make_slug === make),
    );
    const fail = (reason: string) => bad.push({ line: l.line, raw: l.raw, reason });
    if (!product) fail(`No product with sku ${l.sku} of make ${l.make} in the catalogue`);
    else if (seen.has(product.id)) fail(`Same product as line ${seen.get(product.id)}`);
    else if (l.quantity < product.reserved)
      fail(`quantity ${l.quantity} is below the ${product.reserved} units reserved by open orders`);
    else {
      seen.set(product.id, l.line);
      good.push({ ...l, productId: product.id });
    }
  }
  return { good, bad };
}

/** Reads the stream line by line, validating as it goes and writing progress every batch. */
async function readFeed(db: Db, runId: number, warehouseId: number, stream: Readable) {
  let header: FeedHeader | null = null;
  let lineNo = 0;
  let batch: FeedLine[] = [];
  const good: (FeedLine & { productId: number })[] = [];
  const bad: Bad[] = [];
  const seen = new Map<number, number>();
  const flush = async () => {
    const checked = await checkBatch(db, warehouseId, batch, seen);
    good.push(...checked.good);
    bad.push(...checked.bad);
    batch = [];
    await repo.updateRun(db, runId, {
      processedRows: good.length + bad.length,
      goodRows: good.length,
      badRows: bad.length,
    });
  };
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    lineNo += 1;
    if (!text.trim()) continue;
    if (!header) {
      const read = readHeader(text);
      if ('missing' in read)
        throw new AppError('bad_request', `The header misses the column(s): ${read.missing.join(', ')}`);
      header = read.header;
      continue;
    }
    const line = readLine(header, text, lineNo);
    if ('reason' in line) bad.push(line);
    else batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  if (!header) throw new AppError('bad_request', 'The file is empty');
  await flush();
  return { good, bad };
}

/**
 * Imports a supplier's CSV feed into one warehouse: every row is validated while the file
 * streams in; then, in ONE transaction, the good rows replace stock and cost, the bad rows are
 * recorded with line and reason, and the touched products are re-priced. A failure half-way
 * writes nothing but the run's failed status.
 */
export async function importFeed(
  db: Db,
  actor: Actor,
  warehouseId: number,
  upload: { filename: string; stream: Readable & { truncated?: boolean } },
) {
  await ownWarehouse(db, actor, warehouseId);
  const run = await repo.insertRun(db, {
    warehouseId,
    uploadedBy: actor.userId,
    filename: upload.filename.slice(0, 200),
  });
  try {
    const { good, bad } = await readFeed(db, run.id, warehouseId, upload.stream);
    if (upload.stream.truncated)
      throw new AppError('bad_request', 'The file is larger than the upload limit');
    const done = await db.transaction(async (tx) => {
      await repo.upsertInventory(
        tx,
        good.map((g) => ({
          warehouseId,
          productId: g.productId,
          quantity: g.quantity,
          costCents: g.costCents,
        })),
      );
      await repo.insertFailures(
        tx,
        bad.map((b) => ({ ...b, runId: run.id, warehouseId })),
      );
      await refreshProductPrices(
        tx,
        good.map((g) => g.productId),
      );
      const counts = { processedRows: good.length + bad.length, goodRows: good.length, badRows: bad.length };
      const row = await repo.updateRun(tx, run.id, { ...counts, status: 'applied', finishedAt: new Date() });
      await writeAudit(tx, actor, { entity: 'feed_run', entityId: run.id, action: 'import', after: row });
      return row;
    });
    return toRun(done);
  } catch (error) {
    upload.stream.resume(); // drain what is left so the request can end
    const reason = error instanceof AppError ? error.message : 'The import failed; nothing was changed';
    await repo.updateRun(db, run.id, { status: 'failed', error: reason, finishedAt: new Date() });
    throw error;
  }
}
