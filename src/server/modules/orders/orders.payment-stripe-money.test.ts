// Money after a Stripe checkout, with the real `stripe` SDK against the tests' local stand-in
// (not Stripe): an order held for review is captured when finance approves it, after-sales
// refunds go back as Stripe Refunds of exactly their amount, a dispute opens a finance task,
// and a company's saved card pays a staff-placed order off session.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { financeTasks } from '../../db/schema';
import { orderRow, paymentRows } from '../../test/factories-payments';
import { standinCards } from '../../test/stripe-standin';
import { stripeSuite } from '../../test/stripe-suite';

// Orders of $500 and more are authorized only, and captured once finance approves them.
const { suite, staff, call, newOrder, deliverAll, checkedOut, transactionsOf } = stripeSuite(50_000);

async function paidOrder(quantity = 2) {
  const o = await checkedOut(quantity);
  await deliverAll(suite.standin.pay(o.page.sessionId));
  const [payment] = await paymentRows(suite.t.db, o.orderId);
  return { ...o, payment };
}

/** A refund of an amount, approved by finance (a refund tied to no return waits for finance). */
async function refund(orderId: number, amountCents: number) {
  const made = await call(staff.support, 'POST', '/api/v1/refund', {
    orderId,
    amountCents,
    note: 'goodwill',
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().data.refundId as number;
  const approved = await call(staff.admin, 'PUT', '/api/v1/refund/status', {
    refund: id,
    status: 'approved',
    amountCents,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data as {
    status: string;
    refundedCents: number;
    log: { to: string; note: string | null }[];
  };
}

describe('approval, then capture', () => {
  it('an order at or above the review amount is authorized at checkout and captured when finance records it', async () => {
    const o = await checkedOut(6);
    expect(suite.standin.objects.get(o.page.sessionId)).toBeTruthy();
    await deliverAll(suite.standin.pay(o.page.sessionId));
    const [authorized] = await paymentRows(suite.t.db, o.orderId);
    expect(authorized.status).toBe('authorized');
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(suite.standin.objects.get(authorized.processorIntentId!)).toMatchObject({
      status: 'requires_capture',
    });

    const res = await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, {
      paymentStatus: 'paid',
      note: 'reviewed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(suite.standin.objects.get(authorized.processorIntentId!)).toMatchObject({
      status: 'succeeded',
      amount_received: authorized.amountCents,
    });
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
    // Stripe's own confirmation of the capture arrives later and changes nothing.
    await deliverAll(suite.standin.takeEvents());
    expect((await paymentRows(suite.t.db, o.orderId))[0].status).toBe('captured');
  });
});

describe('money received another way', () => {
  it('finance recording the money of an order with an open Checkout Session expires the session at Stripe', async () => {
    const o = await checkedOut(1);
    const res = await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, {
      paymentStatus: 'paid',
      note: 'wire transfer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(suite.standin.objects.get(o.page.sessionId)).toMatchObject({ status: 'expired' });
    const rows = await paymentRows(suite.t.db, o.orderId);
    expect(rows.map((p) => [p.provider, p.status])).toEqual([
      ['stripe', 'voided'],
      ['manual', 'captured'],
    ]);
  });
});

describe('refunds of a Stripe payment', () => {
  it('a partial refund, then the rest: each a Stripe Refund of exactly its amount, its id recorded', async () => {
    const o = await paidOrder(2);
    const part = await refund(o.orderId, 5_000);
    expect(part).toMatchObject({ status: 'processed', refundedCents: 5_000 });
    const rest = o.payment.amountCents - 5_000;
    expect(await refund(o.orderId, rest)).toMatchObject({ status: 'processed', refundedCents: rest });
    const refunds = [...suite.standin.objects.values()].filter(
      (x) => x.object === 'refund' && x.payment_intent === o.payment.processorIntentId,
    );
    expect(refunds.map((r) => r.amount)).toEqual([5_000, rest]);
    const recorded = (await transactionsOf(o.orderId)).filter((t) => t.kind === 'refund');
    expect(recorded.map((t) => t.reference)).toEqual(refunds.map((r) => r.id));
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'refunded' });
    await deliverAll(suite.standin.takeEvents()); // charge.refunded: noted on the order
  });

  it('a refund Stripe fails is left failed with the processor reason; nothing is marked refunded', async () => {
    const o = await paidOrder(1);
    suite.standin.controls.failRefundsWith = 'expired_or_canceled_card';
    const failed = await refund(o.orderId, 3_000).finally(() => {
      suite.standin.controls.failRefundsWith = null;
    });
    expect(failed.status).toBe('failed');
    expect(failed.log.at(-1)?.note).toMatch(/expired_or_canceled_card/);
    expect((await paymentRows(suite.t.db, o.orderId))[0]).toMatchObject({
      status: 'captured',
      refundedCents: 0,
    });
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
  });
});

describe('disputes', () => {
  it('a dispute Stripe reports opens one finance task on the order, however often it is sent', async () => {
    const o = await paidOrder(1);
    const dispute = suite.standin.dispute(o.payment.processorIntentId!);
    await deliverAll([dispute]);
    // Stripe sends it again as another event (a new id): still one task.
    const object = (dispute.event.data as { object: { id: string } & Record<string, unknown> }).object;
    await deliverAll([suite.standin.sign('charge.dispute.created', object)]);
    const tasks = await suite.t.db.select().from(financeTasks).where(eq(financeTasks.orderId, o.orderId));
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      kind: 'dispute',
      reference: object.id,
      closedAt: null,
    });
  });
});

describe('saved cards of a company', () => {
  async function saveCard(o: { cookie: string; companyId: number }, number: string) {
    const res = await call(o.cookie, 'POST', `/api/customer/${o.companyId}/stripe/setup`);
    expect(res.statusCode, res.body).toBe(200);
    await deliverAll(suite.standin.saveCard(res.json().sessionId, number));
    const customer = await call(o.cookie, 'GET', `/api/customer/${o.companyId}`);
    return customer.json().sources.at(-1) as { sourceId: number; last4: string };
  }

  it('the card is saved on a setup page of the company customer; finance charges it off session for a staff order', async () => {
    const o = await newOrder(2);
    const source = await saveCard(o, standinCards.ok);
    expect(source.last4).toBe('4242');
    // The company's first card is its default, as with the sandbox's form.
    expect(source).toMatchObject({ isDefault: true });
    const res = await call(
      staff.finance,
      'POST',
      `/api/v1/order/${o.orderId}/cardpay/transaction`,
      { sourceId: source.sourceId },
      `saved-${o.orderId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
    const [payment] = await paymentRows(suite.t.db, o.orderId);
    expect(suite.standin.objects.get(payment.reference)).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      customer: expect.stringMatching(/^cus_/),
    });
  });

  it('a card that needs its holder is not charged: the buyer is mailed a payment link and the order waits', async () => {
    const o = await newOrder(1);
    const source = await saveCard(o, standinCards.authenticationRequired);
    const res = await call(staff.finance, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
      sourceId: source.sourceId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    const [mail] = await suite.t.db.select().from(emailOutbox).where(eq(emailOutbox.to, o.user.email!));
    expect(mail).toMatchObject({ kind: 'payment_link' });
    const sessionId = (await paymentRows(suite.t.db, o.orderId)).at(-1)!.reference;
    expect(mail.text).toContain(`/pay/${sessionId}`);
    await deliverAll(suite.standin.pay(sessionId));
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('a declined saved card is a 422 card_declined and nothing is taken', async () => {
    const o = await newOrder(1);
    const source = await saveCard(o, standinCards.declined);
    const res = await call(staff.finance, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
      sourceId: source.sourceId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('card_declined');
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'unpaid' });
  });
});
