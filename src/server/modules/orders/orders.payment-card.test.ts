import { describe, expect, it } from 'vitest';
import {
  card,
  key,
  moneyOf,
  numbers,
  orderRow,
  paymentSuite,
  paymentRows,
  unknownId,
} from '../../test/factories-payments';
import { soldUnits } from '../../test/orders-checks';

// Paying an existing order by card (raw test card, card token or saved card): sales and support
// never charge the customer's saved card; two payments at once take the money once.

const { suite, staff, call, newOrder, paidOrder, savedCard, openIntent, staffOrderFor } = paymentSuite();

describe('POST /api/v1/order/:id/cardpay/transaction', () => {
  it('pays by card, card token or saved card: paid, captured for the total, stock sold', async () => {
    const byCard = await paidOrder();
    expect((await moneyOf(suite.t.db, byCard.orderId)).netCents).toBe(byCard.order.totals.totalCents);
    expect(await soldUnits(suite.t.db, byCard.tire.product.id)).toBe(2);

    const byToken = await newOrder();
    const token = await call(byToken.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() });
    expect(token.statusCode).toBe(201);
    const res = await call(byToken.cookie, 'POST', `/api/v1/order/${byToken.orderId}/cardpay/transaction`, {
      cardToken: token.json().token,
    });
    expect(res.json().paymentStatus).toBe('paid');

    const bySource = await newOrder();
    const sourceId = await savedCard(bySource.cookie, bySource.companyId);
    const saved = await call(
      bySource.cookie,
      'POST',
      `/api/v1/order/${bySource.orderId}/cardpay/transaction`,
      {
        sourceId,
      },
    );
    expect(saved.json().paymentStatus).toBe('paid');
    expect((await paymentRows(suite.t.db, bySource.orderId))[0].sourceId).toBe(sourceId);
  });

  it('voids the open intents it replaces', async () => {
    const o = await newOrder();
    await openIntent(o.cookie, o.orderId);
    await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, { card: card() });
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['voided', 'captured']);
  });

  it('sales and support cannot charge the saved card (403, nothing taken); finance and admin can', async () => {
    for (const role of ['sales', 'support'] as const) {
      const o = await newOrder();
      const sourceId = await savedCard(o.cookie, o.companyId);
      const res = await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
        sourceId,
      });
      expect(res.statusCode, role).toBe(403);
      expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
      expect((await orderRow(suite.t.db, o.orderId)).paymentStatus).toBe('unpaid');
    }
    for (const role of ['finance', 'admin'] as const) {
      const o = await newOrder();
      const sourceId = await savedCard(o.cookie, o.companyId);
      const res = await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
        sourceId,
      });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().paymentStatus).toBe('paid');
    }
  });

  it('answers 400 without a card, for a malformed or unknown token; 422 for a declined card', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    expect((await call(o.cookie, 'POST', url, {})).statusCode).toBe(400);
    expect((await call(o.cookie, 'POST', url, { cardToken: 'nope' })).statusCode).toBe(400);
    const unknown = await call(o.cookie, 'POST', url, { cardToken: 'tok_doesnotexist' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].pointer).toBe('/body/cardToken');
    expect((await call(o.cookie, 'POST', url, { card: card(numbers.fail) })).json().reason).toBe(
      'processing_error',
    );
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
  });

  it("answers 404 for another company's order, an unknown order, or another company's saved card", async () => {
    const o = await newOrder();
    const other = await newOrder();
    const foreignSource = await savedCard(other.cookie, other.companyId);
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    expect((await call(other.cookie, 'POST', url, { card: card() })).statusCode).toBe(404);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownId}/cardpay/transaction`, { card: card() }))
        .statusCode,
    ).toBe(404);
    expect((await call(o.cookie, 'POST', url, { sourceId: foreignSource })).statusCode).toBe(404);
    expect((await call(staff.finance, 'POST', url, { sourceId: foreignSource })).statusCode).toBe(404);
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
  });

  it('answers 409 for a card token already used and for a paid order', async () => {
    const a = await newOrder();
    const b = await newOrder(1, {});
    const token = (await call(a.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    expect(
      (await call(a.cookie, 'POST', `/api/v1/order/${a.orderId}/cardpay/transaction`, { cardToken: token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(a.cookie, 'POST', `/api/v1/order/${a.orderId}/cardpay/transaction`, { card: card() }))
        .statusCode,
    ).toBe(409);
    // The same company's next order: the spent token is a 409 naming why.
    const next = await staffOrderFor(a);
    const reused = await call(a.cookie, 'POST', `/api/v1/order/${next}/cardpay/transaction`, {
      cardToken: token,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().reason).toBe('token_used');
    // Another company cannot spend it at all.
    expect(
      (await call(b.cookie, 'POST', `/api/v1/order/${b.orderId}/cardpay/transaction`, { cardToken: token }))
        .statusCode,
    ).toBe(400);
    expect(await paymentRows(suite.t.db, next)).toEqual([]);
  });

  it('replays the first answer for its Idempotency-Key and charges once', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    const k = key('card');
    const first = await call(o.cookie, 'POST', url, { card: card() }, k);
    const again = await call(o.cookie, 'POST', url, { card: card() }, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
  });
});

describe('concurrent payments of one order', () => {
  it('takes the money once when two cards pay at the same moment', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    const answers = await Promise.all([
      call(o.cookie, 'POST', url, { card: card() }),
      call(o.cookie, 'POST', url, { card: card(numbers.ok2) }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await moneyOf(suite.t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
    expect((await paymentRows(suite.t.db, o.orderId)).filter((p) => p.status === 'captured')).toHaveLength(1);
  });

  it('runs a retry with the same Idempotency-Key once, even when both arrive together', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    const k = key('together');
    const answers = await Promise.all([
      call(o.cookie, 'POST', url, { card: card() }, k),
      call(o.cookie, 'POST', url, { card: card() }, k),
    ]);
    // The second either waits for the first and replays it, or is told the first still runs.
    expect(answers.map((r) => r.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
  });
});
