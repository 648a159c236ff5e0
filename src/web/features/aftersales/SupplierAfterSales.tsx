import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Card, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { money } from '../../lib/format';
import { AfterSalesStatus } from './AfterSalesBits';
import { BillBody } from './BillDetail';
import { useAfterSalesListQuery, useGetBillQuery, useSupplierVendorRecordsQuery } from './aftersales.api';
import { PAGE_SIZE, pageCount } from '../../lib/paging';

/** /supplier/billing: the supplier's bills and what it owes back on refunds, read only. */
export function SupplierAfterSales() {
  const [page, setPage] = useState(0);
  const vendors = useSupplierVendorRecordsQuery(page);
  const bills = useAfterSalesListQuery({ kind: 'bill', page: 0 });
  const [open, setOpen] = useState<number | null>(null);
  const count = vendors.data?.data.count ?? 0;
  return (
    <Stack>
      <Card withBorder>
        <Title order={4} mb="sm">
          Bills
        </Title>
        {bills.isLoading && <Loader size="sm" aria-label="Loading bills" />}
        {bills.isError && <Alert color="red">{errorMessage(bills.error)}</Alert>}
        {bills.data && !bills.data.data.count && <Text c="dimmed">No bills yet.</Text>}
        {(bills.data?.data.list ?? []).map((b) => (
          <Group
            key={String(b.billId)}
            justify="space-between"
            style={{ cursor: 'pointer' }}
            onClick={() => setOpen(Number(b.billId))}
          >
            <Text size="sm" td="underline">
              Bill {String(b.billId)} · {String(b.periodStart)} – {String(b.periodEnd)}
            </Text>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {money(Number(b.totalCents))}
              </Text>
              <AfterSalesStatus status={String(b.status)} />
            </Group>
          </Group>
        ))}
      </Card>
      {open && <OpenBill id={open} />}
      <Card withBorder>
        <Title order={4} mb="sm">
          Refunded units you owe back
        </Title>
        {vendors.isError && <Alert color="red">{errorMessage(vendors.error)}</Alert>}
        {vendors.data && !count && <Text c="dimmed">Nothing owed back.</Text>}
        {count > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Refund</Table.Th>
                  <Table.Th>Units</Table.Th>
                  <Table.Th>At cost</Table.Th>
                  <Table.Th>Deducted on</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vendors.data?.data.list.map((v) => (
                  <Table.Tr key={v.vendorId}>
                    <Table.Td>{v.orderNumber}</Table.Td>
                    <Table.Td>{v.refundId}</Table.Td>
                    <Table.Td>{v.quantity}</Table.Td>
                    <Table.Td>{money(v.amountCents)}</Table.Td>
                    <Table.Td>{v.billId ? `bill ${v.billId}` : 'next bill'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {count > PAGE_SIZE && (
          <Pagination mt="sm" total={pageCount(count)} value={page + 1} onChange={(p) => setPage(p - 1)} />
        )}
      </Card>
    </Stack>
  );
}

function OpenBill({ id }: { id: number }) {
  const { data } = useGetBillQuery(id);
  return data ? <BillBody b={data} /> : <Loader size="sm" aria-label="Loading bill" />;
}
