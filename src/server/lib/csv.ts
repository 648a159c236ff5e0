import { feedColumns } from '../../contract/inventory';

/** Splits one CSV line (RFC 4180 quoting); null when a quote is left open. */
export function parseCsvLine(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  if (quoted) return null;
  cells.push(cell.trim());
  return cells;
}

/** "12", "12.5", "$1,234.56" → cents, without floating point; null when not money. */
export function parseDollars(text: string): number | null {
  const m = text.replace(/[$,\s]/g, '').match(/^(\d{1,7})(?:\.(\d{1,2}))?$/);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export type FeedHeader = Record<(typeof feedColumns)[number], number>;

/** Finds each required column in the header line; answers the missing ones otherwise. */
export function readHeader(line: string): { header: FeedHeader } | { missing: string[] } {
  const cells = (parseCsvLine(line.replace(/^\uFEFF/, '')) ?? []).map((c) => c.toLowerCase());
  const missing = feedColumns.filter((c) => !cells.includes(c));
  if (missing.length) return { missing };
  return { header: Object.fromEntries(feedColumns.map((c) => [c, cells.indexOf(c)])) as FeedHeader };
}

export interface FeedLine {
  line: number;
  raw: string;
  sku: string;
  make: string;
  quantity: number;
  costCents: number;
}

/** Checks one data line on its own (the catalogue is checked afterwards, per batch). */
export function readLine(
  header: FeedHeader,
  text: string,
  line: number,
): FeedLine | { line: number; raw: string; reason: string } {
  const fail = (reason: string) => ({ line, raw: text.slice(0, 500), reason });
  const cells = parseCsvLine(text);
  if (!cells) return fail('A quote is not closed');
  const get = (c: keyof FeedHeader) => cells[header[c]] ?? '';
  const sku = get('sku');
  const make = get('make');
  if (!sku) return fail('sku is empty');
  if (!make) return fail('make is empty');
  if (!/^\d{1,7}$/.test(get('quantity')))
    return fail(`quantity "${get('quantity')}" is not a whole number from 0`);
  const costCents = parseDollars(get('cost'));
  if (costCents === null) return fail(`cost "${get('cost')}" is not an amount like 89.50`);
  return { line, raw: text.slice(0, 500), sku, make, quantity: Number(get('quantity')), costCents };
}
