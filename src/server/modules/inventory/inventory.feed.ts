import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { CsvInputError, readCsv } from '../../lib/csv';
import {
  type BadLine,
  cellText,
  type FeedHeader,
  type FeedLine,
  readFeedHeader,
  readFeedLine,
} from './inventory.csv';
import * as repo from './inventory.repository';

// Reading an inventory feed while it streams in: each record is checked on its own, then in
// batches against the catalogue, and the run's progress is written every batch. Nothing of the
// stock is written here (inventory.service.ts importFeed applies the result in one transaction).

const BATCH = 500;

export type GoodLine = FeedLine & { productId: number; reserved: number };

/** Matches a batch of lines to the catalogue: unknown products, duplicates, stock below reservations. */
async function checkBatch(db: Db, warehouseId: number, batch: FeedLine[], seen: Map<string, number>) {
  const found = await repo.productsForFeed(db, warehouseId, [
    ...new Set(batch.map((l) => l.sku.toLowerCase())),
  ]);
  const good: GoodLine[] = [];
  const bad: BadLine[] = [];
  for (const l of batch) {
    const make = l.make.toLowerCase();
    const product = found.find(
      (p) => p.sku === l.sku.toLowerCase() && (p.make_name === make || p.make_slug === make),
    );
    const fail = (reason: string) => bad.push({ line: l.line, raw: l.raw, reason });
    // One line per tire and DOT code: a tire may come on several lines, one per code.
    const key = `${product?.id}:${l.dotCode ?? ''}`;
    if (!product) fail(`No product with sku ${cellText(l.sku)} of make ${cellText(l.make)} in the catalogue`);
    else if (seen.has(key))
      fail(`Same product${l.dotCode ? ` and DOT code ${l.dotCode}` : ''} as line ${seen.get(key)}`);
    else {
      seen.set(key, l.line);
      good.push({ ...l, productId: product.id, reserved: product.reserved });
    }
  }
  return { good, bad };
}

/**
 * Reads the feed's records as they stream in (the first is the header), validating as it goes and
 * writing the run's progress every batch. A file that breaks off is a 400; nothing is applied.
 */
export async function readFeed(db: Db, runId: number, warehouseId: number, stream: Readable) {
  let header: FeedHeader | null = null;
  let batch: FeedLine[] = [];
  const good: GoodLine[] = [];
  const bad: BadLine[] = [];
  const seen = new Map<string, number>();
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
  try {
    for await (const record of readCsv(stream)) {
      if (!header) {
        const read = readFeedHeader('cells' in record ? record.cells : []);
        if ('missing' in read)
          throw new AppError('bad_request', `The header misses the column(s): ${read.missing.join(', ')}`);
        header = read.header;
        continue;
      }
      const line =
        'reason' in record ? { ...record, raw: record.raw.slice(0, 500) } : readFeedLine(header, record);
      if ('reason' in line) bad.push(line);
      else batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
  } catch (error) {
    if (error instanceof CsvInputError)
      throw new AppError('bad_request', 'The upload broke off; nothing was imported');
    throw error;
  }
  if (!header) throw new AppError('bad_request', 'The file is empty');
  await flush();
  return belowReserved(good, bad);
}

/**
 * A tire's lines together (one per DOT code) may not hold fewer units than open orders reserve:
 * then each of its lines is refused, and its stock stays as it was.
 */
function belowReserved(good: GoodLine[], bad: BadLine[]) {
  const units = new Map<number, number>();
  for (const g of good) units.set(g.productId, (units.get(g.productId) ?? 0) + g.quantity);
  const short = (g: GoodLine) => (units.get(g.productId) ?? 0) < g.reserved;
  for (const g of good.filter(short)) {
    const total = units.get(g.productId) ?? 0;
    const all = total === g.quantity ? `quantity ${total}` : `quantity ${total} of its lines together`;
    bad.push({
      line: g.line,
      raw: g.raw,
      reason: `${all} is below the ${g.reserved} units reserved by open orders`,
    });
  }
  bad.sort((a, b) => a.line - b.line);
  return { good: good.filter((g) => !short(g)), bad };
}
