import { createSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import { DEFAULT_SORT, SHOP_PAGE_SIZE, type SortCode } from '../../../domain/shop-search';
import { call } from '../../api/client';
import { searchRoutes as search, shippingRoutes as shipping } from '../../api/routes';
import { apiThunk, problemIn } from '../../api/thunk';
import { type ShopFilters, shopUrl } from './shop-filters';

type Answer = z.output<typeof search.searchItems.response>['data'];
/** A result item: the shipping amount arrives later, by make id and SKU code. */
export type ShopItem = Answer['list'][number] & { shipping?: number };

/** Shop results state, a slice of fixed shape (see docs/architecture.md, "The web app"). */
export interface ShopState {
  count: number;
  list: ShopItem[];
  applied: Answer['applied'];
  filters: Answer['filters'] | null;
  /** The Sizes facet (a partial size's sizes, a vehicle's OE sizes) and, when nothing is found, suggestions. */
  sizes: Answer['sizes'];
  suggestions: Answer['suggestions'];
  page: number;
  pageSize: number;
  sort: SortCode;
  error: string | null;
  loading: boolean;
  /** When the last answer arrived (ms since epoch). */
  loaded: number | null;
  /**
   * The search (its URL query, without the page) of the newest page-0 request: an answer of any
   * other search, or an older request of this one, is dropped, and the page shows the results
   * only when this is the search in its URL (see searchKeyOf).
   */
  key: string | null;
  requestId: string | null;
}

const initialState: ShopState = {
  count: 0,
  list: [],
  applied: {},
  filters: null,
  sizes: [],
  suggestions: [],
  page: 0,
  pageSize: SHOP_PAGE_SIZE,
  sort: DEFAULT_SORT,
  error: null,
  loading: false,
  loaded: null,
  key: null,
  requestId: null,
};

/** The search a request or a URL stands for: its filters as the shop URL writes them, without the page. */
export function searchKeyOf({ page: _page, ...filters }: ShopFilters & { page?: number }): string {
  return shopUrl(filters);
}

/** Whether an answer belongs to the newest search: older or other searches' answers are dropped. */
function isCurrent(s: ShopState, arg: ShopFilters & { page: number }, requestId: string) {
  return arg.page === 0 ? s.requestId === requestId : s.key === searchKeyOf(arg);
}

export const fetchShop = apiThunk(
  'shop/list',
  async (filters: ShopFilters & { page: number }) =>
    (await call(search.searchItems, { body: { ...filters, pageSize: filters.pageSize ?? SHOP_PAGE_SIZE } }))
      .data,
);

/** The search whose first page main.tsx asked for as the app opened on it (see takeOpeningSearch). */
let openingSearch: string | null = null;

/**
 * The first page of results of the address the app opens on (/shop?…), asked for by main.tsx
 * beside the session, while the results page's code still downloads (docs/performance-web.md).
 */
export function fetchOpeningSearch(filters: ShopFilters) {
  openingSearch = searchKeyOf(filters);
  return fetchShop({ ...filters, page: 0 });
}

/** Whether this search's first page was asked for as the app opened: true once, for the page's first arrival. */
export function takeOpeningSearch(filters: ShopFilters): boolean {
  const taken = openingSearch === searchKeyOf(filters);
  openingSearch = null;
  return taken;
}

export const fetchShipping = apiThunk(
  'shop/shipping',
  async (q: { make: number; code: string; quantity: number; zip: string }) =>
    (await call(shipping.shippingEstimate, { query: q })).data,
);

const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchShop.pending, (s, a) => {
      s.loading = true;
      s.error = null;
      // A search at page 0 resets the list and becomes the newest search; later pages append.
      if (a.meta.arg.page === 0) {
        s.list = [];
        s.key = searchKeyOf(a.meta.arg);
        s.requestId = a.meta.requestId;
      }
      s.sort = a.meta.arg.sort ?? DEFAULT_SORT;
    })
      .addCase(fetchShop.fulfilled, (s, a) => {
        if (!isCurrent(s, a.meta.arg, a.meta.requestId)) return;
        s.loading = false;
        s.loaded = Date.now();
        s.page = a.payload.page;
        if (a.payload.page === 0) {
          // Filters, applied filters and count are replaced only on page 0; later pages append.
          s.list = a.payload.list;
          s.filters = a.payload.filters;
          s.applied = a.payload.applied;
          s.count = a.payload.count;
          s.sizes = a.payload.sizes;
          s.suggestions = a.payload.suggestions;
        } else {
          s.list.push(...a.payload.list);
        }
      })
      .addCase(fetchShop.rejected, (s, a) => {
        if (!isCurrent(s, a.meta.arg, a.meta.requestId)) return;
        s.loading = false;
        s.error = problemIn(a).message;
      })
      .addCase(fetchShipping.fulfilled, (s, a) => {
        const item = s.list.find((i) => i.skuMakeId === a.payload.make && i.skuCode === a.payload.code);
        if (item) item.shipping = a.payload.amountCents;
      });
  },
});

export const shopReducer = shopSlice.reducer;

// This slice's key in the store's state (lib/store-hooks.ts; app/store.ts puts the reducer there).
declare module '../../lib/store-hooks' {
  interface RootState {
    shop: ReturnType<typeof shopSlice.reducer>;
  }
}
