import qs from 'qs';
import {
  type FacetFilterKey,
  type FilterKey,
  facetFilterKeys,
  filterKeys,
  type SortCode,
  sortCodes,
} from '../../../domain/shop-search';

const MAX_PAGE_SIZE = 100;

/** The keys of the URL that hold one text value: every filter key but the facets, paging and sort. */
type ScalarKey = Exclude<FilterKey, FacetFilterKey | 'page' | 'pageSize' | 'sort'>;
const notScalar: readonly string[] = [...facetFilterKeys, 'page', 'pageSize', 'sort'];
const scalarKeys = filterKeys.filter((k): k is ScalarKey => !notScalar.includes(k));

/** The search a /shop URL describes (its filter keys), page aside. */
export type ShopFilters = Partial<Record<FacetFilterKey, string[]>> &
  Partial<Record<ScalarKey, string>> & { sort?: SortCode; pageSize?: string };

/** Reads a /shop query string (bracket arrays); unknown keys are dropped. */
export function parseShopUrl(search: string): { filters: ShopFilters; page: number } {
  const raw = qs.parse(search.replace(/^\?/, ''), { arrayLimit: 100 }) as Record<string, unknown>;
  const filters: ShopFilters = {};
  for (const k of scalarKeys) if (typeof raw[k] === 'string' && raw[k]) filters[k] = raw[k] as string;
  for (const k of facetFilterKeys) {
    const v = raw[k];
    const list = (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).filter(
      (x): x is string => typeof x === 'string',
    );
    if (list.length) filters[k] = list;
  }
  if (sortCodes.includes(raw.sort as SortCode)) filters.sort = raw.sort as SortCode;
  // pageSize is kept when it is a whole number the API takes (1–100); else the default applies.
  const size = Number(raw.pageSize);
  if (Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE) filters.pageSize = String(size);
  const page = Math.max(0, Number(raw.page) || 0);
  return { filters, page };
}

/** Writes a search as a /shop query string, with bracket arrays as the API reads them. */
export function shopUrl(filters: ShopFilters, page = 0): string {
  const text = qs.stringify(
    { ...filters, ...(page ? { page } : {}) },
    { arrayFormat: 'brackets', skipNulls: true, encodeValuesOnly: true },
  );
  return text ? `?${text}` : '';
}

export type FilterChange =
  | { type: 'ALL' }
  | { type: 'sizes'; width?: string; ratio?: string; rim?: string }
  | { type: FacetFilterKey; value: string }
  | { type: 'sort'; value: SortCode }
  | { type: 'flag'; key: 'specialsOnly' | 'runFlat'; on: boolean }
  | { type: 'price'; minPrice?: string; maxPrice?: string }
  | { type: 'remove'; key: keyof ShopFilters; value?: string }
  /** Another free text (a chip removed, a suggestion followed), with a size when it names one. */
  | { type: 'query'; query: string; width?: string; ratio?: string; rim?: string }
  /** A new text search (the results page's search box): as 'ALL', then that text. */
  | { type: 'text'; query: string };

const sizesOf = (c: { width?: string; ratio?: string; rim?: string }) =>
  c.width ? { width: c.width, ratio: c.ratio, rim: c.rim } : {};

/**
 * The filter rules of the sidebar: 'ALL' clears the filters, 'sizes' sets width, ratio and rim, a
 * facet value toggles; every change starts again at page 0 (the caller drops the page).
 */
export function applyFilter(filters: ShopFilters, change: FilterChange): ShopFilters {
  const next: ShopFilters = { ...filters };
  switch (change.type) {
    case 'ALL':
      return {
        ...(filters.sort ? { sort: filters.sort } : {}),
        ...(filters.pageSize ? { pageSize: filters.pageSize } : {}),
      };
    case 'query':
      return { ...next, query: change.query || undefined, ...sizesOf(change) };
    case 'text':
      return { ...applyFilter(filters, { type: 'ALL' }), query: change.query || undefined };
    case 'sizes':
      return { ...next, width: change.width, ratio: change.ratio, rim: change.rim };
    case 'sort':
      return { ...next, sort: change.value };
    case 'flag':
      if (change.on) next[change.key] = 'true';
      else delete next[change.key];
      return next;
    case 'price':
      return { ...next, minPrice: change.minPrice || undefined, maxPrice: change.maxPrice || undefined };
    case 'remove': {
      const current = next[change.key];
      if (Array.isArray(current) && change.value !== undefined) {
        const rest = current.filter((v) => v !== change.value);
        (next as Record<string, unknown>)[change.key] = rest.length ? rest : undefined;
      } else {
        delete next[change.key];
      }
      return next;
    }
    default: {
      const current = next[change.type] ?? [];
      const has = current.includes(change.value);
      const list = has ? current.filter((v) => v !== change.value) : [...current, change.value];
      next[change.type] = list.length ? list : undefined;
      return next;
    }
  }
}
