import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
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
import { fulfillmentStatuses, isActiveLabel } from '../../../domain/shipping-status';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import {
  labelsUrl,
  useCorrectFulfillmentMutation,
  useFulfillmentQuery,
  useStaffFulfillmentsQuery,
} from './logistics.api';
import { FulfillmentBadge, ShipmentStatusBadge, words } from './StatusBadges';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { StatusListPage, useStatusListFilters } from '../../components/StatusListPage';

/** /admin/fulfillments: every supplier's fulfillments, filtered by status and order. */
export function FulfillmentsConsolePage() {
  const list = useStatusListFilters<Fulfillment['status']>();
  const answer = useStaffFulfillmentsQuery(list.query);
  return (
    <StatusListPage
      title="Fulfillments"
      noun="fulfillments"
      statuses={fulfillmentStatuses}
      statusLabel={words}
      filter="select"
      byOrder
      controls={list.controls}
      answer={answer}
      rows={{
        as: 'table',
        minWidth: 720,
        head: ['Fulfillment', 'Order', 'Status', 'From', 'To', 'Packages', 'Tracking'],
        rowKey: (f) => f.fulfillmentId,
        cells: (f) => (
          <>
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
          </>
        ),
      }}
    />
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
          <Badge variant="outline" color={isActiveLabel(l.status) ? 'blue' : 'gray'}>
            {l.status}
          </Badge>
          <Text size="sm" ff="monospace">
            {l.trackingNumber}
          </Text>
          <Text size="sm">
            {l.courier} {words(l.service)} · {money(l.rateCents)}
          </Text>
          {isActiveLabel(l.status) && (
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
