import { describe, expect, it } from 'vitest';
import { applyFilter, parseShopUrl, shopUrl } from './shop-filters';
import { fetchShipping, fetchShop, type ShopItem, searchKeyOf, shopReducer } from './shop.slice';

const item = (productId: number, skuCode = `SKU-${productId}`) =>
  ({ productId, skuMakeId: 7, skuCode }) as ShopItem;
const answer = (page: number, ids: number[], count = 40) => ({
  list: ids.map((id) => item(id)),
  filters: { makes: [{ value: '7', label: 'Brand', count }] } as never,
  applied: { page } as never,
  count,
  page,
  sizes: [],
  suggestions: [],
});
const start = shopReducer(undefined, { type: 'init' });
/** A request of the page and its answer, as the thunk dispatches them. */
const answered = (s: ReturnType<typeof shopReducer>, page: number, ids: number[], count?: number) =>
  shopReducer(
    shopReducer(s, fetchShop.pending(`r${page}`, { page })),
    fetchShop.fulfilled(answer(page, ids, count), `r${page}`, { page }),
  );

describe('shop results state', () => {
  it('replaces the list, filters and count on page 0 and appends later pages', () => {
    let s = answered(start, 0, [1, 2]);
    s = answered(s, 1, [3, 4], 99);
    expect(s.list.map((i) => i.productId)).toEqual([1, 2, 3, 4]);
    expect(s.count).toBe(40);
    expect(s.page).toBe(1);
    s = shopReducer(s, fetchShop.pending('r', { page: 0 }));
    expect(s.list).toEqual([]);
    expect(s.loading).toBe(true);
  });

  it('drops the answer of an older or another search: the newest search alone shows', () => {
    const ratio = { width: '225', ratio: '45', page: 0 };
    const width = { width: '225', page: 0 };
    let s = shopReducer(start, fetchShop.pending('older', width));
    s = shopReducer(s, fetchShop.pending('newer', ratio));
    s = shopReducer(s, fetchShop.fulfilled(answer(0, [1, 2, 3], 334), 'older', width));
    expect(s).toMatchObject({ list: [], count: 0, loading: true, key: searchKeyOf(ratio) });
    s = shopReducer(s, fetchShop.fulfilled(answer(0, [4], 12), 'newer', ratio));
    expect(s).toMatchObject({ count: 12, loading: false });
    // A later page of the search no longer shown does not append.
    s = shopReducer(s, fetchShop.fulfilled(answer(1, [5], 334), 'more', { ...width, page: 1 }));
    expect(s.list.map((i) => i.productId)).toEqual([4]);
    s = shopReducer(s, fetchShop.fulfilled(answer(1, [6], 12), 'more', { ...ratio, page: 1 }));
    expect(s.list.map((i) => i.productId)).toEqual([4, 6]);
  });

  it('keys a search by its URL without the page, as the shop page reads it back', () => {
    const filters = parseShopUrl('?query=225&ratio=45&makes[]=3&sort=HTL&page=2').filters;
    expect(searchKeyOf({ ...filters, page: 2 })).toBe(shopUrl(filters));
    expect(searchKeyOf(parseShopUrl(shopUrl(filters)).filters)).toBe(shopUrl(filters));
  });

  it('stores a failure and stops loading', () => {
    const s = shopReducer(
      shopReducer(start, fetchShop.pending('r', { page: 0 })),
      fetchShop.rejected(null, 'r', { page: 0 }, { status: 503, message: 'down' }),
    );
    expect(s).toMatchObject({ loading: false, error: 'down' });
  });

  it('writes a shipping amount into the item of that make id and SKU code', () => {
    let s = answered(start, 0, [1, 2]);
    const estimate = {
      make: 7,
      code: 'SKU-2',
      quantity: 4,
      zip: '78701',
      amountCents: 4200,
      warehouseZip: '75201',
      distanceMiles: 180,
      transitDays: 1,
    };
    s = shopReducer(
      s,
      fetchShipping.fulfilled(estimate, 'r', { make: 7, code: 'SKU-2', quantity: 4, zip: '78701' }),
    );
    expect(s.list.map((i) => i.shipping)).toEqual([undefined, 4200]);
  });
});

describe('shop filters', () => {
  it("'text' is a new text search: the sidebar's choices go, the sort and page size stay", () => {
    const filters = parseShopUrl('?query=225&ratio=45&makes[]=3&sort=HTL&pageSize=30').filters;
    expect(shopUrl(applyFilter(filters, { type: 'text', query: 'michelin 225' }))).toBe(
      '?sort=HTL&pageSize=30&query=michelin%20225',
    );
  });

  it("clears every filter with 'ALL' but keeps the sort", () => {
    expect(applyFilter({ makes: ['1'], width: '225', sort: 'HTL' }, { type: 'ALL' })).toEqual({
      sort: 'HTL',
    });
  });

  it("sets width, ratio and rim with 'sizes' and toggles facet values", () => {
    expect(applyFilter({}, { type: 'sizes', width: '225', ratio: '45', rim: '17' })).toMatchObject({
      width: '225',
      ratio: '45',
      rim: '17',
    });
    const on = applyFilter({}, { type: 'makes', value: '3' });
    expect(on.makes).toEqual(['3']);
    expect(applyFilter(on, { type: 'makes', value: '3' }).makes).toBeUndefined();
  });

  it('writes bracket arrays and reads them back, page included', () => {
    const url = shopUrl({ width: '225', makes: ['1', '2'], sort: 'MAZ' }, 2);
    expect(url).toBe('?width=225&makes[]=1&makes[]=2&sort=MAZ&page=2');
    expect(parseShopUrl(url)).toEqual({ filters: { width: '225', makes: ['1', '2'], sort: 'MAZ' }, page: 2 });
  });
});
