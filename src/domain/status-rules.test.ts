import { describe, expect, it } from 'vitest';
import { hasReturnedUnits, isShippableReturn, returnStatuses } from './aftersales-status';
import {
  hasArrived,
  isCancelledOrder,
  isDeliveryChangeable,
  isLiveSupplierLine,
  isShippedOrderStatus,
  isUnsentLine,
  orderStatuses,
  shipsMore,
  supplierLineStatuses,
} from './order-status';
import {
  isRefundableOrderPayment,
  isRefundablePayment,
  orderPaymentStatuses,
  paymentStatuses,
} from './payment-status';
import { canExpire, isJobRunning, quoteJobStatuses, quoteStatuses } from './quote-status';
import { isPublished, reviewStatuses } from './reviews-status';
import { isCompletedSession, sandboxTokenStatuses } from './sandbox-token-status';
import {
  fulfillmentStatuses,
  isActiveLabel,
  isClosedShipment,
  isLiveFulfillment,
  isLiveShipment,
  isScheduledPickup,
  isUnlabeled,
  labelStatuses,
  pickupStatuses,
  shipmentStatuses,
} from './shipping-status';
import { liveStockHoldStatuses, stockHoldStatuses } from './stock-hold-status';

// The named status rules the server reads instead of comparing status strings: each is listed
// with exactly the statuses it holds for, so a change of a rule is a change of this list.

describe('order rules', () => {
  it('counts an order as arrived once delivered or completed', () => {
    expect(orderStatuses.filter(hasArrived)).toEqual(['delivered', 'completed']);
  });

  it('lets the delivery change only while nothing has left: placed, processing or on hold', () => {
    expect(orderStatuses.filter(isDeliveryChangeable)).toEqual(['placed', 'processing', 'on_hold']);
  });

  it('adds shipments to an open order until everything has shipped', () => {
    expect(orderStatuses.filter(shipsMore)).toEqual(['placed', 'processing', 'partially_shipped']);
  });

  it('says units are on their way or arrived for partially shipped, shipped and delivered orders', () => {
    expect(orderStatuses.filter(isShippedOrderStatus)).toEqual(['partially_shipped', 'shipped', 'delivered']);
  });

  it('knows a cancelled order, a supplier line that still stands for units and one not yet sent', () => {
    expect(orderStatuses.filter(isCancelledOrder)).toEqual(['cancelled']);
    expect(supplierLineStatuses.filter((s) => !isLiveSupplierLine(s))).toEqual(['cancelled']);
    expect(supplierLineStatuses.filter(isUnsentLine)).toEqual(['pending']);
  });
});

describe('money rules', () => {
  it('refunds only payments with captured money left', () => {
    expect(paymentStatuses.filter(isRefundablePayment)).toEqual(['captured', 'partially_refunded']);
  });

  it('refunds an order only when it was paid (or partly refunded already)', () => {
    expect(orderPaymentStatuses.filter(isRefundableOrderPayment)).toEqual(['paid', 'partially_refunded']);
  });

  it('redeems a hosted checkout session once its card is approved or held for review', () => {
    expect(sandboxTokenStatuses.filter(isCompletedSession)).toEqual(['approved', 'review']);
  });
});

describe('logistics rules', () => {
  it('closes a shipment that is delivered, returned to sender or voided', () => {
    expect(shipmentStatuses.filter(isClosedShipment)).toEqual(['delivered', 'returned_to_sender', 'voided']);
    expect(shipmentStatuses.filter((s) => !isLiveShipment(s))).toEqual(['voided']);
  });

  it('changes the rate and address of a fulfillment only before it is labeled', () => {
    expect(fulfillmentStatuses.filter(isUnlabeled)).toEqual(['new', 'rated']);
    expect(fulfillmentStatuses.filter((s) => !isLiveFulfillment(s))).toEqual(['cancelled']);
  });

  it('uses active labels and scheduled pickups only', () => {
    expect(labelStatuses.filter(isActiveLabel)).toEqual(['active']);
    expect(pickupStatuses.filter(isScheduledPickup)).toEqual(['scheduled']);
  });

  it('counts held and committed stock holds as taking units', () => {
    expect(stockHoldStatuses.filter((s) => liveStockHoldStatuses.includes(s))).toEqual(['held', 'committed']);
  });
});

describe('quote, review and return rules', () => {
  it('lets a finalized or sent quote expire, and knows a running job', () => {
    expect(quoteStatuses.filter(canExpire)).toEqual(['finalized', 'sent']);
    expect(quoteJobStatuses.filter(isJobRunning)).toEqual(['running']);
  });

  it('shows a review to everyone only once published', () => {
    expect(reviewStatuses.filter(isPublished)).toEqual(['published']);
  });

  it('refunds a return once its units are back, and lets the buyer ship it once approved', () => {
    expect(returnStatuses.filter(hasReturnedUnits)).toEqual(['received', 'inspected']);
    expect(returnStatuses.filter(isShippableReturn)).toEqual([
      'approved',
      'label_issued',
      'in_transit',
      'received',
      'inspected',
      'refunded',
    ]);
  });
});
