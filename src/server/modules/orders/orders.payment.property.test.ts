import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBody, stockedProduct } from '../../test/factories-orders';
import {
  anchorage,
  caller,
  card,
  moneyOf,
  numbers,
  orderRow,
  staffOrder,
} from '../../test/factories-payments';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Random sequences of order edits and payment calls on a staff-made order: whatever the order
// of events, the money captured never exceeds the order's total, equals it whenever the order
// is paid, and refunds never exceed what was captured. 25 runs keep it to seconds on PGlite;
// PROPERTY_RUNS=250 hunts longer.

let t: TestApp;
let call: ReturnType<typeof caller>;
let sales: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  sales = await signIn(t.app, 'sales');
  finance = await signIn(t.app, 'finance');
});
afterAll(() => t.close());

type Step =
  | { kind: 'addItem'; quantity: number; other: boolean }
  | { kind: 'changeQuantity'; quantity: number }
  | { kind: 'changeDelivery'; far: boolean }
  | { kind: 'openIntent' }
  | { kind: 'confirmIntent'; pick: number; review: boolean }
  | { kind: 'payByCard'; number: string }
  | { kind: 'settleOnAccount' }
  | { kind: 'cancel' }
  | { kind: 'recordReceived' };

// Weighted towards the moves that change what is owed and the moves that pay it; the ones that
// end the order's money story (cancel, settle, record) come less often so sequences stay long.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('addItem' as const),
      quantity: fc.integer({ min: 1, max: 3 }),
      other: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('changeQuantity' as const),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('changeDelivery' as const), far: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('openIntent' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('confirmIntent' as const),
      pick: fc.nat(5),
      review: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payByCard' as const),
      number: fc.constantFrom(numbers.ok, numbers.decline, numbers.review),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settleOnAccount' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recordReceived' as const) }) },
);

const austin = {
  kind: 'address',
  address: { name: 'Shop', address1: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
};

/** Runs one step as the caller who would make it; answers the HTTP status. */
async function run(
  s: Step,
  o: Awaited<ReturnType<typeof staffOrder>>,
  other: Awaited<ReturnType<typeof stockedProduct>>,
  intents: number[],
) {
  const base = `/api/v1/order/${o.orderId}`;
  switch (s.kind) {
    case 'addItem':
      return call(sales, 'POST', `${base}/item`, {
        ...cartBody(s.other ? other : o.tire, s.quantity),
        orderItemRoadHazard: false,
      });
    case 'changeQuantity':
      return call(sales, 'PUT', `${base}/item/${o.order.orderItems[0].orderItemId}`, {
        orderItemQuantity: s.quantity,
      });
    case 'changeDelivery':
      return call(o.cookie, 'POST', `${base}/payment/shipping`, s.far ? anchorage : austin);
    case 'openIntent': {
      const res = await call(o.cookie, 'POST', `${base}/payment/intent`);
      if (res.statusCode === 200) intents.push(res.json().intentId);
      return res;
    }
    case 'confirmIntent':
      return call(o.cookie, 'POST', `${base}/payment/transaction`, {
        intentId: intents.length ? intents[s.pick % intents.length] : 999_999_999,
        card: card(s.review ? numbers.review : numbers.ok),
      });
    case 'payByCard':
      return call(o.cookie, 'POST', `${base}/cardpay/transaction`, { card: card(s.number) });
    case 'settleOnAccount':
      return call(finance, 'PUT', `${base}/checkout`);
    case 'cancel':
      return call(sales, 'POST', `${base}/cancel`, {});
    case 'recordReceived':
      return call(finance, 'PUT', `${base}/payment`, { paymentStatus: 'paid' });
  }
}

async function checkMoney(orderId: number, after: string) {
  const order = await orderRow(t.db, orderId);
  const money = await moneyOf(t.db, orderId);
  const where = `${after}: order ${order.status}/${order.paymentStatus} total ${order.totalCents}, payments ${JSON.stringify(
    money.rows.map((p) => [p.provider, p.status, p.amountCents, p.refundedCents]),
  )}`;
  expect(money.refundedCents, `refunds exceed captures after ${where}`).toBeLessThanOrEqual(
    money.capturedCents,
  );
  expect(money.netCents, `captured more than the total after ${where}`).toBeLessThanOrEqual(order.totalCents);
  if (order.paymentStatus === 'paid')
    expect(money.netCents, `paid, but not in full, after ${where}`).toBe(order.totalCents);
  if (['unpaid', 'pending', 'on_account', 'voided', 'refunded'].includes(order.paymentStatus))
    expect(money.netCents, `money held although ${order.paymentStatus} after ${where}`).toBe(0);
  for (const p of money.rows) expect(p.refundedCents).toBeLessThanOrEqual(p.amountCents);
}

describe('the money of a staff-made order under random edits and payments', () => {
  it('never captures more than the total, captures exactly the total when paid, refunds at most what was captured', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 10 }), async (steps) => {
        const o = await staffOrder(t.app, t.db, sales, 1, { creditLimitCents: 10_000_000 });
        const other = await stockedProduct(t.db, [{ zip: '75201', quantity: 30 }], 15_000);
        const intents: number[] = [];
        await checkMoney(o.orderId, 'placing');
        for (const [i, s] of steps.entries()) {
          const res = await run(s, o, other, intents);
          expect(res.statusCode, `step ${i} ${JSON.stringify(s)}: ${res.body}`).toBeLessThan(500);
          await checkMoney(o.orderId, `step ${i} ${JSON.stringify(s)} → ${res.statusCode}`);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), endOnFailure: true },
    );
  }, 120_000);

  it('holds when an intent is made, the total grows, the old intent is tried, then a new intent', async () => {
    const o = await staffOrder(t.app, t.db, sales, 1);
    const other = await stockedProduct(t.db, [{ zip: '75201', quantity: 30 }], 15_000);
    const intents: number[] = [];
    const steps: Step[] = [
      { kind: 'openIntent' },
      { kind: 'addItem', quantity: 2, other: true },
      { kind: 'confirmIntent', pick: 0, review: false },
      { kind: 'openIntent' },
      { kind: 'confirmIntent', pick: 1, review: false },
      { kind: 'cancel' },
    ];
    const statuses: number[] = [];
    for (const s of steps) {
      statuses.push((await run(s, o, other, intents)).statusCode);
      await checkMoney(o.orderId, JSON.stringify(s));
    }
    expect(statuses).toEqual([200, 201, 409, 200, 200, 200]);
    expect(await orderRow(t.db, o.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});
