import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import { newIdempotencyKey } from '../../api/client';
import { money } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useMyOrderQuery } from './orders.api';
import { useCancelCardCheckoutMutation, useReopenCardCheckoutMutation } from './orders-stripe.api';
import { isCancelledOrder } from '../../../domain/order-status';
import { isAuthorizedPayment, isPaidOrder, isPendingPayment, isUnpaid } from '../../../domain/payment-status';
import { leaveFor } from '../../lib/leave-for';

/** How often the order is read again while Stripe's webhook has not landed. */
export const CARD_POLL_MS = 2000;
/** How long the page waits for it before it says so and stops asking (Stripe usually sends it in seconds). */
export const CARD_POLL_LIMIT_MS = 90_000;

/** Where Stripe sent the buyer back: `done` (paid, the webhook follows) or `cancelled` (left unpaid). */
export type CheckoutReturn = 'done' | 'cancelled' | null;

const stripePaymentOf = (order: OrderDetail) => order.payments.find((p) => p.provider === 'stripe');

/** The order waits for the buyer on Stripe's page: its Stripe payment is open, no money yet. */
export const awaitsCardPage = (order: OrderDetail) =>
  !isCancelledOrder(order.status) &&
  isPendingPayment(order.paymentStatus) &&
  order.payments.some((p) => p.provider === 'stripe' && isPendingPayment(p.status));

/**
 * The order page with Stripe as the card provider: back from Stripe's page, it waits (polling)
 * for the webhook that marks the order paid, or cancels the order the buyer left unpaid; an
 * order that still waits for its card payment can open Stripe's page again.
 */
export function CardCheckoutReturn({ order, back }: { order: OrderDetail; back: CheckoutReturn }) {
  const waiting = back === 'done' && awaitsCardPage(order);
  const [timedOut, setTimedOut] = useState(false);
  // A second subscription to the page's order: RTK Query polls at the shortest interval asked.
  const { refetch } = useMyOrderQuery(order.orderId, {
    pollingInterval: waiting && !timedOut ? CARD_POLL_MS : 0,
  });
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), CARD_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const [cancel, cancelling] = useMutationWithToast(useCancelCardCheckoutMutation());
  const [cancelProblem, setCancelProblem] = useState<string | null>(null);
  const cancelAsked = useRef(false);
  const leftUnpaid = back === 'cancelled' && awaitsCardPage(order);
  useEffect(() => {
    // Once per visit: a second call would only be a 409 (nothing left to cancel).
    if (!leftUnpaid || cancelAsked.current) return;
    cancelAsked.current = true;
    void cancel({ id: order.orderId, idempotencyKey: newIdempotencyKey() }, { failure: null }).then((res) =>
      setCancelProblem(res.ok ? null : res.problem.message),
    );
  }, [leftUnpaid, cancel, order.orderId]);

  if (back === 'cancelled') {
    if (cancelProblem)
      return (
        <Alert color="red" mt="md" title="The order was not cancelled" role="alert">
          {cancelProblem}
        </Alert>
      );
    if (cancelling.isLoading || leftUnpaid)
      return (
        <Alert color="gray" mt="md" title="Cancelling the unpaid order" role="status">
          <Loader size="xs" aria-hidden />
        </Alert>
      );
    if (isCancelledOrder(order.status))
      return (
        <Alert color="orange" mt="md" title="Order cancelled: nothing was charged" role="status">
          You left the card payment page without paying, so this order is cancelled and the tires held for it
          are back in stock. Add them to the cart again to order them.
        </Alert>
      );
  }
  if (waiting)
    return (
      <Alert color="blue" mt="md" title="Waiting for the payment to be confirmed" role="status">
        <Group gap="xs" wrap="nowrap" align="start">
          {!timedOut && <Loader size="xs" mt={3} aria-hidden />}
          <Text size="sm">
            {timedOut
              ? 'Stripe has not confirmed your payment yet. It usually takes seconds; nothing is charged twice if you check again.'
              : 'Stripe is confirming your payment; the tires are held for you. This page updates by itself.'}
          </Text>
        </Group>
        {timedOut && (
          <Button size="xs" mt="xs" variant="light" onClick={() => refetch()}>
            Check again
          </Button>
        )}
      </Alert>
    );
  const payment = stripePaymentOf(order);
  if (back === 'done' && isPaidOrder(order.paymentStatus))
    return (
      <Alert color="green" mt="md" title="Payment received" role="status">
        {money(order.totalCents)} was paid by card. Thank you: the order is on its way to the warehouse.
      </Alert>
    );
  if (back === 'done' && payment && isAuthorizedPayment(payment.status))
    return (
      <Alert color="green" mt="md" title="Card authorized" role="status">
        {money(order.totalCents)} is reserved on your card; it is charged once we have reviewed the order.
      </Alert>
    );
  if (awaitsCardPage(order) || (isUnpaid(order.paymentStatus) && !isCancelledOrder(order.status)))
    return <PayNow order={order} />;
  return null;
}

/** Opens Stripe's page for the order's total again (the open session, or a new one). */
function PayNow({ order }: { order: OrderDetail }) {
  const [reopen, { isLoading }] = useMutationWithToast(useReopenCardCheckoutMutation());
  const [leaving, setLeaving] = useState(false);
  const go = async () => {
    const res = await reopen(
      { id: order.orderId, idempotencyKey: newIdempotencyKey() },
      { failure: (p) => `The payment page did not open: ${p.message}` },
    );
    if (!res.ok) return;
    setLeaving(true);
    leaveFor(res.data.url);
  };
  return (
    <Alert color="blue" mt="md" title="This order waits for payment">
      <Text size="sm" mb="xs">
        {money(order.totalCents)} is due. You pay by card on Stripe's secure page.
      </Text>
      <Button size="xs" onClick={go} loading={isLoading || leaving}>
        Pay now
      </Button>
    </Alert>
  );
}
