import type { ReactNode } from 'react';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { OrderDetail } from '../../../contract/order-shapes';
import { netUnitCents } from '../../../domain/money';
import { money } from '../../lib/format';
import { usePhone } from '../../lib/media-query';
import { groupSets } from '../../lib/line-sets';
import { LandedTotals, ratePercent } from '../../components/LandedTotals';

const colors: Record<string, string> = {
  awaiting_approval: 'grape',
  placed: 'blue',
  processing: 'indigo',
  partially_shipped: 'cyan',
  shipped: 'teal',
  delivered: 'green',
  completed: 'green',
  cancelled: 'gray',
  on_hold: 'orange',
  confirmed: 'green',
  exception: 'red',
  sent: 'indigo',
  resent: 'indigo',
  pending: 'yellow',
};

/** A status in colour. It never shrinks below its text: a squeezed table column scrolls instead of clipping it. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light" miw="max-content">
      {status.replaceAll('_', ' ')}
    </Badge>
  );
}

const methodNames: Record<string, string> = {
  card: 'Card',
  account: 'On account',
  finpay: 'Financing (finpay)',
  hostedpay: 'Hosted checkout (hostedpay)',
  coinpay: 'Crypto (coinpay)',
};

/** "Crypto (coinpay) · pending": how an order is paid, in words. */
export const paymentText = (method: string | null, status: string) =>
  `${method ? (methodNames[method] ?? method) : 'Not chosen'} · ${status.replace('_', ' ')}`;

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

/** Per tire excise tax and state fee of a line, and its tax: what the invoice lists beside the tires. */
function lineTaxes(i: OrderDetail['orderItems'][number]) {
  const parts = [
    i.fetUnitCents > 0 && `FET ${money(i.fetUnitCents)}`,
    i.tireFeeUnitCents > 0 && `fee ${money(i.tireFeeUnitCents)}`,
    i.servicesUnitCents > 0 && `installation ${money(i.servicesUnitCents)}`,
  ].filter(Boolean);
  return parts.length ? `+ ${parts.join(' + ')} / tire` : '';
}

/** Where the order is taxed: the state and rate, or the certificate that exempted it. */
export function TaxNote({ order }: { order: OrderDetail }) {
  const { tax } = order;
  if (tax.certificate)
    return (
      <Text size="sm" data-testid="tax-note">
        Tax exempt in {tax.state}: {tax.certificate.kind} certificate {tax.certificate.number}
      </Text>
    );
  if (!tax.state) return null;
  return (
    <Text size="sm" data-testid="tax-note">
      Taxed in {tax.state} at {ratePercent(tax.ratePpm)}
    </Text>
  );
}

type Item = OrderDetail['orderItems'][number];

/** A line's tire: its line and size, or within a set which half it is. */
function itemTitle(i: Item) {
  if (i.set)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>{i.set.position === 'front' ? 'Front' : 'Rear'}</b> {i.size}
      </Text>
    );
  return (
    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {i.makeName} {i.modelName} {i.size}
    </Text>
  );
}

/** What heads a staggered set on an order: its tire line, and that it is broken once a return took part of it. */
function SetHeading({ front }: { front: Item }) {
  const broken = front.set?.brokenNote;
  return (
    <Group gap={6} wrap="wrap" data-testid="order-set">
      <Badge variant="light" color="grape">
        Staggered set
      </Badge>
      <Text fw={600} size="sm">
        {front.makeName} {front.modelName}
      </Text>
      {broken && (
        <Badge variant="light" color="orange" miw="max-content">
          Set broken: {broken}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The items of an order with prices, each line's fees and tax, and the landed totals: a table, or
 * on a phone a list of lines (nothing scrolls sideways). A staggered set's two lines stand
 * together under its heading (docs/fleet.md, "Staggered sets").
 */
export function OrderItemsTable({
  order,
  renderLineExtra,
}: {
  order: OrderDetail;
  /** More about a line, under its SKU (the DOT codes its tires were taken from). */
  renderLineExtra?: (orderItemId: number) => ReactNode;
}) {
  const phone = usePhone();
  const groups = groupSets(order.orderItems);
  const totals = (
    <LandedTotals totals={order.totals} tax={order.tax} installer={order.delivery.kind === 'installer'} />
  );
  if (phone) {
    const block = (i: Item) => (
      <div key={i.orderItemId}>
        {itemTitle(i)}
        <Text size="xs" c="dimmed">
          {i.skuCode}
        </Text>
        {renderLineExtra?.(i.orderItemId)}
        <Group justify="space-between" mt={4} wrap="nowrap" align="end">
          <Text size="sm">
            {i.orderItemQuantity} × {money(netUnitCents(i))}
            {i.orderItemRoadHazard ? ` + road hazard ${money(i.roadHazardUnitCents)}` : ''}
          </Text>
          <Text fw={600} size="sm">
            {money(i.lineTotalCents)}
          </Text>
        </Group>
        {(lineTaxes(i) || i.taxCents > 0) && (
          <Text size="xs" c="dimmed">
            {lineTaxes(i)} {i.taxCents > 0 ? `· tax ${money(i.taxCents)}` : ''}
          </Text>
        )}
      </div>
    );
    return (
      <Stack gap="xs">
        <Stack gap="xs" role="list" aria-label="Order items">
          {groups.map((g) =>
            g.kind === 'line' ? (
              <Paper key={g.line.orderItemId} withBorder p="sm" role="listitem">
                {block(g.line)}
              </Paper>
            ) : (
              <Paper key={`set-${g.setId}`} withBorder p="sm" role="listitem">
                <SetHeading front={g.front} />
                <Stack
                  gap="xs"
                  mt="xs"
                  pl="sm"
                  style={{ borderLeft: '3px solid var(--mantine-color-grape-3)' }}
                >
                  {block(g.front)}
                  {block(g.rear)}
                </Stack>
              </Paper>
            ),
          )}
        </Stack>
        {totals}
      </Stack>
    );
  }
  const row = (i: Item, inSet: boolean) => (
    <Table.Tr key={i.orderItemId}>
      <Table.Td pl={inSet ? 'xl' : undefined}>
        {itemTitle(i)}
        <Text size="xs" c="dimmed">
          {i.skuCode}
        </Text>
        {renderLineExtra?.(i.orderItemId)}
      </Table.Td>
      <Table.Td>{i.orderItemQuantity}</Table.Td>
      <Table.Td>{money(netUnitCents(i))}</Table.Td>
      <Table.Td>{i.orderItemRoadHazard ? money(i.roadHazardUnitCents) : '—'}</Table.Td>
      <Table.Td>
        <Text size="sm">{lineTaxes(i) || '—'}</Text>
      </Table.Td>
      <Table.Td ta="right">{money(i.taxCents)}</Table.Td>
      <Table.Td ta="right">{money(i.lineTotalCents)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={640} type="native">
        <Table aria-label="Order items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tire</Table.Th>
              <Table.Th>Qty</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Road hazard</Table.Th>
              <Table.Th>FET / fee</Table.Th>
              <Table.Th ta="right">Tax</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.map((g) =>
            g.kind === 'line' ? (
              <Table.Tbody key={g.line.orderItemId}>{row(g.line, false)}</Table.Tbody>
            ) : (
              <Table.Tbody key={`set-${g.setId}`}>
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <SetHeading front={g.front} />
                  </Table.Td>
                </Table.Tr>
                {row(g.front, true)}
                {row(g.rear, true)}
              </Table.Tbody>
            ),
          )}
        </Table>
      </Table.ScrollContainer>
      {totals}
    </Stack>
  );
}

/** Every status move of the order and its lines, oldest first. */
export function OrderLog({ order }: { order: OrderDetail }) {
  return order.log.map((e) => (
    <Text key={`${e.at}-${e.to}-${e.supplierLineId ?? 0}`} size="sm">
      {formatDate(e.at)} {e.userName ?? 'system'}: {e.supplierLineId ? `line ${e.supplierLineId} ` : ''}
      {e.from ?? '—'} → {e.to}
      {e.note ? ` (${e.note})` : ''}
    </Text>
  ));
}

/** The payments taken on the order so far. */
export function OrderPayments({ order }: { order: OrderDetail }) {
  if (order.payments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No payment yet.
      </Text>
    );
  return order.payments.map((p) => (
    <Text key={p.paymentId} size="sm">
      {p.provider} {p.status} {money(p.amountCents)} · {p.reference}
    </Text>
  ));
}
