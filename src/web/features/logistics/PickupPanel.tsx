import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { couriers } from '../../../domain/shipping';
import { isScheduledPickup } from '../../../domain/shipping-status';
import {
  useCancelPickupMutation,
  usePickupAvailabilityQuery,
  useSchedulePickupMutation,
} from './logistics.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

type Courier = (typeof couriers)[number];

/** A window in the warehouse's own time zone: "Mon, Nov 30, 9:00 AM – 12:00 PM CST". */
export function windowText(start: string, end: string, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(start))
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${day.format(new Date(start))}, ${time.format(new Date(start))} – ${time.format(new Date(end))} ${zone ?? ''}`;
}

/**
 * Courier pickups at one of the supplier's warehouses: the offered windows (shown in the
 * warehouse's local time), book one, cancel a booked one before it starts.
 */
export function PickupPanel({ warehouses }: { warehouses: { id: number; name: string }[] }) {
  const [chosen, setWarehouseId] = useState<number | null>(null);
  // The list arrives after the first render: the first warehouse until one is chosen.
  const warehouseId = chosen ?? warehouses[0]?.id ?? null;
  const [courier, setCourier] = useState<Courier>(couriers[0]);
  const { data, isLoading, isError } = usePickupAvailabilityQuery(
    { warehouseId: warehouseId ?? 0, courier },
    { skip: !warehouseId },
  );
  const [book, booking] = useMutationWithToast(useSchedulePickupMutation());
  const [cancel, cancelling] = useMutationWithToast(useCancelPickupMutation());
  const [windowStart, setWindowStart] = useState<string | null>(null);
  if (!warehouses.length) return null;
  const tz = data?.timeZone ?? 'UTC';
  const open = data?.list.filter((w) => w.available) ?? [];
  const submit = async () => {
    if (!warehouseId || !windowStart) return;
    const booked = await book(
      { warehouseId, courier, windowStart },
      {
        success: (r) => `Pickup booked: ${r.data.confirmation}`,
        successColor: null,
        failure: 'That window could not be booked; choose another',
      },
    );
    if (booked.ok) setWindowStart(null);
  };
  return (
    <section aria-label="Pickups">
      <Title order={2} size="h4" mb="xs" mt="lg">
        Pickups
      </Title>
      <Stack gap="xs">
        <Group align="end" gap="xs" wrap="wrap">
          {warehouses.length > 1 && (
            <Select
              label="Warehouse"
              data={warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
              value={warehouseId ? String(warehouseId) : null}
              onChange={(v) => v && setWarehouseId(Number(v))}
              allowDeselect={false}
              w={220}
            />
          )}
          <SegmentedControl
            aria-label="Courier"
            data={couriers.map((c) => ({ value: c, label: c }))}
            value={courier}
            onChange={(v) => {
              setCourier(v as Courier);
              setWindowStart(null);
            }}
          />
        </Group>
        {isLoading && <Loader size="sm" aria-label="Loading pickup windows" />}
        {isError && <Alert color="red">Pickup windows could not be loaded.</Alert>}
        {data && (
          <>
            <Text size="sm" c="dimmed">
              Times at {data.warehouseName} ({tz.replace('_', ' ')})
            </Text>
            <Group align="end" gap="xs" wrap="wrap">
              <Select
                label="Pickup window"
                placeholder={open.length ? 'Choose a window' : 'No window free'}
                data={open.map((w) => ({
                  value: w.windowStart,
                  label: windowText(w.windowStart, w.windowEnd, tz),
                }))}
                value={windowStart}
                onChange={setWindowStart}
                style={{ flex: 1, minWidth: 240, maxWidth: 420 }}
              />
              <Button onClick={submit} disabled={!windowStart} loading={booking.isLoading}>
                Book pickup
              </Button>
            </Group>
            <Stack gap={4} aria-label="Booked pickups">
              {data.scheduled
                .filter((p) => isScheduledPickup(p.status))
                .map((p) => (
                  <Group key={p.pickupId} gap="xs" wrap="wrap" data-testid="booked-pickup">
                    <Badge variant="light">{p.courier}</Badge>
                    <Text size="sm">{windowText(p.windowStart, p.windowEnd, tz)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p.confirmation} · {p.packages} pkg
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      loading={cancelling.isLoading}
                      onClick={() =>
                        cancel(p.pickupId, { failure: 'This pickup can no longer be cancelled' })
                      }
                    >
                      Cancel pickup
                    </Button>
                  </Group>
                ))}
            </Stack>
          </>
        )}
      </Stack>
    </section>
  );
}
