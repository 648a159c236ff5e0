import { Alert, Button, Text } from '@mantine/core';
import type { OrderDetail } from '../../../contract/order-shapes';
import type { ApiFailure } from '../../api/api';
import { useConfirmCryptoPaymentMutation } from './orders.api';

/** An order paid in crypto waits for the network; the buyer can ask whether it has confirmed. */
export function CryptoPaymentPending({ order }: { order: OrderDetail }) {
  const [confirm, { isLoading, error }] = useConfirmCryptoPaymentMutation();
  if (order.paymentMethod !== 'coinpay' || order.paymentStatus !== 'pending' || order.status === 'cancelled')
    return null;
  return (
    <Alert color="yellow" mt="md" title="Waiting for your crypto payment">
      <Text size="sm" mb="xs">
        The tires are held for you until the network confirms the payment.
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {(error as ApiFailure).message}
        </Text>
      )}
      <Button size="xs" variant="light" loading={isLoading} onClick={() => confirm(order.orderId)}>
        Check payment
      </Button>
    </Alert>
  );
}
