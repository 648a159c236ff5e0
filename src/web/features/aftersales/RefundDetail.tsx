import '@mantine/core/styles/Card.layer.css';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateTime, money } from '../../lib/format';
import { AfterSalesStatus } from './AfterSalesBits';
import {
  type RefundView,
  useChangeRefundStatusMutation,
  useCreateVendorRecordsMutation,
  useDeleteVendorRecordMutation,
  useGetRefundQuery,
} from './aftersales.api';
import { Frame, OrderOf, RefundLines, WithLog } from './AfterSalesFrame';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { awaitsRefundApproval } from '../../../domain/aftersales-status';

export function RefundDetail({ id, back }: { id: number; back: ReactNode }) {
  const q = useGetRefundQuery(id);
  const r = q.data;
  const [change, s] = useChangeRefundStatusMutation();
  const [make] = useCreateVendorRecordsMutation();
  const [remove] = useDeleteVendorRecordMutation();
  return (
    <Frame q={q} title={r ? `Refund ${r.refundId}` : 'Refund'} back={back}>
      {r && <RefundBody r={r} />}
      {r && (
        <WithLog log={r.log}>
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={5}>What suppliers owe back (their cost)</Title>
              {!r.vendors.length && r.lines.some((l) => l.quantity > 0) && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => toastOutcome(make(r.refundId), { success: 'Vendor records made' })}
                >
                  Make vendor records
                </Button>
              )}
            </Group>
            {!r.vendors.length && <Text c="dimmed">No vendor records.</Text>}
            {r.vendors.map((v) => (
              <Group key={v.vendorId} justify="space-between">
                <Text size="sm">
                  {v.supplierName}: {v.quantity} units · {v.note}
                </Text>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {money(v.amountCents)}
                  </Text>
                  {v.billId ? (
                    <Link to={`/admin/bills/${v.billId}`}>bill {v.billId}</Link>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        toastOutcome(remove({ id: r.refundId, vendorId: v.vendorId }), { success: 'Removed' })
                      }
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Card>
          {r.nextStatuses.length > 0 && (
            <Card withBorder mt="md">
              <Group>
                {r.nextStatuses
                  .filter((x) => x !== 'processed')
                  .map((x) => (
                    <Button
                      key={x}
                      loading={s.isLoading}
                      color={x === 'failed' ? 'red' : undefined}
                      onClick={() =>
                        // The amount shown is the amount decided on: a refund changed since is refused.
                        toastOutcome(change({ refund: r.refundId, status: x, amountCents: r.amountCents }), {
                          success: `Refund ${x}`,
                        })
                      }
                    >
                      {x === 'approved' ? `Approve and refund ${money(r.amountCents)}` : 'Mark failed'}
                    </Button>
                  ))}
              </Group>
            </Card>
          )}
        </WithLog>
      )}
    </Frame>
  );
}

function RefundBody({ r }: { r: RefundView }) {
  return (
    <Card withBorder mb="md">
      <Group justify="space-between">
        <Text>
          <OrderOf x={r} />
          {r.returnId && (
            <>
              {' '}
              · <Link to={`/admin/returns/${r.returnId}`}>return</Link>
            </>
          )}
          {r.claimId && (
            <>
              {' '}
              · <Link to={`/admin/claims/${r.claimId}`}>claim</Link>
            </>
          )}
        </Text>
        <AfterSalesStatus status={r.status} />
      </Group>
      <Text size="sm">
        {money(r.amountCents)} · by {r.createdBy}
        {r.approvedBy ? ` · approved by ${r.approvedBy}` : ''}
        {r.needsApproval && awaitsRefundApproval(r.status) ? ' · waits for finance' : ''}
        {r.processedAt
          ? ` · ${money(r.refundedCents)} to the payment, ${money(r.creditedCents)} credited, ${dateTime(r.processedAt)}`
          : ''}
      </Text>
      {r.lines.length > 0 && <RefundLines lines={r.lines} />}
    </Card>
  );
}
