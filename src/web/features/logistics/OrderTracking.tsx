import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import { Alert, Badge, Card, Group, Loader, Progress, Stack, Text, Timeline, Title } from '@mantine/core';
import type { z } from 'zod';
import type { OrderDelivery } from '../../../contract/shipments';
import { dateTime } from '../../lib/format';
import { useOrderDeliveryQuery } from './logistics.api';
import { ShipmentStatusBadge, words } from './StatusBadges';

type Delivery = z.infer<typeof OrderDelivery>;
type Shipment = Delivery['shipments'][number];

const stateText: Record<Delivery['state'], string> = {
  not_shipped: 'Not shipped yet',
  partially_shipped: 'Partly on its way',
  shipped: 'On its way',
  partially_delivered: 'Partly delivered',
  delivered: 'Delivered',
};

/** The buyer's view of an order's delivery: each shipment with its tracking timeline. */
export function OrderTracking({ orderId }: { orderId: number }) {
  const { data, isLoading, isError } = useOrderDeliveryQuery(orderId);
  return (
    <Card withBorder mt="md" aria-label="Delivery">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          Delivery
        </Title>
        {data && (
          <Badge color={data.state === 'delivered' ? 'green' : 'blue'} variant="light">
            {stateText[data.state]}
          </Badge>
        )}
      </Group>
      {isLoading && <Loader size="sm" aria-label="Loading delivery" />}
      {isError && <Alert color="red">The delivery of this order cannot be shown.</Alert>}
      {data && (
        <>
          <Text size="sm" mb={4}>
            {data.units.delivered} of {data.units.ordered} tires delivered, {data.units.left} shipped
          </Text>
          <Progress
            value={data.units.ordered ? (100 * data.units.delivered) / data.units.ordered : 0}
            aria-label="Tires delivered"
            mb="md"
          />
          {data.shipments.length === 0 && (
            <Text size="sm" c="dimmed">
              The tires are being prepared; tracking appears here once a label is made.
            </Text>
          )}
          <Stack gap="lg">
            {data.shipments.map((s) => (
              <ShipmentTimeline key={s.shipmentId} shipment={s} />
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}

function ShipmentTimeline({ shipment: s }: { shipment: Shipment }) {
  return (
    <div>
      <Group justify="space-between" wrap="wrap" gap={4}>
        <Text fw={600} size="sm">
          {s.courier} {words(s.service)} · {s.trackingNumber}
        </Text>
        <ShipmentStatusBadge status={s.status} variant="outline" />
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {s.items.map((i) => `${i.quantity} × ${i.description}`).join(', ')}
        {s.expectedAt && ` · expected ${dateTime(s.expectedAt)}`}
      </Text>
      <Timeline active={s.events.length - 1} bulletSize={14} lineWidth={2}>
        {s.events.map((e) => (
          <Timeline.Item key={`${e.status}-${e.at}-${e.source}`} title={words(e.status)}>
            <Text size="xs" c="dimmed">
              {dateTime(e.at)}
              {e.location && ` · ${e.location}`}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </div>
  );
}
