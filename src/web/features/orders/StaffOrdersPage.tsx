import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import type { OrderSummary } from '../../../contract/order-shapes';
import { orderStatuses } from '../../../domain/order-status';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import { formatDate, StatusBadge } from './OrderBits';
import { useStaffOrdersQuery } from './orders.api';
import { pageCount } from '../../lib/paging';

const col = createColumnHelper<OrderSummary>();
const columns = [
  col.accessor('number', {
    header: 'Order',
    cell: (c) => (
      <Anchor component={Link} to={String(c.row.original.orderId)}>
        {c.getValue()}
      </Anchor>
    ),
  }),
  col.accessor('placedAt', { header: 'Placed', cell: (c) => formatDate(c.getValue()) }),
  col.accessor('companyName', { header: 'Company', enableSorting: false }),
  col.accessor('status', { header: 'Status', cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor('paymentStatus', {
    header: 'Payment',
    enableSorting: false,
    cell: (c) => c.getValue().replace('_', ' '),
  }),
  col.accessor('itemCount', { header: 'Items', enableSorting: false }),
  col.accessor('totalCents', { header: 'Total', cell: (c) => money(c.getValue()) }),
];

const sortKey: Record<string, 'placedAt' | 'total' | 'number' | 'status'> = {
  placedAt: 'placedAt',
  totalCents: 'total',
  number: 'number',
  status: 'status',
};
// Staff scan many short order rows at once, so this list shows more than the usual PAGE_SIZE.
const STAFF_ORDERS_PAGE_SIZE = 20;

/** /admin/orders: every order, filtered, sorted and paged on the server; an order opens under it. */
export function StaffOrdersPage() {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<{ id: string; desc: boolean }>({ id: 'placedAt', desc: true });
  const args = {
    page,
    pageSize: STAFF_ORDERS_PAGE_SIZE,
    sort: `${sort.desc ? '-' : ''}${sortKey[sort.id]}` as `-placedAt`,
    ...(status && { status: status as OrderSummary['status'] }),
    ...(q.trim() && { q: q.trim() }),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(from) && { from }),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(to) && { to }),
  };
  const { data, isFetching, isError } = useStaffOrdersQuery(args);
  const table = useReactTable({
    data: data?.data.list ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });
  const toggle = (id: string) => {
    if (!sortKey[id]) return;
    setSort((s) => ({ id, desc: s.id === id ? !s.desc : true }));
    setPage(0);
  };
  const reset = (fn: () => void) => {
    fn();
    setPage(0);
  };
  return (
    <>
      <PageTitle title="Orders">
        <Button component={Link} to="analytics" variant="light">
          Analytics
        </Button>
      </PageTitle>
      <Group mb="md" align="end" wrap="wrap">
        <TextInput
          label="Order number"
          value={q}
          onChange={(e) => reset(() => setQ(e.currentTarget.value))}
          w={160}
        />
        <Select
          label="Status"
          clearable
          data={orderStatuses.filter((s) => s !== 'cart')}
          value={status}
          onChange={(v) => reset(() => setStatus(v))}
          w={180}
        />
        <TextInput
          label="From (YYYY-MM-DD)"
          value={from}
          onChange={(e) => reset(() => setFrom(e.currentTarget.value))}
          w={170}
        />
        <TextInput
          label="To (YYYY-MM-DD)"
          value={to}
          onChange={(e) => reset(() => setTo(e.currentTarget.value))}
          w={170}
        />
        {isFetching && <Loader size="sm" aria-label="Loading orders" />}
      </Group>
      {isError && <Alert color="red">The orders could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text>No orders match.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped highlightOnHover aria-label="Orders">
            <Table.Thead>
              {table.getHeaderGroups().map((g) => (
                <Table.Tr key={g.id}>
                  {g.headers.map((h) => (
                    <Table.Th key={h.id}>
                      <UnstyledButton onClick={() => toggle(h.column.id)} fw={700} fz="sm">
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        {sort.id === h.column.id ? (sort.desc ? ' ↓' : ' ↑') : ''}
                      </UnstyledButton>
                    </Table.Th>
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((r) => (
                <Table.Tr key={r.id}>
                  {r.getVisibleCells().map((c) => (
                    <Table.Td key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.data.count > STAFF_ORDERS_PAGE_SIZE && (
        <Group mt="md">
          <Pagination
            total={pageCount(data.data.count, STAFF_ORDERS_PAGE_SIZE)}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
          />
          <Text size="sm" c="dimmed">
            {data.data.count} orders
          </Text>
        </Group>
      )}
    </>
  );
}
