import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import type { SupplierLine } from '../../../contract/order-shapes';
import { PageTitle } from '../../components/PageTitle';
import { formatDate, StatusBadge } from './OrderBits';
import { useFulfillmentsQuery, useUpdateFulfillmentMutation } from './orders.api';
import { PAGE_SIZE, pageCount } from '../../lib/paging';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

type Status = SupplierLine['status'];
const actions: { to: 'confirmed' | 'exception' | 'cancelled'; label: string; color: string }[] = [
  { to: 'confirmed', label: 'Confirm', color: 'green' },
  { to: 'exception', label: 'Exception', color: 'orange' },
  { to: 'cancelled', label: 'Cancel', color: 'red' },
];

/** /supplier: the order lines routed to the supplier's company and their actions. */
export function SupplierOrdersPage() {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<'all' | Status>('all');
  const { data, isLoading, isError } = useFulfillmentsQuery({ page, ...(status !== 'all' && { status }) });
  const [update, { isLoading: saving }] = useMutationWithToast(useUpdateFulfillmentMutation());
  const act = (line: SupplierLine, to: (typeof actions)[number]['to']) =>
    update(
      { supplierLineId: line.supplierLineId, status: to },
      { failure: 'That change is not allowed for this line' },
    );
  return (
    <>
      <PageTitle title="Supplier orders" />
      <ScrollArea type="never" mb="md">
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v as 'all' | Status);
            setPage(0);
          }}
          data={['all', 'sent', 'resent', 'confirmed', 'exception', 'pending', 'cancelled']}
        />
      </ScrollArea>
      {isLoading && <Loader aria-label="Loading order lines" />}
      {isError && <Alert color="red">Your order lines could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text>No order lines.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={860} type="native">
          <Table striped aria-label="Order lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Tire</Table.Th>
                <Table.Th>Qty</Table.Th>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th>Ship to</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.list.map((l) => (
                <Table.Tr key={l.supplierLineId}>
                  <Table.Td>{l.orderNumber}</Table.Td>
                  <Table.Td>
                    {l.description}{' '}
                    <Text span size="xs" c="dimmed">
                      {l.skuCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>{l.quantity}</Table.Td>
                  <Table.Td>{l.warehouseName}</Table.Td>
                  <Table.Td>{l.deliveryZip}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={l.status} />
                  </Table.Td>
                  <Table.Td>{formatDate(l.updatedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {actions
                        .filter((a) => l.nextStatuses.includes(a.to))
                        .map((a) => (
                          <Button
                            key={a.to}
                            size="xs"
                            variant="light"
                            color={a.color}
                            loading={saving}
                            onClick={() => act(l, a.to)}
                          >
                            {a.label}
                          </Button>
                        ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.data.count > PAGE_SIZE && (
        <Pagination
          mt="md"
          total={pageCount(data.data.count)}
          value={page + 1}
          onChange={(p) => setPage(p - 1)}
        />
      )}
    </>
  );
}
