import '@mantine/core/styles/Table.layer.css';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import { EntityPicker, type Picker } from '../../components/EntityPicker';
import { StatusBadge } from './OrderBits';
import { useLineActionMutation, useRouteUnitsMutation } from './orders.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

/**
 * An order's lines at its suppliers with the actions each allows, and above them the units no
 * warehouse holds yet. The warehouses to route to are the inventory feature's (given by the page).
 */
export function SupplierLines({ order, warehouses }: { order: OrderDetail; warehouses: Picker }) {
  return (
    <>
      <UnroutedUnits order={order} warehouses={warehouses} />
      <SupplierLineTable order={order} />
    </>
  );
}

/**
 * Units no warehouse holds for the order (a supplier cancelled its line and no other warehouse
 * could fill it): staff send them to a warehouse of their choice (POST /order/{id}/sub).
 */
function UnroutedUnits({ order, warehouses: picker }: { order: OrderDetail; warehouses: Picker }) {
  const [warehouses, setWarehouses] = useState<Record<number, string | null>>({});
  const [route, { isLoading }] = useMutationWithToast(useRouteUnitsMutation());
  const unrouted = order.orderItems.filter((i) => i.unroutedQuantity > 0);
  if (unrouted.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm">
      {unrouted.map((i) => {
        const warehouseId = warehouses[i.orderItemId] ?? null;
        return (
          <Alert key={i.orderItemId} color="yellow" title="Not routed to a warehouse">
            <Text size="sm" mb="xs">
              {i.unroutedQuantity} × {i.makeName} {i.modelName} {i.size} ({i.skuCode})
            </Text>
            <Group align="flex-end" gap="xs">
              <EntityPicker
                source={picker}
                label="Warehouse"
                value={warehouseId}
                onChange={(v) => setWarehouses((w) => ({ ...w, [i.orderItemId]: v }))}
                w={280}
              />
              <Button
                disabled={!warehouseId}
                loading={isLoading}
                onClick={() =>
                  route({
                    id: order.orderId,
                    warehouseId: Number(warehouseId),
                    items: [{ orderItemId: i.orderItemId, quantity: i.unroutedQuantity }],
                  })
                }
              >
                Route {i.unroutedQuantity}
              </Button>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}

function SupplierLineTable({ order }: { order: OrderDetail }) {
  const [act, { isLoading }] = useMutationWithToast(useLineActionMutation());
  const labels = {
    sent: 'route',
    confirmed: 'confirm',
    exception: 'exception',
    cancelled: 'cancel',
    resent: 'resend',
  } as const;
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table aria-label="Supplier lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Supplier / warehouse</Table.Th>
            <Table.Th>Tire</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.subOrders.flatMap((s) =>
            s.lines.map((l) => (
              <Table.Tr key={l.supplierLineId}>
                <Table.Td>
                  {s.supplierName} · {s.warehouseName} ({s.warehouseZip})
                </Table.Td>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td>{l.quantity}</Table.Td>
                <Table.Td>
                  <StatusBadge status={l.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {l.nextStatuses
                      .filter((n) => n !== 'pending')
                      .map((n) => (
                        <Button
                          key={n}
                          size="xs"
                          variant="light"
                          loading={isLoading}
                          onClick={() =>
                            act({
                              o: order.orderId,
                              i: l.orderItemId,
                              s: s.supplierCompanyId,
                              action: labels[n as keyof typeof labels],
                            })
                          }
                        >
                          {labels[n as keyof typeof labels]}
                        </Button>
                      ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
