import '@mantine/core/styles/Card.layer.css';
import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { money } from '../../lib/format';
import { hasReturnedUnits, holdsRefundable, refundStatuses } from '../../../domain/aftersales-status';
import { label } from './AfterSalesBits';
import { type ReturnView, useCreateRefundMutation, usePreviewRefundMutation } from './aftersales.api';
import { RefundLines } from './AfterSalesFrame';
import { toastOutcome } from '../../lib/use-mutation-with-toast';

/** The refund of a received return: previewed line by line first, then made. */
export function ReturnRefund({ r }: { r: ReturnView }) {
  const [preview, p] = usePreviewRefundMutation();
  const [create, c] = useCreateRefundMutation();
  const refunds = r.refunds.length ? (
    <Card withBorder mt="md">
      {r.refunds.map((f) => (
        <Text key={f.refundId}>
          <Link to={`/admin/refunds/${f.refundId}`}>Refund {f.refundId}</Link>: {money(f.amountCents)} ·{' '}
          {label(f.status)}
        </Text>
      ))}
    </Card>
  ) : null;
  // A refund that has not failed (waiting for finance, or made) already holds the return's units:
  // the server refuses a second one, so the page offers none.
  if (
    !hasReturnedUnits(r.status) ||
    r.refunds.some((f) => refundStatuses.some((s) => s === f.status && holdsRefundable(s)))
  )
    return refunds;
  const units = r.items
    .filter((i) => i.receivedQuantity > 0)
    .map((i) => ({ orderItemId: i.orderItemId, quantity: i.receivedQuantity }));
  // Never more than the order can still refund (the preview says how much that is).
  const offer = p.data ? Math.min(p.data.totalCents, p.data.refundableCents) : 0;
  return (
    <>
      {refunds}
      <Card withBorder mt="md">
        <Group justify="space-between" mb="sm">
          <Title order={5}>Refund</Title>
          <Button
            variant="default"
            loading={p.isLoading}
            onClick={() => preview({ orderId: r.orderId, items: units, reason: r.reason })}
          >
            Preview refund
          </Button>
        </Group>
        {p.error && <Alert color="red">{errorMessage(p.error)}</Alert>}
        {p.data && (
          <>
            <RefundLines lines={p.data.lines} />
            <Group justify="space-between" mt="sm">
              <Text size="sm">
                {money(p.data.refundableCents)} of the order can still be refunded
                {p.data.needsApproval
                  ? " · with the order's other refunds above the threshold: finance approves it"
                  : ''}
              </Text>
              {offer > 0 && (
                <Button
                  loading={c.isLoading}
                  onClick={() =>
                    toastOutcome(
                      create({
                        orderId: r.orderId,
                        returnId: r.returnId,
                        // Capped at what the order has left: the amount is named, else the server's lines sum.
                        ...(offer < p.data!.totalCents ? { amountCents: offer } : {}),
                      }),
                      { success: 'Refund made' },
                    )
                  }
                >
                  Refund {money(offer)}
                </Button>
              )}
            </Group>
          </>
        )}
      </Card>
    </>
  );
}
