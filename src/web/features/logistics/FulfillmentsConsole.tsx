import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Fulfillment } from '../../../contract/logistics';
import { fulfillmentStatuses } from '../../../domain/shipping-status';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import {
  labelsUrl,
  useCorrectFulfillmentMutation,
  useFulfillmentQuery,
  useStaffFulfillmentsQuery,
} from './logistics.api';
import { ShipmentStatusBadge } from './ShipmentsConsole';
import { PAGE_SIZE, pageCount } from '../../lib/paging';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

const words = (s: string) => s.replaceAll('_', ' ');
const colorOf = (s: string) =>
  s === 'delivered' ? 'green' : s === 'cancelled' ? 'gray' : s === 'exception' ? 'red' : 'blue';

const FulfillmentBadge = ({ status }: { status: string }) => (
  <Badge variant="light" color={colorOf(status)}>
    {words(status)}
  </Badge>
);

/** /admin/fulfillments: every supplier's fulfillments, filtered by status and order. */
export function FulfillmentsConsolePage() {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<Fulfillment['status'] | null>(null);
  const [order, setOrder] = useState('');
  const orderId = /^\d+$/.test(order.trim()) ? Number(order.trim()) : undefined;
  const { data, isFetching, isError } = useStaffFulfillmentsQuery({
    page,
    pageSize: PAGE_SIZE,
    ...(status && { status }),
    ...(orderId && { orderId }),
  });
  return (
    <>
      <PageTitle title="Fulfillments" />
      <Group mb="md" wrap="wrap" align="end">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={fulfillmentStatuses.map((s) => ({ value: s, label: words(s) }))}
          value={status}
          onChange={(v) => {
            setStatus(v as Fulfillment['status'] | null);
            setPage(0);
          }}
        />
        <TextInput
          label="Order id"
          inputMode="numeric"
          value={order}
          onChange={(e) => {
            setOrder(e.currentTarget.value);
            setPage(0);
          }}
          w={120}
        />
        {isFetching && <Loader size="sm" aria-label="Loading fulfillments" />}
      </Group>
      {isError && <Alert color="red">Fulfillments could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text>No fulfillments match.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped highlightOnHover aria-label="Fulfillments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fulfillment</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Packages</Table.Th>
                <Table.Th>Tracking</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.list.map((f) => (
                <Table.Tr key={f.fulfillmentId}>
                  <Table.Td>
                    <Anchor component={Link} to={String(f.fulfillmentId)}>
                      #{f.fulfillmentId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/orders/${f.orderId}`}>
                      {f.orderNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <FulfillmentBadge status={f.status} />
                  </Table.Td>
                  <Table.Td>{f.warehouseName}</Table.Td>
                  <Table.Td>
                    {f.shipTo.city}, {f.shipTo.state} {f.shipTo.zip}
                  </Table.Td>
                  <Table.Td>
                    {f.packages} · {f.weightLbs} lbs
                  </Table.Td>
                  <Table.Td ff="monospace">{f.shipment?.trackingNumber ?? '—'}</Table.Td>
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

/** /admin/fulfillments/:id: lines, labels, its shipment, and support's status correction. */
export function FulfillmentDetailPage() {
  const id = Number(useParams().id);
  const { data, isLoading, isError } = useFulfillmentQuery(id);
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [correct, correcting] = useMutationWithToast(useCorrectFulfillmentMutation());
  if (isLoading) return <Loader aria-label="Loading fulfillment" />;
  if (isError || !data) return <Alert color="red">This fulfillment could not be loaded.</Alert>;
  const f = data.data;
  return (
    <Stack gap="sm">
      <PageTitle title={`Fulfillment ${f.fulfillmentId}`} />
      <Group gap="xs" wrap="wrap">
        <FulfillmentBadge status={f.status} />
        <Text size="sm">
          Order{' '}
          <Anchor component={Link} to={`/admin/orders/${f.orderId}`}>
            {f.orderNumber}
          </Anchor>{' '}
          · from {f.warehouseName} ({f.warehouseZip}) · {f.packages} packages, {f.weightLbs} lbs
        </Text>
      </Group>
      <Text size="sm">
        To {f.shipTo.name}, {f.shipTo.address1}, {f.shipTo.city}, {f.shipTo.state} {f.shipTo.zip}
      </Text>
      <Stack gap={2}>
        {f.lines.map((l) => (
          <Text size="sm" key={l.supplierLineId}>
            {l.quantity} × {l.description}{' '}
            <Text span size="xs" c="dimmed">
              {l.skuCode}
            </Text>
          </Text>
        ))}
      </Stack>
      <Title order={2} size="h4">
        Labels
      </Title>
      {f.labels.length === 0 && (
        <Text size="sm" c="dimmed">
          No label bought yet.
        </Text>
      )}
      {f.labels.map((l) => (
        <Group key={l.labelId} gap="xs" wrap="wrap">
          <Badge variant="outline" color={l.status === 'active' ? 'blue' : 'gray'}>
            {l.status}
          </Badge>
          <Text size="sm" ff="monospace">
            {l.trackingNumber}
          </Text>
          <Text size="sm">
            {l.courier} {words(l.service)} · {money(l.rateCents)}
          </Text>
          {l.status === 'active' && (
            <Anchor href={labelsUrl([f.fulfillmentId])} target="_blank" rel="noopener" size="sm">
              Print (PDF)
            </Anchor>
          )}
        </Group>
      ))}
      {f.shipment && (
        <Group gap="xs">
          <Text size="sm">Shipment</Text>
          <Anchor component={Link} to={`/admin/shipments/${f.shipment.shipmentId}`} ff="monospace" size="sm">
            {f.shipment.trackingNumber}
          </Anchor>
          <ShipmentStatusBadge status={f.shipment.status} />
        </Group>
      )}
      <Group align="end" gap="xs" wrap="wrap">
        <Select
          label="Correct status to"
          placeholder={f.next.length ? 'Next status' : 'No move left'}
          data={f.next.map((n) => ({ value: n, label: words(n) }))}
          value={next}
          onChange={setNext}
          w={200}
        />
        <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} w={200} />
        <Button
          disabled={!next}
          loading={correcting.isLoading}
          onClick={async () => {
            if (!next) return;
            await correct(
              {
                fulfillmentId: f.fulfillmentId,
                status: next as Fulfillment['status'],
                ...(note && { note }),
              },
              { failure: 'Not changed: only support and admin correct, and only along the table' },
            );
            setNext(null);
          }}
        >
          Apply
        </Button>
      </Group>
    </Stack>
  );
}
