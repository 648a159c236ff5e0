import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Shipment } from '../../../contract/shipments';
import { canVoidShipment, shipmentStatuses } from '../../../domain/shipping-status';
import { ShipmentStatusBadge, words } from './StatusBadges';
import { PageTitle } from '../../components/PageTitle';
import {
  useChangeShipmentStatusMutation,
  useShipmentActionMutation,
  useShipmentListQuery,
  useShipmentQuery,
} from './logistics.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { StatusListPage, useStatusListFilters } from '../../components/StatusListPage';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/shipments: every shipment, filtered by status and order, newest first. */
export function ShipmentsConsolePage() {
  const list = useStatusListFilters<Shipment['status']>();
  const answer = useShipmentListQuery(list.query);
  return (
    <StatusListPage
      title="Shipments"
      noun="shipments"
      statuses={shipmentStatuses}
      statusLabel={words}
      filter="select"
      byOrder
      controls={list.controls}
      answer={answer}
      rows={{
        as: 'table',
        minWidth: 720,
        head: ['Tracking', 'Order', 'Status', 'Courier', 'Route', 'Expected'],
        rowKey: (s) => s.shipmentId,
        cells: (s) => (
          <>
            <Table.Td>
              <Anchor component={Link} to={String(s.shipmentId)} ff="monospace">
                {s.trackingNumber}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/admin/orders/${s.orderId}`}>
                {s.orderNumber}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <ShipmentStatusBadge status={s.status} />
            </Table.Td>
            <Table.Td>
              {s.courier} {words(s.service)}
            </Table.Td>
            <Table.Td>
              {s.shipFromZip} → {s.shipToZip}
            </Table.Td>
            <Table.Td>
              {s.deliveredAt ? `delivered ${when(s.deliveredAt)}` : s.expectedAt ? when(s.expectedAt) : '—'}
            </Table.Td>
          </>
        ),
      }}
    />
  );
}

/** /admin/shipments/:id: one shipment, its units and tracking timeline, and support's actions. */
export function ShipmentDetailPage() {
  const id = Number(useParams().id);
  const { data, isLoading, isError } = useShipmentQuery(id);
  if (isLoading) return <Loader aria-label="Loading shipment" />;
  if (isError || !data) return <Alert color="red">This shipment could not be loaded.</Alert>;
  const s = data.data;
  return (
    <Stack gap="sm">
      <PageTitle title={`Shipment ${s.trackingNumber}`} />
      <Group gap="xs" wrap="wrap">
        <ShipmentStatusBadge status={s.status} />
        <Text size="sm">
          Order{' '}
          <Anchor component={Link} to={`/admin/orders/${s.orderId}`}>
            {s.orderNumber}
          </Anchor>{' '}
          · {s.courier} {words(s.service)} · {s.shipFromZip} → {s.shipToZip}
          {s.fulfillmentId && (
            <>
              {' '}
              ·{' '}
              <Anchor component={Link} to={`/admin/fulfillments/${s.fulfillmentId}`}>
                fulfillment {s.fulfillmentId}
              </Anchor>
            </>
          )}
        </Text>
      </Group>
      <Stack gap={2}>
        {s.items.map((i) => (
          <Text size="sm" key={i.orderItemId}>
            {i.quantity} × {i.description}
          </Text>
        ))}
      </Stack>
      <StatusActions s={s} />
      <Title order={2} size="h4">
        Timeline
      </Title>
      <Timeline active={s.events.length - 1} bulletSize={14} lineWidth={2} aria-label="Tracking timeline">
        {s.events.map((e) => (
          <Timeline.Item key={`${e.at}-${e.status}-${e.source}`} title={words(e.status)}>
            <Text size="xs" c="dimmed">
              {when(e.at)}
              {e.location && ` · ${e.location}`} · {e.source}
            </Text>
            {e.note && <Text size="sm">{e.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

function StatusActions({ s }: { s: Shipment }) {
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [change, changing] = useMutationWithToast(useChangeShipmentStatusMutation());
  const [act, acting] = useMutationWithToast(useShipmentActionMutation());
  const movedOn = { failure: 'Not done: the shipment has moved on; reload' };
  return (
    <Group align="end" gap="xs" wrap="wrap">
      <Select
        label="Move to"
        placeholder={s.next.length ? 'Next status' : 'No move left'}
        data={s.next.map((n) => ({ value: n, label: words(n) }))}
        value={next}
        onChange={setNext}
        w={200}
      />
      <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} w={200} />
      <Button
        disabled={!next}
        loading={changing.isLoading}
        onClick={async () => {
          if (!next) return;
          await change(
            { id: s.shipmentId, status: next as Shipment['status'], ...(note && { note }) },
            movedOn,
          );
          setNext(null);
        }}
      >
        Apply
      </Button>
      <Button
        variant="default"
        loading={acting.isLoading}
        onClick={() => act({ id: s.shipmentId, action: 'refresh' }, movedOn)}
      >
        Refresh scans
      </Button>
      {canVoidShipment(s.status) && (
        <Button
          variant="subtle"
          color="red"
          loading={acting.isLoading}
          onClick={() => act({ id: s.shipmentId, action: 'void', ...(note && { note }) }, movedOn)}
        >
          Void label
        </Button>
      )}
    </Group>
  );
}
