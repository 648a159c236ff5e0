import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { distributorOffers } from '../../../contract/distributors';
import type { Out } from '../../api/api';
import { money } from '../../lib/format';
import {
  useDistributorOffersQuery,
  useDistributorOrdersQuery,
  useSendToDistributorMutation,
} from './logistics.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

type Code = Item['offers'][number]['distributor'];

/**
 * Staff send an order's unrouted units (no warehouse could fill them) to a distributor, and see
 * the order's distributor orders (docs/logistics.md, "Distributors").
 */
export function DistributorPanel({
  orderId,
  skuOf,
}: {
  orderId: number;
  skuOf: (orderItemId: number) => string;
}) {
  const offers = useDistributorOffersQuery(orderId);
  const waiting = (offers.data?.list ?? []).filter((i) => i.unrouted > 0);
  return (
    <Stack gap="sm">
      {waiting.map((i) => (
        <SendRow key={i.orderItemId} orderId={orderId} item={i} sku={skuOf(i.orderItemId)} />
      ))}
      {offers.isError && (
        <Text size="sm" c="red" role="alert">
          Could not load what the distributors can send. Reload the page to try again.
        </Text>
      )}
      {offers.data && waiting.length === 0 && (
        <Text size="sm" c="dimmed">
          Every unit is with a warehouse or a distributor.
        </Text>
      )}
      <DistributorOrders orderId={orderId} />
    </Stack>
  );
}

type Item = Out<typeof distributorOffers>['list'][number];

function SendRow({ orderId, item, sku }: { orderId: number; item: Item; sku: string }) {
  const [send, { isLoading }] = useMutationWithToast(useSendToDistributorMutation());
  const usable = item.offers.filter((o) => o.available >= item.unrouted);
  const [choice, setChoice] = useState<string | null>(usable[0]?.distributor ?? null);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {item.unrouted} × {sku}
      </Text>
      {usable.length === 0 ? (
        <Text size="sm">No distributor has {item.unrouted} units of it.</Text>
      ) : (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label="Distributor"
            value={choice}
            onChange={setChoice}
            allowDeselect={false}
            w={280}
            data={usable.map((o) => ({
              value: o.distributor,
              label: `${o.distributorName} · ${money(o.unitCostCents)} each · ${o.leadDays} d · ${o.available} free`,
            }))}
          />
          <Button
            disabled={!choice}
            loading={isLoading}
            onClick={() =>
              send(
                {
                  id: orderId,
                  distributor: choice as Code,
                  items: [{ orderItemId: item.orderItemId, quantity: item.unrouted }],
                },
                { failure: (problem) => problem.message ?? 'The distributor refused it' },
              )
            }
          >
            Send {item.unrouted} to distributor
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DistributorOrders({ orderId }: { orderId: number }) {
  const lists = [
    useDistributorOrdersQuery({ distributor: 'tirewire', orderId }),
    useDistributorOrdersQuery({ distributor: 'rubberline', orderId }),
    useDistributorOrdersQuery({ distributor: 'wheelway', orderId }),
  ];
  const rows = lists.flatMap((l) => l.data?.list ?? []);
  if (!rows.length) return null;
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table aria-label="Distributor orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Distributor</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Units</Table.Th>
            <Table.Th>Cost</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tracking</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.distributorOrderId}>
              <Table.Td>
                {d.distributorName} ({d.shipFromCode})
                {d.autoRule && (
                  <Text size="xs" c="dimmed">
                    sent by the company's rule ({d.autoRule})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{d.reference}</Table.Td>
              <Table.Td>{d.lines.reduce((s, l) => s + l.quantity, 0)}</Table.Td>
              <Table.Td>{money(d.costCents)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{d.status}</Badge>
              </Table.Td>
              <Table.Td>{d.trackingNumber ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
