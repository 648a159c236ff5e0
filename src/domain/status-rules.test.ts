import { describe, expect, it } from 'vitest';
import {
  awaitsRefundApproval,
  hasReturnedUnits,
  isProcessedRefund,
  isShippableReturn,
  refundStatuses,
  returnStatuses,
} from './aftersales-status';
import { compStatuses, isWaivable } from './comp-status';
import { awaitsVerification, exemptionStatuses } from './exemption-status';
import {
  awaitsDiscountApproval,
  discountApprovalStatuses,
  isApprovedBelowFloor,
  isBelowFloor,
} from './discounts';
import { feedRunStatuses, isFeedRunning } from './feed-run-status';
import {
  awaitsAppointment,
  installerOrderStatuses,
  isMounted,
  isOpenInstallerOrder,
} from './installer-status';
import {
  awaitsConfirmation,
  contactStatuses,
  isOpenContact,
  isSubscribed,
  newsletterStatuses,
} from './marketing-status';
import {
  awaitsProcessing,
  hasArrived,
  isDeliveryStep,
  isCancelledOrder,
  isDeliveryChangeable,
  isExceptionLine,
  isInTransitOrder,
  isLiveSupplierLine,
  isOnHold,
  isShippedOrderStatus,
  isUnsentLine,
  orderStatuses,
  shipsMore,
  supplierLineStatuses,
} from './order-status';
import {
  isAuthorizedPayment,
  isCapturedPayment,
  isInReview,
  isPaidOrder,
  isPendingPayment,
  isReceivable,
  isRefundableOrderPayment,
  isRefundablePayment,
  isUnpaid,
  isVoidablePayment,
  isVoidedPayment,
  orderPaymentStatuses,
  paymentStatuses,
} from './payment-status';
import {
  canExpire,
  hasOptionsReady,
  isAcceptedQuote,
  isDraftQuote,
  isIssuedQuote,
  isJobDone,
  isJobRunning,
  isSentQuote,
  quoteJobStatuses,
  quoteStatuses,
} from './quote-status';
import { awaitsModeration, isHidden, isPublished, reviewStatuses } from './reviews-status';
import {
  isCompletedSession,
  isDeclinedToken,
  isUsedToken,
  sandboxTokenStatuses,
} from './sandbox-token-status';
import {
  canVoidShipment,
  fulfillmentStatuses,
  isActiveLabel,
  isClosedShipment,
  isLabeledFulfillment,
  isLiveFulfillment,
  isLiveShipment,
  isScheduledPickup,
  isUnlabeled,
  labelStatuses,
  pickupStatuses,
  shipmentStatuses,
} from './shipping-status';
import { isReservedHold, isSoldHold, liveStockHoldStatuses, stockHoldStatuses } from './stock-hold-status';
import { isFailedImport, isImporting, isRejectedImport, taxImportStatuses } from './tax-import-status';

// The named status rules the server reads instead of comparing status strings: each is listed
// with exactly the statuses it holds for, so a change of a rule is a change of this list.

describe('order rules', () => {
  it('counts an order as arrived once delivered or completed', () => {
    expect(orderStatuses.filter(hasArrived)).toEqual(['delivered', 'completed']);
  });

  it('starts the return window at the move to delivered only, not at completion', () => {
    expect(orderStatuses.filter(isDeliveryStep)).toEqual(['delivered']);
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

  it('counts an order as in transit once units left and before all arrived: partially shipped or shipped', () => {
    expect(orderStatuses.filter(isInTransitOrder)).toEqual(['partially_shipped', 'shipped']);
  });

  it('knows a cancelled order, a supplier line that still stands for units and one not yet sent', () => {
    expect(orderStatuses.filter(isCancelledOrder)).toEqual(['cancelled']);
    expect(supplierLineStatuses.filter((s) => !isLiveSupplierLine(s))).toEqual(['cancelled']);
    expect(supplierLineStatuses.filter(isUnsentLine)).toEqual(['pending']);
  });

  it('starts processing a placed order when its lines are sent, and releases only an order on hold', () => {
    expect(orderStatuses.filter(awaitsProcessing)).toEqual(['placed']);
    expect(orderStatuses.filter(isOnHold)).toEqual(['on_hold']);
  });

  it('sends again only the supplier lines in exception', () => {
    expect(supplierLineStatuses.filter(isExceptionLine)).toEqual(['exception']);
  });
});

describe('money rules', () => {
  it('refunds only payments with captured money left', () => {
    expect(paymentStatuses.filter(isRefundablePayment)).toEqual(['captured', 'partially_refunded']);
  });

  it('refunds an order only when it was paid (or partly refunded already)', () => {
    expect(orderPaymentStatuses.filter(isRefundableOrderPayment)).toEqual(['paid', 'partially_refunded']);
  });

  it('lets an unpaid order be paid, and records money received until it is paid', () => {
    expect(orderPaymentStatuses.filter(isUnpaid)).toEqual(['unpaid']);
    expect(orderPaymentStatuses.filter(isPaidOrder)).toEqual(['paid']);
    expect(orderPaymentStatuses.filter(isReceivable)).toEqual(['unpaid', 'pending', 'on_account']);
  });

  it('knows a payment that waits for the provider, of an order and of one payment', () => {
    expect(orderPaymentStatuses.filter(isPendingPayment)).toEqual(['pending']);
    expect(paymentStatuses.filter(isPendingPayment)).toEqual(['pending']);
  });

  it('captures an authorized payment, leaves one in review there, and knows money taken', () => {
    expect(paymentStatuses.filter(isAuthorizedPayment)).toEqual(['authorized']);
    expect(paymentStatuses.filter(isInReview)).toEqual(['review']);
    expect(paymentStatuses.filter(isCapturedPayment)).toEqual(['captured']);
  });

  it('voids the payments that hold no money yet and the ones owed on terms', () => {
    expect(paymentStatuses.filter(isVoidablePayment)).toEqual([
      'pending',
      'review',
      'authorized',
      'on_account',
    ]);
    expect(paymentStatuses.filter(isVoidedPayment)).toEqual(['voided']);
  });

  it('refuses a payment token that was used already or declined', () => {
    expect(sandboxTokenStatuses.filter(isUsedToken)).toEqual(['used']);
    expect(sandboxTokenStatuses.filter(isDeclinedToken)).toEqual(['declined']);
  });

  it('waives a compensation record only while it is accrued', () => {
    expect(compStatuses.filter(isWaivable)).toEqual(['accrued']);
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

  it('makes a fulfillment labeled only by buying its label', () => {
    expect(fulfillmentStatuses.filter(isLabeledFulfillment)).toEqual(['labeled']);
  });

  it("voids a shipment's label only before anything was scanned", () => {
    expect(shipmentStatuses.filter(canVoidShipment)).toEqual(['label_created']);
  });

  it('uses active labels and scheduled pickups only', () => {
    expect(labelStatuses.filter(isActiveLabel)).toEqual(['active']);
    expect(pickupStatuses.filter(isScheduledPickup)).toEqual(['scheduled']);
  });

  it('counts held and committed stock holds as taking units', () => {
    expect(stockHoldStatuses.filter((s) => liveStockHoldStatuses.includes(s))).toEqual(['held', 'committed']);
  });

  it('frees the units of a hold that only reserves them, and restocks the units of a sold one', () => {
    expect(stockHoldStatuses.filter(isReservedHold)).toEqual(['held']);
    expect(stockHoldStatuses.filter(isSoldHold)).toEqual(['committed']);
  });
});

describe('quote, review and return rules', () => {
  it('lets a finalized or sent quote expire, and knows a running job', () => {
    expect(quoteStatuses.filter(canExpire)).toEqual(['finalized', 'sent']);
    expect(quoteJobStatuses.filter(isJobRunning)).toEqual(['running']);
  });

  it('prices the options of a quote once they are ready, and lets the buyer accept it once issued', () => {
    expect(quoteStatuses.filter(hasOptionsReady)).toEqual(['options_ready']);
    expect(quoteStatuses.filter(isIssuedQuote)).toEqual(['finalized', 'sent']);
    expect(quoteStatuses.filter(isSentQuote)).toEqual(['sent']);
    expect(quoteStatuses.filter(isAcceptedQuote)).toEqual(['accepted']);
    expect(quoteJobStatuses.filter(isJobDone)).toEqual(['done']);
  });

  it('sends a quote with options back to draft when its line requests change; a draft stays one', () => {
    expect(quoteStatuses.filter(isDraftQuote)).toEqual(['draft']);
  });

  it('shows a review to everyone only once published, and tells its author when hidden', () => {
    expect(reviewStatuses.filter(isPublished)).toEqual(['published']);
    expect(reviewStatuses.filter(isHidden)).toEqual(['hidden']);
  });

  it('puts an edited review back before staff unless it waits for them already', () => {
    expect(reviewStatuses.filter(awaitsModeration)).toEqual(['pending']);
  });

  it('asks finance to approve a pending refund', () => {
    expect(refundStatuses.filter(awaitsRefundApproval)).toEqual(['pending']);
  });

  it('marks a return refunded only once a refund of it gave the money back', () => {
    expect(refundStatuses.filter(isProcessedRefund)).toEqual(['processed']);
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

describe('installer, inventory and inbox rules', () => {
  it('keeps an installer order open until mounted or cancelled, and schedules one that waits', () => {
    expect(installerOrderStatuses.filter(isOpenInstallerOrder)).toEqual([
      'incoming',
      'scheduled',
      'received',
    ]);
    expect(installerOrderStatuses.filter(isMounted)).toEqual(['mounted']);
    expect(installerOrderStatuses.filter(awaitsAppointment)).toEqual(['incoming']);
  });

  it('knows a feed run still being applied and a contact message waiting for its answer', () => {
    expect(feedRunStatuses.filter(isFeedRunning)).toEqual(['running']);
    expect(contactStatuses.filter(isOpenContact)).toEqual(['open']);
  });

  it('reminds a subscribed address that it is subscribed, and lets a confirmation link of a pending request lapse', () => {
    expect(newsletterStatuses.filter(isSubscribed)).toEqual(['confirmed']);
    expect(newsletterStatuses.filter(awaitsConfirmation)).toEqual(['pending']);
  });

  it('counts a tax import as running while it imports, not once rejected, done or failed', () => {
    expect(taxImportStatuses.filter(isImporting)).toEqual(['importing']);
    expect(taxImportStatuses.filter(isRejectedImport)).toEqual(['rejected']);
    expect(taxImportStatuses.filter(isFailedImport)).toEqual(['failed']);
  });

  it('lets finance verify or reject only a certificate that waits for it', () => {
    expect(exemptionStatuses.filter(awaitsVerification)).toEqual(['pending']);
  });
});

describe('discount approval rules', () => {
  it('asks for approval of a discount under the floor, and puts it in force once admin or finance approve it', () => {
    expect(discountApprovalStatuses.filter(isBelowFloor)).toEqual(['pending', 'approved']);
    expect(discountApprovalStatuses.filter(awaitsDiscountApproval)).toEqual(['pending']);
    expect(discountApprovalStatuses.filter(isApprovedBelowFloor)).toEqual(['approved']);
  });
});
