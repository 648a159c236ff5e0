import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderDetail } from '../../../../contract/order-shapes';
import { formatCents } from '../../../../domain/money';
import { PageTitle } from '../../../components/PageTitle';
import { EntityPicker } from '../../../features/admin/EntityPicker';
import { formatDate, OrderItemsTable, paymentText, StatusBadge } from '../../../features/orders/OrderBits';
import {
  useAddCommentMutation,
  useChangeStatusMutation,
  useLineActionMutation,
  useOrderCommandMutation,
  useRouteUnitsMutation,
  useSetTrackingMutation,
  useStaffOrderQuery,
} from '../../../features/orders/orders.api';
import { OrderPaymentActions } from './OrderPaymentActions';

const failed = (res: object) => {
  if ('error' in res) {
    const e = res.error as { message?: string };
    notifications.show({ color: 'red', message: e.message ?? 'That change is not allowed' });
  }
};

/**
 * Units no warehouse holds for the order (a supplier cancelled its line and no other warehouse
 * could fill it): staff send them to a warehouse of their choice (POST /order/{id}/sub).
 */
function UnroutedUnits({ order }: { order: OrderDetail }) {
  const [warehouses, setWarehouses] = useState<Record<number, string | null>>({});
  const [route, { isLoading }] = useRouteUnitsMutation();
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
                source="warehouse"
                label="Warehouse"
                value={warehouseId}
                onChange={(v) => setWarehouses((w) => ({ ...w, [i.orderItemId]: v }))}
                w={280}
              />
              <Button
                disabled={!warehouseId}
                loading={isLoading}
                onClick={async () =>
                  failed(
                    await route({
                      id: order.orderId,
                      warehouseId: Number(warehouseId),
                      items: [{ orderItemId: i.orderItemId, quantity: i.unroutedQuantity }],
                    }),
                  )
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

function SupplierLines({ order }: { order: OrderDetail }) {
  const [act, { isLoading }] = useLineActionMutation();
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
                          onClick={async () =>
                            failed(
                              await act({
                                o: order.orderId,
                                i: l.orderItemId,
                                s: s.supplierCompanyId,
                                action: labels[n as keyof typeof labels],
                              }),
                            )
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

function StatusPanel({ order }: { order: OrderDetail }) {
  const [change, { isLoading }] = useChangeStatusMutation();
  const [command, { isLoading: busy }] = useOrderCommandMutation();
  const [tracking, { isLoading: saving }] = useSetTrackingMutation();
  const [next, setNext] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [track, setTrack] = useState(order.trackingNumber ?? '');
  const run = async (c: 'submit' | 'cancel') =>
    failed(await command({ id: order.orderId, command: c, note: note || undefined }));
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
          onClick={async () =>
            next &&
            failed(
              await change({
                id: order.orderId,
                status: next as OrderDetail['status'],
                note: note || undefined,
              }),
            )
          }
        >
          Apply
        </Button>
        <Button size="xs" variant="light" loading={busy} onClick={() => run('submit')}>
          Send to suppliers
        </Button>
        {order.nextStatuses.includes('cancelled') && (
          <Button size="xs" variant="light" color="red" loading={busy} onClick={() => run('cancel')}>
            Cancel order
          </Button>
        )}
      </Group>
      <Group align="end">
        <TextInput label="Tracking number" value={track} onChange={(e) => setTrack(e.currentTarget.value)} />
        <Button
          size="xs"
          variant="default"
          loading={saving}
          onClick={async () => failed(await tracking({ id: order.orderId, trackingNumber: track }))}
        >
          Save
        </Button>
      </Group>
      <Anchor href={`/api/v1/order/${order.orderId}/invoice`} target="_blank">
        Invoice (PDF)
      </Anchor>
    </Stack>
  );
}

function Comments({ order }: { order: OrderDetail }) {
  const [add, { isLoading }] = useAddCommentMutation();
  const [body, setBody] = useState('');
  return (
    <Stack gap="xs">
      {order.comments.map((c) => (
        <Text key={c.commentId} size="sm">
          <b>{c.userName}</b> {formatDate(c.createdAt)}: {c.body}
        </Text>
      ))}
      <Textarea aria-label="New comment" value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      <Button
        size="xs"
        disabled={!body.trim()}
        loading={isLoading}
        onClick={async () => {
          failed(await add({ id: order.orderId, body }));
          setBody('');
        }}
      >
        Add comment
      </Button>
    </Stack>
  );
}

/** /admin/orders/:id: items, supplier lines and their actions, status, payments, comments, log, invoice. */
export function AdminOrderPage() {
  const id = Number(useParams().id);
  const { data: order, isLoading, isError } = useStaffOrderQuery(id);
  return (
    <>
      <PageTitle title={order ? `Order ${order.number} · ${order.companyName}` : 'Order'}>
        <Button component={Link} to="/admin/orders" variant="default">
          All orders
        </Button>
      </PageTitle>
      {isLoading && <Loader aria-label="Loading order" />}
      {isError && <Alert color="red">This order cannot be shown.</Alert>}
      {order && (
        // Beside the console navigation the page is narrow: the status panel goes above the
        // tables until the screen is wide enough for both columns, so nothing is squeezed or clipped.
        <Grid>
          <Grid.Col span={{ base: 12, xl: 8 }} order={{ base: 2, xl: 1 }}>
            <Card withBorder mb="md">
              <OrderItemsTable order={order} />
            </Card>
            <Card withBorder mb="md">
              <Title order={2} size="h4" mb="sm">
                Suppliers
              </Title>
              <UnroutedUnits order={order} />
              <SupplierLines order={order} />
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Log
              </Title>
              {order.log.map((e) => (
                <Text key={`${e.at}-${e.to}-${e.supplierLineId ?? 0}`} size="sm">
                  {formatDate(e.at)} {e.userName ?? 'system'}:{' '}
                  {e.supplierLineId ? `line ${e.supplierLineId} ` : ''}
                  {e.from ?? '—'} → {e.to}
                  {e.note ? ` (${e.note})` : ''}
                </Text>
              ))}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: 1, xl: 2 }}>
            <Card withBorder mb="md">
              <StatusPanel order={order} />
            </Card>
            <Card withBorder mb="md">
              <Title order={2} size="h4" mb="sm">
                Payments
              </Title>
              {order.payments.length === 0 && (
                <Text size="sm" c="dimmed">
                  No payment yet.
                </Text>
              )}
              {order.payments.map((p) => (
                <Text key={p.paymentId} size="sm">
                  {p.provider} {p.status} {formatCents(p.amountCents)} · {p.reference}
                </Text>
              ))}
              <OrderPaymentActions order={order} />
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Comments
              </Title>
              <Comments order={order} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
