import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type Caller } from '../../test/admin-client';
import { createProduct, stock } from '../../test/factories-catalog';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { setBody, staggeredPair } from '../../test/factories-sets';
import { createTestApp, type TestApp } from '../../test/test-app';
import { shipAndTrack } from '../aftersales/aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createShopper>>;
type Line = {
  orderItemId: number;
  orderItemProductId: number;
  orderItemQuantity: number;
  set?: { setId: number; position: string; partnerItemId: number; brokenNote: string | null } | null;
};

const as = (s: Shopper) => (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: s.cookie }, ...(payload && { payload }) });

const card = {
  paymentMethod: 'card',
  card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
};

describe('a staggered set in the cart', () => {
  it('is added as a front and a rear line sharing one set, two of each unless changed', async () => {
    const s = await createShopper(t.app, t.db);
    const { front, rear } = await staggeredPair(t.db);
    const body = setBody(front, rear);
    const { orderItemQuantity: _f, ...frontNoQuantity } = body.front;
    const { orderItemQuantity: _r, ...rearNoQuantity } = body.rear;
    const res = await as(s)('POST', '/api/cart/set', { front: frontNoQuantity, rear: rearNoQuantity });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().orderItems as Line[];
    expect(lines.map((l) => [l.orderItemProductId, l.orderItemQuantity, l.set?.position])).toEqual([
      [front.product.id, 2, 'front'],
      [rear.product.id, 2, 'rear'],
    ]);
    expect(lines[0].set?.setId).toBe(lines[1].set?.setId);
    expect(lines[0].set?.partnerItemId).toBe(lines[1].orderItemId);
    expect(lines[1].set?.partnerItemId).toBe(lines[0].orderItemId);
  });

  it('keeps its halves apart from single tires of the same size added later', async () => {
    const s = await createShopper(t.app, t.db);
    const { front, rear } = await staggeredPair(t.db);
    expect((await as(s)('POST', '/api/cart/set', setBody(front, rear, 2, 3))).statusCode).toBe(200);
    const res = await as(s)('POST', '/api/cart/item', cartBody(front, 1));
    const lines = res.json().orderItems as Line[];
    expect(lines.map((l) => [l.orderItemQuantity, l.set?.position ?? null])).toEqual([
      [2, 'front'],
      [3, 'rear'],
      [1, null],
    ]);
  });

  it("changes one half's quantity on its own; removing one half removes the whole set", async () => {
    const s = await createShopper(t.app, t.db);
    const { front, rear } = await staggeredPair(t.db);
    const single = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    await as(s)('POST', '/api/cart/item', cartBody(single, 4));
    const added = (await as(s)('POST', '/api/cart/set', setBody(front, rear))).json().orderItems as Line[];
    const [, frontLine, rearLine] = added;
    const changed = await as(s)('PUT', `/api/cart/item/${rearLine.orderItemId}`, { orderItemQuantity: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json().orderItems as Line[]).map((l) => l.orderItemQuantity)).toEqual([4, 2, 3]);
    const removed = await as(s)('PUT', `/api/cart/item/${frontLine.orderItemId}`, { orderItemQuantity: 0 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().orderItems as Line[]).map((l) => l.orderItemProductId)).toEqual([
      single.product.id,
    ]);
  });

  it('is refused whole when either size has too few units', async () => {
    const s = await createShopper(t.app, t.db);
    const { front, rear } = await staggeredPair(t.db, 20, 1);
    const res = await as(s)('POST', '/api/cart/set', setBody(front, rear));
    expect(res.statusCode).toBe(409);
    expect((await as(s)('GET', '/api/cart')).json().orderItems).toEqual([]);
  });

  it('answers 400 with a pointer for another tire line, the same size or a quantity under 1', async () => {
    const s = await createShopper(t.app, t.db);
    const { front, rear } = await staggeredPair(t.db);
    const other = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const pointers = async (body: object) => {
      const res = await as(s)('POST', '/api/cart/set', body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().errors as { pointer: string }[]).map((e) => e.pointer);
    };
    expect(await pointers(setBody(front, other))).toEqual(['/body/rear/orderItemProductId']);
    expect(await pointers(setBody(front, front))).toEqual(['/body/rear/orderItemProductId']);
    // A second product of the front's line in the front's own size.
    const { product } = await createProduct(t.db, { makeId: front.make.id, modelId: front.model.id });
    await stock(t.db, front.warehouses[0].id, product.id, 10, 10_000);
    expect(await pointers(setBody(front, { ...front, product }))).toEqual(['/body/rear/orderItemProductId']);
    expect(await pointers(setBody(front, rear, 0, 2))).toContain('/body/front/orderItemQuantity');
    expect(await pointers(setBody(front, rear, 2, -1))).toContain('/body/rear/orderItemQuantity');
    expect((await as(s)('GET', '/api/cart')).json().orderItems).toEqual([]);
  });
});

describe('a staggered set on the order', () => {
  it('checks out as one set, is another company’s 404, and a return of one half marks it broken', async () => {
    const s = await createShopper(t.app, t.db);
    const { front, rear } = await staggeredPair(t.db);
    expect((await as(s)('POST', '/api/cart/set', setBody(front, rear))).statusCode).toBe(200);
    const placed = await as(s)('POST', '/api/cart/checkout', card);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    const [f, r] = order.orderItems as Line[];
    expect([f.set?.position, r.set?.position]).toEqual(['front', 'rear']);
    expect(f.set?.setId).toBe(r.set?.setId);
    const read = (await as(s)('GET', `/api/order/${order.orderId}`)).json();
    expect(((read.data ?? read).orderItems as Line[]).map((l) => l.set?.setId)).toEqual([
      f.set?.setId,
      f.set?.setId,
    ]);

    // Ordered again, the set comes back into the cart as a set.
    const again = await as(s)('POST', `/api/order/${order.orderId}/reorder`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ added: 2, skipped: [] });
    const cart = (await as(s)('GET', '/api/cart')).json().orderItems as Line[];
    expect(cart.map((l) => [l.orderItemProductId, l.set?.position])).toEqual([
      [front.product.id, 'front'],
      [rear.product.id, 'rear'],
    ]);
    expect(cart[0].set?.setId).toBe(cart[1].set?.setId);

    const stranger = await createShopper(t.app, t.db);
    expect((await as(stranger)('GET', `/api/order/${order.orderId}`)).statusCode).toBe(404);

    expect((await admin('POST', `/api/v1/order/${order.orderId}/submit`, {})).statusCode).toBe(200);
    for (const line of [f, r]) {
      const confirmed = await admin(
        'POST',
        `/api/v1/order/${order.orderId}/item/${line.orderItemId}/supplier/${front.supplier.id}/confirm`,
        {},
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    await shipAndTrack(admin, order.orderId, 'delivered');
    const opened = await as(s)('POST', `/api/v1/order/${order.orderId}/return`, {
      reason: 'defective',
      items: [{ orderItemId: r.orderItemId, quantity: 2 }],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const after = (await as(s)('GET', `/api/order/${order.orderId}`)).json();
    const halves = (after.data ?? after).orderItems as Line[];
    expect(halves.map((l) => l.set?.brokenNote)).toEqual(['rear returned', 'rear returned']);
  });
});
