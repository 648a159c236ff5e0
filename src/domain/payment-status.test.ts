import { describe, expect, it } from 'vitest';
import {
  assertOrderPaymentTransition,
  assertPaymentTransition,
  awaitsPayment,
  isSettled,
  type OrderPaymentStatus,
  openPaymentStatuses,
  orderPaymentStatuses,
  orderPaymentStatusOf,
  orderPaymentTransitions,
  type PaymentStatus,
  paymentStatuses,
  paymentTransitions,
} from './payment-status';
import { TransitionError, type TransitionTable } from './status-machine';

// Both money tables, every pair: an allowed pair passes, any other throws the TransitionError
// the HTTP layer turns into 409 invalid_transition.

interface Table {
  entity: string;
  statuses: readonly string[];
  table: TransitionTable<string>;
  assert: (from: string, to: string) => void;
}

const tables: Table[] = [
  {
    entity: 'payment',
    statuses: paymentStatuses,
    table: paymentTransitions,
    assert: (from, to) => assertPaymentTransition(from as PaymentStatus, to as PaymentStatus),
  },
  {
    entity: 'order payment',
    statuses: orderPaymentStatuses,
    table: orderPaymentTransitions,
    assert: (from, to) => assertOrderPaymentTransition(from as OrderPaymentStatus, to as OrderPaymentStatus),
  },
];

const pairsOf = (statuses: readonly string[]) => statuses.flatMap((from) => statuses.map((to) => [from, to]));

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe.each(tables)('the $entity transition table', ({ entity, statuses, table, assert }) => {
  it('has one row for every status, and names only known statuses', () => {
    expect(Object.keys(table).sort()).toEqual([...statuses].sort());
    for (const targets of Object.values(table)) for (const to of targets) expect(statuses).toContain(to);
  });

  const allowed = pairsOf(statuses).filter(([from, to]) => table[from].includes(to));
  const refused = pairsOf(statuses).filter(([from, to]) => !table[from].includes(to));

  it.each(allowed)(`lets a ${entity} move from %s to %s`, (from, to) => {
    expect(() => assert(from, to)).not.toThrow();
  });

  it.each(refused)(`refuses a ${entity} moving from %s to %s with a TransitionError`, (from, to) => {
    const error = thrown(() => assert(from, to));
    expect(error).toBeInstanceOf(TransitionError);
    expect(error).toMatchObject({ entity, current: from, wanted: to, allowed: table[from] });
  });
});

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
