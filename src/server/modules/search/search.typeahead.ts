import { sql } from 'drizzle-orm';
import { TYPEAHEAD_LIMIT, type TypeaheadItem } from '../../../contract/search';
import { normalizeName } from '../../../domain/search-query';
import type { Db } from '../../db/connection';
import { countsVersion } from '../../db/data-versions';
import { KeptByVersion } from '../../db/kept-by-version';
import { sizeLabel } from './search.sizes';

// Type-ahead of the search box: completions of what is being typed, with the caller's counts.
// It runs on every keystroke, so it reads memory: per price group and search data version, the
// sizes, brands, lines and categories that have purchasable SKUs, with their counts (one pass
// over search_items, then kept until the data version moves). Only MPN prefixes read the
// database, through the lower(sku_code) index as a range (migrations/catalog/0007).

interface Entry {
  kind: TypeaheadItem['kind'];
  label: string;
  query: string;
  count: number;
  /** What typing must start: normalized name, or the size's digits. */
  keys: string[];
}

interface Index {
  sizes: Entry[];
  names: Entry[];
}

const indexes = new KeptByVersion<Index>(50);

async function indexOf(db: Db, priceGroupId: number): Promise<Index> {
  return indexes.through(db, String(priceGroupId), await countsVersion(db, priceGroupId), async () => {
    const { rows } = await db.execute<{
      width: number;
      ratio: number;
      rim: number;
      make: string;
      line: string;
      category: string | null;
      count: number;
    }>(sql`
      select si.width::float8 as width, si.ratio::float8 as ratio, si.rim::float8 as rim,
             si.f_makes_l as make, si.f_models_l as line, si.f_categories_l as category, count(*)::int as count
      from search_items si where si.price_group_id = ${priceGroupId}
      group by 1, 2, 3, 4, 5, 6`);
    const add = (map: Map<string, Entry>, key: string, make: () => Omit<Entry, 'count'>, count: number) => {
      const entry = map.get(key) ?? { ...make(), count: 0 };
      entry.count += count;
      map.set(key, entry);
    };
    const sizes = new Map<string, Entry>();
    const names = new Map<string, Entry>();
    for (const r of rows) {
      const d = { width: Number(r.width), ratio: Number(r.ratio), rim: Number(r.rim) };
      const label = sizeLabel(d);
      const count = Number(r.count);
      add(
        sizes,
        label,
        () => ({ kind: 'size', label, query: label, keys: [label.replace(/[^0-9]/g, '')] }),
        count,
      );
      add(
        names,
        `make:${r.make}`,
        () => ({ kind: 'make', label: r.make, query: r.make, keys: [normalizeName(r.make)] }),
        count,
      );
      add(
        names,
        `line:${r.make}:${r.line}`,
        () => ({
          kind: 'model',
          label: `${r.make} ${r.line}`,
          query: `${r.make} ${r.line}`,
          keys: [normalizeName(r.line), normalizeName(`${r.make} ${r.line}`)],
        }),
        count,
      );
      if (r.category)
        add(
          names,
          `category:${r.category}`,
          () => ({
            kind: 'category',
            label: r.category as string,
            query: r.category as string,
            keys: [normalizeName(r.category as string)],
          }),
          count,
        );
    }
    const byCount = (a: Entry, b: Entry) => b.count - a.count || a.label.localeCompare(b.label);
    return { sizes: [...sizes.values()].sort(byCount), names: [...names.values()].sort(byCount) };
  });
}

const kindOrder: TypeaheadItem['kind'][] = ['make', 'category', 'model'];

/** Up to eight completions of the text. */
export async function typeaheadOf(db: Db, priceGroupId: number, text: string): Promise<TypeaheadItem[]> {
  const index = await indexOf(db, priceGroupId);
  const key = normalizeName(text);
  const out: Entry[] = [];
  if (!key) return [];
  // A text starting with a digit (or P/LT and a digit) is a size being typed: 225, 225/4, 2254517.
  if (/^(p|lt)?\d/i.test(text.trim())) {
    const digits = text.replace(/^\s*(p|lt)/i, '').replace(/[^0-9]/g, '');
    out.push(...index.sizes.filter((s) => s.keys[0].startsWith(digits)).slice(0, TYPEAHEAD_LIMIT));
  }
  if (out.length < TYPEAHEAD_LIMIT && key.length >= 2) {
    const named = index.names.filter((n) => n.keys.some((k) => k.startsWith(key)));
    named.sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || b.count - a.count);
    out.push(...named.slice(0, TYPEAHEAD_LIMIT - out.length));
  }
  if (out.length < TYPEAHEAD_LIMIT && /^[a-z]{2,4}-?\d*$/i.test(text.trim()) && /[-\d]/.test(text))
    out.push(...(await mpns(db, priceGroupId, text.trim(), TYPEAHEAD_LIMIT - out.length)));
  return out
    .slice(0, TYPEAHEAD_LIMIT)
    .map(({ kind, label, query, count }) => ({ kind, label, query, count }));
}

/** SKU codes starting with the text (a range of lower(sku_code): an index condition). */
async function mpns(db: Db, priceGroupId: number, prefix: string, limit: number): Promise<Entry[]> {
  const lower = prefix.toLowerCase();
  const upper = `${lower.slice(0, -1)}${String.fromCharCode(lower.charCodeAt(lower.length - 1) + 1)}`;
  const { rows } = await db.execute<{ sku_code: string; make: string; line: string; size: string }>(sql`
    select si.sku_code, si.f_makes_l as make, si.f_models_l as line, si.size from search_items si
    where si.price_group_id = ${priceGroupId} and lower(si.sku_code) ~>=~ ${lower} and lower(si.sku_code) ~<~ ${upper}
    order by lower(si.sku_code) limit ${limit}`);
  return rows.map((r) => ({
    kind: 'mpn' as const,
    label: `${r.sku_code} · ${r.make} ${r.line} ${r.size}`,
    query: r.sku_code,
    count: 1,
    keys: [],
  }));
}
