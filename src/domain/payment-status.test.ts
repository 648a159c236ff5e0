import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  isSettled,
  openPaymentStatuses,
  orderPaymentStatuses,
  orderPaymentStatusOf,
  orderPaymentTransitions,
  paymentStatuses,
  paymentTransitions,
} from './payment-status';

// Every pair of both money tables is tested with the other tables (status-machine.test.ts);
// these are the rules the money relies on.

describe('payment statuses', () => {
  it('never lets money come back once it is final', () => {
    for (const final of ['refunded', 'failed', 'voided'] as const)
      expect(paymentTransitions[final]).toEqual([]);
    expect(orderPaymentTransitions.refunded).toEqual([]);
    expect(orderPaymentTransitions.voided).toEqual([]);
  });

  it('never captures or voids a payment that was captured (it can only be refunded)', () => {
    expect(paymentTransitions.captured).toEqual(['partially_refunded', 'refunded']);
    expect(paymentTransitions.partially_refunded).toEqual(['partially_refunded', 'refunded']);
  });

  it('lets every open payment be voided when the total changes', () => {
    expect(openPaymentStatuses).toEqual(['pending', 'review', 'authorized']);
    for (const open of openPaymentStatuses) expect(paymentTransitions[open]).toContain('voided');
  });

  it('settles the stock only for money taken or owed on terms', () => {
    expect(paymentStatuses.filter(isSettled)).toEqual(['captured', 'on_account']);
    expect(orderPaymentStatuses.filter(awaitsPayment)).toEqual(['unpaid', 'pending']);
  });

  it('maps each payment status to the order payment status it leads to', () => {
    expect(Object.fromEntries(paymentStatuses.map((s) => [s, orderPaymentStatusOf(s)]))).toEqual({
      none: 'unpaid',
      pending: 'pending',
      review: 'pending',
      authorized: 'pending',
      captured: 'paid',
      on_account: 'on_account',
      partially_refunded: 'unpaid',
      refunded: 'unpaid',
      failed: 'unpaid',
      voided: 'unpaid',
    });
  });

  // The order takes the status its newest payment leads to (orders.payment.ts settle()): each
  // such move must be one the order payment table allows.
  it('lets an unpaid order take every status a new payment starts in', () => {
    for (const first of paymentTransitions.none) {
      const to = orderPaymentStatusOf(first);
      expect(orderPaymentTransitions.unpaid, `unpaid → ${to} (payment ${first})`).toContain(to);
    }
  });

  it('lets a pending order follow its payment to paid, or back to unpaid when it fails or is voided', () => {
    for (const open of openPaymentStatuses)
      for (const next of paymentTransitions[open]) {
        const to = orderPaymentStatusOf(next);
        if (to !== 'pending')
          expect(orderPaymentTransitions.pending, `pending → ${to} (${next})`).toContain(to);
      }
  });

  it('lets an order on account be paid when finance records the money', () => {
    for (const next of paymentTransitions.on_account) {
      const to = orderPaymentStatusOf(next);
      if (next === 'captured') expect(orderPaymentTransitions.on_account).toContain(to);
    }
  });
});
