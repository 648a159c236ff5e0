import { Text } from '@mantine/core';
import { useOrderDotCodesQuery } from './inventory.api';

/**
 * The DOT codes the tires of one order line were taken from (docs/domain.md, "Tire age"), as the
 * order page shows them under the line; nothing while the line holds no units.
 */
export function OrderDotCodes({ orderId, orderItemId }: { orderId: number; orderItemId: number }) {
  const lines = useOrderDotCodesQuery(orderId);
  const lots = lines.data?.find((l) => l.orderItemId === orderItemId)?.lots;
  if (!lots?.length) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="dot-codes">
      DOT {lots.map((l) => `${l.dotCode ?? 'unknown'} × ${l.quantity}`).join(', ')}
    </Text>
  );
}
