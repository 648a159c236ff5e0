import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import type { ApiFailure } from '../../api/api';
import { useSandboxConfirmCryptoMutation } from './orders.api';
import { isCancelledOrder } from '../../../domain/order-status';
import { isPendingPayment } from '../../../domain/payment-status';

/** An order placed with crypto whose charge the chain has not confirmed yet. */
export const awaitsChain = (order: OrderDetail | undefined) =>
  !!order &&
  order.paymentMethod === 'coinpay' &&
  isPendingPayment(order.paymentStatus) &&
  !isCancelledOrder(order.status);

/**
 * An order paid in crypto waits for the chain: the provider confirms the charge by its signed
 * webhook and the order page, which polls, shows it paid. In the sandbox a labelled button makes
 * the chain confirm; it hides itself where the sandbox does not exist (the call answers 404).
 */
export function CryptoPaymentPending({ order }: { order: OrderDetail }) {
  const [confirm, { isLoading, error }] = useSandboxConfirmCryptoMutation();
  const [noSandbox, setNoSandbox] = useState(false);
  if (!awaitsChain(order)) return null;
  const charge = order.payments.find((p) => p.provider === 'coinpay' && isPendingPayment(p.status));
  const failure = error as ApiFailure | undefined;
  const run = async () => {
    if (!charge) return;
    const res = await confirm({ id: order.orderId, reference: charge.reference });
    if ('error' in res && (res.error as ApiFailure).status === 404) setNoSandbox(true);
  };
  return (
    <Alert color="yellow" mt="md" title="Waiting for the chain to confirm" role="status">
      <Group gap="xs" mb="xs" wrap="nowrap" align="start">
        <Loader size="xs" mt={3} aria-hidden />
        <Text size="sm">
          The tires are held for you until the network confirms your payment. This page updates by itself.
        </Text>
      </Group>
      {failure && failure.status !== 404 && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {failure.message}
        </Text>
      )}
      {charge && !noSandbox && (
        <Button size="xs" variant="light" color="grape" loading={isLoading} onClick={run}>
          Sandbox: confirm on chain
        </Button>
      )}
    </Alert>
  );
}
