import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { money } from '../../lib/format';
import { AfterSalesStatus, actionLabel } from './AfterSalesBits';
import {
  type BillView,
  documentUrl,
  useActOnBillMutation,
  useDeleteBillItemMutation,
  useGetBillQuery,
} from './aftersales.api';
import { Frame } from './AfterSalesFrame';
import { toastOutcome } from '../../lib/use-mutation-with-toast';

export function BillDetail({ id, back }: { id: number; back: ReactNode }) {
  const q = useGetBillQuery(id);
  const b = q.data;
  return (
    <Frame q={q} title={b ? `Bill ${b.billId}` : 'Bill'} back={back}>
      {b && <BillBody b={b} />}
    </Frame>
  );
}

/** A bill's items and totals; staff with finance rights get its actions. Also the supplier's read-only view. */
export function BillBody({ b }: { b: BillView }) {
  const [act, a] = useActOnBillMutation();
  const [remove] = useDeleteBillItemMutation();
  const editable = b.actions.includes('approve');
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text>
          {b.companyName} · {b.periodStart} – {b.periodEnd}
        </Text>
        <Group gap="xs">
          <Button component="a" href={documentUrl.billCsv(b.billId)} size="xs" variant="default">
            CSV
          </Button>
          <AfterSalesStatus status={b.status} />
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Units</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Amount</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.items.map((i) => (
              <Table.Tr key={i.billItemId}>
                <Table.Td>{i.description}</Table.Td>
                <Table.Td>{i.quantity}</Table.Td>
                <Table.Td>{money(i.unitCents)}</Table.Td>
                <Table.Td c={i.amountCents < 0 ? 'red' : undefined}>{money(i.amountCents)}</Table.Td>
                {editable && (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        toastOutcome(remove({ id: b.billId, itemId: i.billItemId }), {
                          success: 'Item removed',
                        })
                      }
                    >
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!b.items.length && <Text c="dimmed">Nothing to bill in this period.</Text>}
      <Stack gap={2} mt="sm" align="end">
        <Text size="sm">Fulfilled lines at cost {money(b.linesCents)}</Text>
        <Text size="sm">Vendor refunds {money(b.vendorRefundCents)}</Text>
        <Text size="sm">Labour (claims and mounting) {money(b.labourCents)}</Text>
        {b.servicesCents !== 0 && <Text size="sm">Installer services {money(b.servicesCents)}</Text>}
        <Text fw={700}>Total {money(b.totalCents)}</Text>
      </Stack>
      {b.actions.length > 0 && (
        <Group mt="md">
          {b.actions.map((x) => (
            <Button
              key={x}
              loading={a.isLoading}
              color={x === 'void' ? 'red' : undefined}
              variant={x === 'void' ? 'light' : 'filled'}
              onClick={() => toastOutcome(act({ id: b.billId, action: x }), { success: `Bill: ${x}` })}
            >
              {actionLabel(x)}
            </Button>
          ))}
        </Group>
      )}
    </Card>
  );
}
