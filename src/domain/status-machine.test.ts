import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertCompTransition, compStatuses, compTransitions } from './comp-status';
import {
  assertOrderTransition,
  assertSupplierLineTransition,
  nextOrderStatuses,
  type OrderStatus,
  orderStatuses,
  orderTransitions,
  supplierLineStatuses,
  supplierLineTransitions,
} from './order-status';
import {
  assertOrderPaymentTransition,
  assertPaymentTransition,
  orderPaymentStatuses,
  orderPaymentTransitions,
  paymentStatuses,
  paymentTransitions,
} from './payment-status';
import {
  assertAllowed,
  assertTransition,
  statusesBefore,
  TransitionError,
  type TransitionTable,
  transitionsOf,
} from './status-machine';
import { assertWholesaleTransition, wholesaleStatuses, wholesaleTransitions } from './wholesale-status';
import {
  assertBillTransition,
  assertClaimTransition,
  assertRefundTransition,
  assertReturnTransition,
  billStatuses,
  billTransitions,
  claimStatuses,
  claimTransitions,
  refundStatuses,
  refundTransitions,
  returnStatuses,
  returnTransitions,
} from './aftersales-status';
import {
  assertFulfillmentTransition,
  assertLabelTransition,
  assertPickupTransition,
  assertShipmentTransition,
  fulfillmentStatuses,
  fulfillmentTransitions,
  labelStatuses,
  labelTransitions,
  pickupStatuses,
  pickupTransitions,
  shipmentStatuses,
  shipmentTransitions,
} from './shipping-status';
import {
  assertQuoteHoldTransition,
  assertQuoteJobTransition,
  assertQuoteTransition,
  quoteHoldStatuses,
  quoteHoldTransitions,
  quoteJobStatuses,
  quoteJobTransitions,
  quoteStatuses,
  quoteTransitions,
} from './quote-status';
import { assertStockHoldTransition, stockHoldStatuses, stockHoldTransitions } from './stock-hold-status';
import { assertFeedRunTransition, feedRunStatuses, feedRunTransitions } from './feed-run-status';
import { assertTaxImportTransition, taxImportStatuses, taxImportTransitions } from './tax-import-status';
import { assertExemptionTransition, exemptionStatuses, exemptionTransitions } from './exemption-status';
import {
  assertSandboxTokenTransition,
  sandboxTokenStatuses,
  sandboxTokenTransitions,
} from './sandbox-token-status';
import { assertReviewTransition, reviewStatuses, reviewTransitions } from './reviews-status';
import {
  assertContactTransition,
  assertNewsletterTransition,
  contactStatuses,
  contactTransitions,
  newsletterStatuses,
  newsletterTransitions,
} from './marketing-status';
import {
  assertInstallerOrderTransition,
  installerOrderStatuses,
  installerOrderTransitions,
} from './installer-status';
import {
  assertDistributorOrderTransition,
  distributorOrderStatuses,
  distributorOrderTransitions,
} from './distributor-status';
import {
  assertWebhookDeliveryTransition,
  assertWebhookEndpointTransition,
  webhookDeliveryStatuses,
  webhookDeliveryTransitions,
  webhookEndpointStatuses,
  webhookEndpointTransitions,
} from './webhook-status';
import { approvalStatuses, approvalTransitions, assertApprovalTransition } from './approval-status';

// Every transition table in src/domain, every pair of its statuses: an allowed pair passes, any
// other pair throws the one TransitionError naming the entity, both statuses and what is allowed.

interface Table {
  entity: string;
  statuses: readonly string[];
  table: TransitionTable<string>;
  assert: (from: string, to: string) => void;
}

const tables: Table[] = [
  {
    entity: 'order',
    statuses: orderStatuses,
    table: orderTransitions,
    assert: (from, to) => assertOrderTransition(from as OrderStatus, to as OrderStatus),
  },
  {
    entity: 'supplier line',
    statuses: supplierLineStatuses,
    table: supplierLineTransitions,
    assert: (from, to) => assertSupplierLineTransition(from as never, to as never),
  },
  {
    entity: 'compensation record',
    statuses: compStatuses,
    table: compTransitions,
    assert: (from, to) => assertCompTransition(from as never, to as never),
  },
  {
    entity: 'payment',
    statuses: paymentStatuses,
    table: paymentTransitions,
    assert: (from, to) => assertPaymentTransition(from as never, to as never),
  },
  {
    entity: 'order payment',
    statuses: orderPaymentStatuses,
    table: orderPaymentTransitions,
    assert: (from, to) => assertOrderPaymentTransition(from as never, to as never),
  },
  {
    entity: 'wholesale application',
    statuses: wholesaleStatuses,
    table: wholesaleTransitions,
    assert: (from, to) => assertWholesaleTransition(from as never, to as never),
  },
  {
    entity: 'return',
    statuses: returnStatuses,
    table: returnTransitions,
    assert: (from, to) => assertReturnTransition(from as never, to as never),
  },
  {
    entity: 'claim',
    statuses: claimStatuses,
    table: claimTransitions,
    assert: (from, to) => assertClaimTransition(from as never, to as never),
  },
  {
    entity: 'refund',
    statuses: refundStatuses,
    table: refundTransitions,
    assert: (from, to) => assertRefundTransition(from as never, to as never),
  },
  {
    entity: 'bill',
    statuses: billStatuses,
    table: billTransitions,
    assert: (from, to) => assertBillTransition(from as never, to as never),
  },
  {
    entity: 'fulfillment',
    statuses: fulfillmentStatuses,
    table: fulfillmentTransitions,
    assert: (from, to) => assertFulfillmentTransition(from as never, to as never),
  },
  {
    entity: 'distributor order',
    statuses: distributorOrderStatuses,
    table: distributorOrderTransitions,
    assert: (from, to) => assertDistributorOrderTransition(from as never, to as never),
  },
  {
    entity: 'shipment',
    statuses: shipmentStatuses,
    table: shipmentTransitions,
    assert: (from, to) => assertShipmentTransition(from as never, to as never),
  },
  {
    entity: 'quote',
    statuses: quoteStatuses,
    table: quoteTransitions,
    assert: (from, to) => assertQuoteTransition(from as never, to as never),
  },
  {
    entity: 'review',
    statuses: reviewStatuses,
    table: reviewTransitions,
    assert: (from, to) => assertReviewTransition(from as never, to as never),
  },
  {
    entity: 'newsletter subscription',
    statuses: newsletterStatuses,
    table: newsletterTransitions,
    assert: (from, to) => assertNewsletterTransition(from as never, to as never),
  },
  {
    entity: 'contact message',
    statuses: contactStatuses,
    table: contactTransitions,
    assert: (from, to) => assertContactTransition(from as never, to as never),
  },
  {
    entity: 'installer order',
    statuses: installerOrderStatuses,
    table: installerOrderTransitions,
    assert: (from, to) => assertInstallerOrderTransition(from as never, to as never),
  },
  {
    entity: 'stock hold',
    statuses: stockHoldStatuses,
    table: stockHoldTransitions,
    assert: (from, to) => assertStockHoldTransition(from as never, to as never),
  },
  {
    entity: 'quote hold',
    statuses: quoteHoldStatuses,
    table: quoteHoldTransitions,
    assert: (from, to) => assertQuoteHoldTransition(from as never, to as never),
  },
  {
    entity: 'quote job',
    statuses: quoteJobStatuses,
    table: quoteJobTransitions,
    assert: (from, to) => assertQuoteJobTransition(from as never, to as never),
  },
  {
    entity: 'feed run',
    statuses: feedRunStatuses,
    table: feedRunTransitions,
    assert: (from, to) => assertFeedRunTransition(from as never, to as never),
  },
  {
    entity: 'tax import',
    statuses: taxImportStatuses,
    table: taxImportTransitions,
    assert: (from, to) => assertTaxImportTransition(from as never, to as never),
  },
  {
    entity: 'exemption certificate',
    statuses: exemptionStatuses,
    table: exemptionTransitions,
    assert: (from, to) => assertExemptionTransition(from as never, to as never),
  },
  {
    entity: 'shipping label',
    statuses: labelStatuses,
    table: labelTransitions,
    assert: (from, to) => assertLabelTransition(from as never, to as never),
  },
  {
    entity: 'pickup',
    statuses: pickupStatuses,
    table: pickupTransitions,
    assert: (from, to) => assertPickupTransition(from as never, to as never),
  },
  {
    entity: 'payment token',
    statuses: sandboxTokenStatuses,
    table: sandboxTokenTransitions,
    assert: (from, to) => assertSandboxTokenTransition(from as never, to as never),
  },
  {
    entity: 'webhook endpoint',
    statuses: webhookEndpointStatuses,
    table: webhookEndpointTransitions,
    assert: (from, to) => assertWebhookEndpointTransition(from as never, to as never),
  },
  {
    entity: 'webhook delivery',
    statuses: webhookDeliveryStatuses,
    table: webhookDeliveryTransitions,
    assert: (from, to) => assertWebhookDeliveryTransition(from as never, to as never),
  },
  {
    entity: 'approval',
    statuses: approvalStatuses,
    table: approvalTransitions,
    assert: (from, to) => assertApprovalTransition(from as never, to as never),
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

  it(`lists ${allowed.length} allowed and ${refused.length} refused moves`, () => {
    expect(allowed.length + refused.length).toBe(statuses.length ** 2);
  });

  it.each(allowed)(`lets a ${entity} move from %s to %s`, (from, to) => {
    expect(() => assert(from, to)).not.toThrow();
  });

  it.each(refused)(`refuses a ${entity} moving from %s to %s with a TransitionError`, (from, to) => {
    const error = thrown(() => assert(from, to));
    expect(error).toBeInstanceOf(TransitionError);
    expect(error).toMatchObject({ entity, current: from, wanted: to, allowed: table[from] });
    expect((error as Error).message).toContain(`${entity} that is ${from} cannot become ${to}`);
  });
});

describe('an order on hold', () => {
  const holdable = orderStatuses.filter((s) => orderTransitions[s].includes('on_hold'));

  it('may be put on hold from placed, processing, partially shipped and shipped', () => {
    expect(holdable).toEqual(['placed', 'processing', 'partially_shipped', 'shipped']);
  });

  it.each(holdable)('held from %s returns only there, or is cancelled', (heldFrom) => {
    expect(nextOrderStatuses('on_hold', heldFrom)).toEqual([heldFrom, 'cancelled']);
    for (const to of orderStatuses) {
      const error = thrown(() => assertOrderTransition('on_hold', to, heldFrom));
      if (to === heldFrom || to === 'cancelled') expect(error).toBeUndefined();
      else
        expect(error).toMatchObject({
          entity: 'order',
          current: 'on_hold',
          wanted: to,
          allowed: [heldFrom, 'cancelled'],
        });
    }
  });

  it('without a known origin follows the table', () => {
    expect(nextOrderStatuses('on_hold')).toEqual(orderTransitions.on_hold);
  });
});

describe('TransitionError and the generic checks', () => {
  it('says "none" when a status is final', () => {
    const error = thrown(() => assertTransition('thing', { a: [], b: ['a'] }, 'a', 'b'));
    expect(error).toBeInstanceOf(TransitionError);
    expect((error as Error).message).toBe('A thing that is a cannot become b; allowed: none');
  });

  it('lists the allowed statuses in the message', () => {
    const error = thrown(() => assertAllowed('thing', 'a', 'd', ['b', 'c']));
    expect((error as Error).message).toBe('A thing that is a cannot become d; allowed: b, c');
  });

  it('treats a status missing from the table as final', () => {
    const table = { a: ['b'] } as unknown as TransitionTable<string>;
    expect(thrown(() => assertTransition('thing', table, 'zzz', 'a'))).toMatchObject({ allowed: [] });
  });

  it('names the statuses a batch change may move, in the order of the table', () => {
    const table = { a: ['c'], b: [], c: ['a'], d: ['c', 'a'] } as TransitionTable<string>;
    expect(statusesBefore(table, 'c')).toEqual(['a', 'd']);
    expect(statusesBefore(table, 'b')).toEqual([]);
  });

  it('hands out copies of the table for the status lists', () => {
    const json = transitionsOf(orderTransitions);
    expect(json).toEqual(Object.fromEntries(Object.entries(orderTransitions).map(([k, v]) => [k, [...v]])));
    json.placed.push('completed');
    expect(orderTransitions.placed).not.toContain('completed');
  });
});

describe('the list of transition tables', () => {
  it('covers every table exported by src/domain', async () => {
    const covered = new Set<unknown>(tables.map((t) => t.table));
    const found: string[] = [];
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module: Record<string, unknown> = await import(new URL(file, dir).href);
      for (const [name, value] of Object.entries(module))
        if (name.endsWith('Transitions') && typeof value === 'object' && value !== null) {
          found.push(`${file}:${name}`);
          expect(covered.has(value), `${file} ${name} has no pair test`).toBe(true);
        }
    }
    // and every table tested here is one that src/domain exports
    expect(found).toHaveLength(tables.length);
  });
});
