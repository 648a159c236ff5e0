import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { awaitsAppointment, isMounted, isOpenInstallerOrder } from '../../../domain/installer-status';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { InstallerOrder, updateInstallerOrder } from '../../../contract/installer';
import type { ApiFailure, BodyOf } from '../../api/api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { dateTime, money } from '../../lib/format';
import { statusColor, words } from './installer-words';

/** An ISO time as the value of a datetime-local input, in the browser's time zone. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The mounting labour in dollars and cents (sent as `labourCents`). */
export function LabourInput(props: {
  label: string;
  value: number | string;
  onChange: (v: number | string) => void;
  error?: string;
}) {
  return <NumberInput min={0} decimalScale={2} fixedDecimalScale w={200} {...props} />;
}

export type InstallerOrderChange = BodyOf<typeof updateInstallerOrder>;
/** Sends a change of the order: the installer's update, or the staff's correction. */
export type SendInstallerChange = (change: InstallerOrderChange) => { unwrap: () => Promise<unknown> };
/** Sends a change and reports it (a notification, or the error under the fields); the console's corrections use it too. */
export type Send = (change: Omit<InstallerOrderChange, 'orderId'>, done: string) => Promise<void>;

/**
 * One installer order: customer, vehicle, tires and shipment, the next steps along the table
 * when `update` is given (the installer's bay, or support correcting it) and its history.
 * Without `update` it is read-only. `extra` renders more actions (the console's corrections).
 */
export function InstallerOrderDetail({
  order: o,
  update,
  busy: isLoading = false,
  extra,
}: {
  order: InstallerOrder;
  update?: SendInstallerChange;
  busy?: boolean;
  extra?: (send: Send, fieldError: (field: string) => string | undefined) => ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [appointment, setAppointment] = useState(localInput(o.appointmentAt));
  const [vehicle, setVehicle] = useState(o.vehicle ?? '');
  const [labour, setLabour] = useState<number | string>(o.labourCents ? o.labourCents / 100 : '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened order takes the focus.
  useEffect(() => {
    heading.current?.focus();
    setError(null);
  }, [o.orderId]);
  useEffect(() => {
    setAppointment(localInput(o.appointmentAt));
    setVehicle(o.vehicle ?? '');
    setLabour(o.labourCents ? o.labourCents / 100 : '');
  }, [o.appointmentAt, o.vehicle, o.labourCents]);

  const send: Send = async (change, done) => {
    if (!update) return;
    setError(null);
    // A neutral notice when it went through; a refusal is shown under the fields it names.
    const res = await toastOutcome(update({ orderId: o.orderId, ...change }), {
      success: `Order ${o.orderNumber}: ${done}`,
      successColor: null,
      failure: null,
    });
    if (!res.ok) setError(res.problem);
  };
  const fieldError = (field: string) => error?.errors?.find((e) => e.pointer === `/body/${field}`)?.detail;
  const can = (s: InstallerOrder['status']) => o.next.includes(s);
  const open = isOpenInstallerOrder(o.status);

  return (
    <Card withBorder component="section" aria-label={`Order ${o.orderNumber}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          Order {o.orderNumber}
        </Title>
        <Badge size="lg" variant="light" color={statusColor(o.status)}>
          {words(o.status)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Placed {dateTime(o.placedAt)} · order {words(o.orderStatus)} · to {o.installerLocationName}
      </Text>

      <Stack gap={2} mb="sm">
        <Text fw={600}>{o.customer.companyName}</Text>
        <Text size="sm">
          {o.customer.contactName}
          {o.customer.locationName ? ` · ${o.customer.locationName}` : ''}
        </Text>
        {(o.customer.email || o.customer.phone) && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {[o.customer.email, o.customer.phone].filter(Boolean).join(' · ')}
          </Text>
        )}
        {o.customer.poNumber && <Text size="sm">PO {o.customer.poNumber}</Text>}
        <Text size="sm">Vehicle: {o.vehicle ?? 'not known yet'}</Text>
      </Stack>

      <Table.ScrollContainer minWidth={300} mb="sm">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tire</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Delivered</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.tires.map((t) => (
              <Table.Tr key={t.orderItemId}>
                <Table.Td>
                  {t.description}
                  <Text size="xs" c="dimmed">
                    {t.skuCode}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{t.quantity}</Table.Td>
                <Table.Td ta="right">{t.delivered}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" mb="md">
        Shipment: <b>{words(o.shipment.state)}</b> ({o.shipment.unitsDelivered} of {o.shipment.unitsOrdered}{' '}
        tires delivered)
        {o.receivedAt ? ` · received ${dateTime(o.receivedAt)}` : ''}
        {o.mountedAt ? ` · mounted ${dateTime(o.mountedAt)}` : ''}
      </Text>

      {error && !error.errors?.length && (
        <Alert color="red" mb="sm">
          {error.message}
        </Alert>
      )}

      {update && open && o.next.length > 0 && (
        <Stack gap="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const at = appointment ? new Date(appointment).toISOString() : null;
              void send(
                {
                  appointmentAt: at,
                  vehicle: vehicle || null,
                  ...(awaitsAppointment(o.status) && { status: 'scheduled' }),
                },
                'appointment saved',
              );
            }}
          >
            <Group align="end" wrap="wrap" gap="sm">
              <TextInput
                type="datetime-local"
                label="Appointment"
                value={appointment}
                onChange={(e) => setAppointment(e.currentTarget.value)}
                error={fieldError('appointmentAt')}
              />
              <TextInput
                label="Vehicle"
                placeholder="Year, make, model"
                value={vehicle}
                onChange={(e) => setVehicle(e.currentTarget.value)}
                error={fieldError('vehicle')}
              />
              <Button type="submit" variant="light" loading={isLoading}>
                Save appointment
              </Button>
            </Group>
          </form>
          <Group wrap="wrap" gap="sm" align="end">
            {can('received') && (
              <Button onClick={() => send({ status: 'received' }, 'tires received')} loading={isLoading}>
                Mark tires received
              </Button>
            )}
            {can('cancelled') && (
              <ConfirmButton
                variant="subtle"
                color="red"
                title={`Cancel the installation of order ${o.orderNumber}?`}
                message="The order stays with the shop; only this bay's appointment ends."
                confirmLabel="Cancel installation"
                onConfirm={() => send({ status: 'cancelled' }, 'installation cancelled')}
              >
                Cancel installation
              </ConfirmButton>
            )}
          </Group>
          {can('mounted') && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const cents = typeof labour === 'number' ? Math.round(labour * 100) : undefined;
                void send({ status: 'mounted', labourCents: cents }, 'tires mounted');
              }}
            >
              <Group align="end" wrap="wrap" gap="sm">
                <LabourInput
                  label="Mounting labour ($)"
                  value={labour}
                  onChange={setLabour}
                  error={fieldError('labourCents')}
                />
                <Button type="submit" color="green" loading={isLoading}>
                  Mark mounted
                </Button>
              </Group>
            </form>
          )}
        </Stack>
      )}
      {isMounted(o.status) && <Text size="sm">Mounting labour for the bill run: {money(o.labourCents)}</Text>}
      {update && extra?.(send, fieldError)}

      {o.log.length > 0 && (
        <Stack gap={2} mt="md" component="ol" style={{ paddingLeft: 18, margin: 0 }} aria-label="History">
          {o.log.map((l) => (
            <Text component="li" size="sm" key={`${l.at}-${l.toStatus}`}>
              {dateTime(l.at)}: {words(l.toStatus)}
              {l.by ? ` by ${l.by}` : ''}
              {l.note ? ` · ${l.note}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}
