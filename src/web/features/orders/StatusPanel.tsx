import '@mantine/core/styles/Combobox.layer.css';
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import { paymentText, StatusBadge } from './OrderBits';
import { leftToSend } from './order-sending';
import { useChangeStatusMutation, useOrderCommandMutation, useRedirectOrderMutation } from './orders.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

/** The order's status and what it may move to, the commands, tracking and the invoice. */
export function StatusPanel({ order }: { order: OrderDetail }) {
  const [change, { isLoading }] = useMutationWithToast(useChangeStatusMutation());
  const [command, { isLoading: busy }] = useMutationWithToast(useOrderCommandMutation());
  const [redirect, { isLoading: saving }] = useMutationWithToast(useRedirectOrderMutation());
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [to, setTo] = useState({ name: '', address1: '', city: '', state: '', zip: '' });
  const field = (k: keyof typeof to, label: string, w?: number) => (
    <TextInput
      size="xs"
      label={label}
      w={w}
      value={to[k]}
      onChange={(e) => setTo({ ...to, [k]: e.currentTarget.value })}
    />
  );
  const { pendingLines, unroutedUnits } = leftToSend(order);
  const run = (c: 'submit' | 'cancel') => command({ id: order.orderId, command: c, note: note || undefined });
  return (
    <Stack gap="xs">
      <Group>
        <StatusBadge status={order.status} />
        <Text size="sm">
          For {order.buyerName} · placed by {order.placedByName ?? `${order.buyerName} (checkout)`}
        </Text>
        <Text size="sm">Payment: {paymentText(order.paymentMethod, order.paymentStatus)}</Text>
      </Group>
      <Select label="Change status to" data={order.nextStatuses} value={next} onChange={setNext} maw={480} />
      <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maw={480} />
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!next}
          loading={isLoading}
          onClick={() =>
            next &&
            change({
              id: order.orderId,
              status: next as OrderDetail['status'],
              note: note || undefined,
            })
          }
        >
          Apply
        </Button>
        {pendingLines > 0 && (
          <Button size="xs" variant="light" loading={busy} onClick={() => run('submit')}>
            Send to suppliers ({pendingLines} {pendingLines === 1 ? 'line' : 'lines'})
          </Button>
        )}
        {order.nextStatuses.includes('cancelled') && (
          <Button size="xs" variant="light" color="red" loading={busy} onClick={() => run('cancel')}>
            Cancel order
          </Button>
        )}
      </Group>
      {unroutedUnits > 0 && (
        <Text size="sm" c="orange.8">
          {unroutedUnits} {unroutedUnits === 1 ? 'unit has' : 'units have'} no warehouse: route{' '}
          {unroutedUnits === 1 ? 'it' : 'them'} under Suppliers or send {unroutedUnits === 1 ? 'it' : 'them'}{' '}
          to a distributor.
        </Text>
      )}
      <Group align="end" gap="xs" wrap="wrap">
        {field('name', 'Redirect to (name)')}
        {field('address1', 'Street')}
        {field('city', 'City', 120)}
        {field('state', 'State', 60)}
        {field('zip', 'ZIP', 80)}
        <Button
          size="xs"
          variant="default"
          loading={saving}
          onClick={() => redirect({ id: order.orderId, kind: 'address', address: to })}
        >
          Redirect
        </Button>
        <Button
          size="xs"
          variant="subtle"
          loading={saving}
          onClick={() => redirect({ id: order.orderId, kind: 'location' })}
        >
          To its location
        </Button>
      </Group>
      <Anchor href={`/api/v1/order/${order.orderId}/invoice`} target="_blank">
        Invoice (PDF)
      </Anchor>
    </Stack>
  );
}
