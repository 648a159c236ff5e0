import { afterAll, beforeAll } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

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

/**
 * A search test file's own app, signed in as the demo buyer, with its search (registers the
 * beforeAll and afterAll hooks). `t` and `cookie` are set once the app is up.
 */
export function buyerSearch() {
  const suite: { t: TestApp; cookie: string; search: ReturnType<typeof searcher> } = {
    t: undefined as unknown as TestApp,
    cookie: '',
    search: searcher(
      () => suite.t,
      () => suite.cookie,
    ),
  };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.cookie = await signIn(suite.t.app, 'buyer');
  });
  afterAll(() => suite.t.close());
  return suite;
}
