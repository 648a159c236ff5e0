import { feedColumns, feedDotColumn } from '../../../contract/inventory';
import { parseDotCode } from '../../../domain/tire-age';
import type { CsvRecord } from '../../lib/csv';

// Reading one record of an inventory feed on its own: the catalogue is checked afterwards, per
// batch (inventory.feed.ts).

/** "12", "12.5", "$1,234.56" → cents, without floating point; null when not money. */
export function parseDollars(text: string): number | null {
  const m = text.replace(/[$,\s]/g, '').match(/^(\d{1,7})(?:\.(\d{1,2}))?$/);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export type FeedHeader = Record<(typeof feedColumns)[number], number> & { dot?: number };

/** Finds each required column in the header's cells, in any order; answers the missing ones otherwise. */
export function readFeedHeader(cells: string[]): { header: FeedHeader } | { missing: string[] } {
  const names = cells.map((c) => c.toLowerCase());
  const missing = feedColumns.filter((c) => !names.includes(c));
  if (missing.length) return { missing };
  const header = Object.fromEntries(feedColumns.map((c) => [c, names.indexOf(c)])) as FeedHeader;
  if (names.includes(feedDotColumn)) header.dot = names.indexOf(feedDotColumn);
  return { header };
}

export interface FeedLine {
  line: number;
  raw: string;
  sku: string;
  make: string;
  quantity: number;
  costCents: number;
  /** The DOT date code of the line's units; null: of unknown age (an empty cell, or no column). */
  dotCode: string | null;
}

export interface BadLine {
  line: number;
  raw: string;
  reason: string;
}

/** Checks one data record on its own: sku and make present, a whole quantity, a cost in dollars. */
/** A cell as a failure reason quotes it: at most 40 characters, so a reason stays short. */
export const cellText = (cell: string) => (cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);

export function readFeedLine(header: FeedHeader, { line, raw, cells }: CsvRecord): FeedLine | BadLine {
  const text = raw.slice(0, 500);
  const fail = (reason: string) => ({ line, raw: text, reason });
  const get = (c: (typeof feedColumns)[number]) => cells[header[c]] ?? '';
  const sku = get('sku');
  const make = get('make');
  if (!sku) return fail('sku is empty');
  if (!make) return fail('make is empty');
  if (!/^\d{1,7}$/.test(get('quantity')))
    return fail(`quantity "${cellText(get('quantity'))}" is not a whole number from 0`);
  const costCents = parseDollars(get('cost'));
  if (costCents === null) return fail(`cost "${cellText(get('cost'))}" is not an amount like 89.50`);
  const dot = header.dot === undefined ? '' : (cells[header.dot] ?? '').trim();
  const code = dot ? parseDotCode(dot) : null;
  if (code && 'error' in code) return fail(`dot "${cellText(dot)}" ${code.error}`);
  return {
    line,
    raw: text,
    sku,
    make,
    quantity: Number(get('quantity')),
    costCents,
    dotCode: code?.code ?? null,
  };
}
