import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { ActionIcon, Badge, Group, NumberInput, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { Cart } from '../../../contract/order-shapes';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { putCart } from './cart.slice';
import { money } from '../../lib/format';
import { LandedTotals } from '../../components/LandedTotals';
import { usePhone } from '../../lib/media-query';
import { groupSets } from '../../lib/line-sets';

type Line = Cart['orderItems'][number];
type Change = { orderItemQuantity?: number; orderItemRoadHazard?: boolean };
/** Sends a change of a line; answers whether the server took it. */
type Update = (id: number, change: Change) => Promise<boolean>;

/**
 * The quantity of a line as typed, sent when the field is left. The field shows the cart's
 * quantity again when the server refuses the new one (a 409: not that many available), so the
 * field and the totals beside it are always those of the same cart.
 */
function QuantityField({ i, busy, update }: { i: Line; busy: boolean; update: Update }) {
  const [draft, setDraft] = useState<number | string>(i.orderItemQuantity);
  useEffect(() => setDraft(i.orderItemQuantity), [i.orderItemQuantity]);
  return (
    <NumberInput
      aria-label={`Quantity of ${i.skuCode}`}
      value={draft}
      onChange={setDraft}
      min={1}
      max={999}
      allowDecimal={false}
      w={90}
      disabled={busy}
      onBlur={async (e) => {
        const q = Number(e.currentTarget.value);
        if (!Number.isInteger(q) || q <= 0) setDraft(i.orderItemQuantity);
        else if (q !== i.orderItemQuantity && !(await update(i.orderItemId, { orderItemQuantity: q })))
          setDraft(i.orderItemQuantity);
      }}
    />
  );
}

/** What a line carries beside its tires: per tire excise tax, the state's fee, installer services; its tax. */
export function LineCharges({ i }: { i: Line }) {
  const parts: string[] = [];
  if (i.fetUnitCents > 0) parts.push(`FET ${money(i.fetUnitCents)}`);
  if (i.tireFeeUnitCents > 0) parts.push(`tire fee ${money(i.tireFeeUnitCents)}`);
  if (i.servicesUnitCents > 0) parts.push(`installation ${money(i.servicesUnitCents)}`);
  return (
    <>
      {parts.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="line-charges">
          + {parts.join(' + ')} / tire
        </Text>
      )}
      {i.taxCents > 0 && (
        <Text size="xs" c="dimmed">
          tax {money(i.taxCents)}
        </Text>
      )}
    </>
  );
}

/** The controls of one line, laid out by the table (sm and up) or the phone's list. */
function lineControls(i: Line, busy: boolean, update: Update) {
  const half = i.set ? (i.set.position === 'front' ? 'Front' : 'Rear') : null;
  return {
    title: half ? (
      <Text size="sm">
        <b>{half}</b> {i.size} · {i.skuCode} · {i.available} available
      </Text>
    ) : (
      <>
        <Text fw={600}>
          {i.makeName} {i.modelName}
        </Text>
        <Text size="sm" c="dimmed">
          {i.size} · {i.skuCode} · {i.available} available
        </Text>
      </>
    ),
    unitPrice: (
      <>
        {money(i.unitPriceCents)}
        {i.unitDiscountCents > 0 && (
          <Text size="xs" c="green">
            −{money(i.unitDiscountCents)} discount
          </Text>
        )}
      </>
    ),
    charges: <LineCharges i={i} />,
    quantity: <QuantityField i={i} busy={busy} update={update} />,
    roadHazard: (
      <Switch
        aria-label={`Road hazard for ${i.skuCode}`}
        checked={i.orderItemRoadHazard}
        disabled={busy}
        label={`${money(i.roadHazardUnitCents)} / tire`}
        onChange={(e) => update(i.orderItemId, { orderItemRoadHazard: e.currentTarget.checked })}
      />
    ),
    remove: (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ${i.skuCode}`}
        disabled={busy}
        onClick={() => update(i.orderItemId, { orderItemQuantity: 0 })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    ),
  };
}

/** What heads a staggered set in the cart: its tire line, both sizes, and the one way to remove it. */
function SetHeading({
  front,
  rear,
  busy,
  update,
}: {
  front: Line;
  rear: Line;
  busy: boolean;
  update: Update;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="grape">
            Staggered set
          </Badge>
          <Text fw={600}>
            {front.makeName} {front.modelName}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {front.size} front + {rear.size} rear, bought together: removing one size removes the set
        </Text>
      </div>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove the set ${front.skuCode} + ${rear.skuCode}`}
        disabled={busy}
        onClick={() => update(front.orderItemId, { orderItemQuantity: 0 })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The cart's lines with quantity edits, road hazard toggles and removal; every change re-prices
 * on the server. A table from sm up; on a phone each line is a block of its own (the tire, then
 * unit price and quantity, road hazard, line total), so nothing is hidden or scrolled sideways.
 * A staggered set's two lines are one block under its heading: each half's quantity changes on
 * its own, and the set is removed whole (docs/fleet.md, "Staggered sets").
 */
export function CartLines({
  cart,
  renderLineExtra,
}: {
  cart: Cart;
  /** Under a line's tire: another feature's part of the line (the fleet unit it is for). */
  renderLineExtra?: (orderItemId: number) => ReactNode;
}) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.cart.loading);
  const phone = usePhone();
  const update: Update = async (orderItemId, change) =>
    putCart.fulfilled.match(await dispatch(putCart([{ orderItemId, ...change }])));
  const groups = groupSets(cart.orderItems);
  if (phone) {
    const block = (i: Line, inSet: boolean) => {
      const c = lineControls(i, busy, update);
      return (
        <div data-testid="cart-line">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {c.title}
              {renderLineExtra?.(i.orderItemId)}
            </div>
            {!inSet && c.remove}
          </Group>
          <Group justify="space-between" align="end" mt="xs" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed">
                Unit price
              </Text>
              {c.unitPrice}
            </div>
            {c.quantity}
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            {c.roadHazard}
            <Text fw={600}>{money(i.lineTotalCents)}</Text>
          </Group>
          {c.charges}
        </div>
      );
    };
    return (
      <Stack gap="sm" aria-label="Cart items" role="list">
        {groups.map((g) =>
          g.kind === 'line' ? (
            <Paper key={g.line.orderItemId} withBorder p="sm" role="listitem">
              {block(g.line, false)}
            </Paper>
          ) : (
            <Paper key={`set-${g.setId}`} withBorder p="sm" role="listitem" data-testid="cart-set">
              <SetHeading front={g.front} rear={g.rear} busy={busy} update={update} />
              <Stack
                gap="sm"
                mt="sm"
                pl="sm"
                style={{ borderLeft: '3px solid var(--mantine-color-grape-3)' }}
              >
                {block(g.front, true)}
                {block(g.rear, true)}
              </Stack>
            </Paper>
          ),
        )}
      </Stack>
    );
  }
  const row = (i: Line, inSet: boolean) => {
    const c = lineControls(i, busy, update);
    return (
      <Table.Tr key={i.orderItemId} data-testid="cart-line">
        <Table.Td pl={inSet ? 'xl' : undefined}>
          {c.title}
          {renderLineExtra?.(i.orderItemId)}
        </Table.Td>
        <Table.Td>
          {c.unitPrice}
          {c.charges}
        </Table.Td>
        <Table.Td>{c.quantity}</Table.Td>
        <Table.Td>{c.roadHazard}</Table.Td>
        <Table.Td ta="right">{money(i.lineTotalCents)}</Table.Td>
        <Table.Td>{!inSet && c.remove}</Table.Td>
      </Table.Tr>
    );
  };
  return (
    <Table striped verticalSpacing="sm" aria-label="Cart items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tire</Table.Th>
          <Table.Th>Unit price</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th>Road hazard</Table.Th>
          <Table.Th ta="right">Line total</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      {groups.map((g) =>
        g.kind === 'line' ? (
          <Table.Tbody key={g.line.orderItemId}>{row(g.line, false)}</Table.Tbody>
        ) : (
          <Table.Tbody key={`set-${g.setId}`} data-testid="cart-set">
            <Table.Tr>
              <Table.Td colSpan={6}>
                <SetHeading front={g.front} rear={g.rear} busy={busy} update={update} />
              </Table.Td>
            </Table.Tr>
            {row(g.front, true)}
            {row(g.rear, true)}
          </Table.Tbody>
        ),
      )}
    </Table>
  );
}

/** The cart's landed cost: every part, or, delivered to an installer, the out-the-door total. */
export function CartTotals({ cart }: { cart: Cart }) {
  return (
    <LandedTotals
      totals={cart.totals}
      tax={cart.tax}
      installer={cart.delivery.kind === 'installer'}
      testId="cart-total"
    />
  );
}
