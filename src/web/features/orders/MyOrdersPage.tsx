import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Anchor, Group, Loader, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderSummary } from '../../../contract/order-shapes';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import { usePhone } from '../../lib/media-query';
import { formatDate, paymentText, StatusBadge } from './OrderBits';
import { useMyOrdersQuery } from './orders.api';
import { PAGE_SIZE, pageCount } from '../../lib/paging';

/** /orders: the company's order history; an order opens under the list (/orders/:id). */
export function MyOrdersPage() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = useMyOrdersQuery({ page, pageSize: PAGE_SIZE });
  const phone = usePhone();
  const Orders = phone ? OrderCards : OrdersTable;
  return (
    <>
      <PageTitle title="Order History" />
      {isLoading && <Loader aria-label="Loading orders" />}
      {isError && <Alert color="red">Your orders could not be loaded. Try again in a moment.</Alert>}
      {data && data.data.count === 0 && <Text>No orders yet.</Text>}
      {data && data.data.count > 0 && (
        <>
          <Orders orders={data.data.list} />
          {data.data.count > PAGE_SIZE && (
            <Pagination
              mt="md"
              total={pageCount(data.data.count)}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
            />
          )}
        </>
      )}
    </>
  );
}

const OrderLink = ({ order, bold }: { order: OrderSummary; bold?: boolean }) => (
  <Anchor component={Link} to={String(order.orderId)} fw={bold ? 600 : undefined}>
    {order.number}
  </Anchor>
);

/** From `sm` up: one row per order. */
function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover aria-label="Orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th>Tracking</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.orderId}>
              <Table.Td>
                <OrderLink order={o} />
              </Table.Td>
              <Table.Td>{formatDate(o.placedAt)}</Table.Td>
              <Table.Td>
                <StatusBadge status={o.status} />
              </Table.Td>
              <Table.Td>{paymentText(o.paymentMethod, o.paymentStatus)}</Table.Td>
              <Table.Td>{o.itemCount}</Table.Td>
              <Table.Td>{o.trackingNumber ?? '—'}</Table.Td>
              <Table.Td ta="right">{money(o.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: a card per order with the table's columns, so nothing scrolls sideways. */
function OrderCards({ orders }: { orders: OrderSummary[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Orders">
      {orders.map((o) => (
        <Paper key={o.orderId} withBorder p="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <OrderLink order={o} bold />
            <StatusBadge status={o.status} />
          </Group>
          <Group justify="space-between" mt={4} wrap="nowrap" align="end">
            <Text size="sm" c="dimmed">
              {formatDate(o.placedAt)} · {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
              {o.trackingNumber ? ` · ${o.trackingNumber}` : ''}
            </Text>
            <Text fw={600} size="sm">
              {money(o.totalCents)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {paymentText(o.paymentMethod, o.paymentStatus)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
