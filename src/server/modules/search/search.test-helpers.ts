import type { TestApp } from '../../test/test-app';

export interface Item {
  productId: number;
  skuCode: string;
  makeId: number;
  brand: string;
  line: string;
  size: string;
  width: number;
  ratio: number;
  rim: number;
  priceCents: number;
  available: number;
  speedIndex: string;
  specials: boolean;
  runFlat: boolean;
  image: string | null;
  rear: Item | null;
}
export interface Answer {
  list: Item[];
  filters: Record<string, { value: string; label: string; count: number }[]> & {
    price: { min: number; max: number };
  };
  applied: Record<string, unknown>;
  count: number;
  page: number;
}

/** POST /api/search/items as a signed-in user; fails the test unless it answers 200. */
export function searcher(t: () => TestApp, cookie: () => string) {
  return async (body: Record<string, unknown>): Promise<Answer> => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/search/items',
      headers: { cookie: cookie() },
      payload: body,
    });
    if (res.statusCode !== 200)
      throw new Error(`search ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
}
