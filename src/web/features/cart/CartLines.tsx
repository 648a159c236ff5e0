import { ActionIcon, NumberInput, Switch, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Cart } from '../../../contract/order-shapes';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { putCart } from './cart.slice';
import { money } from '../../lib/format';

/** The cart's lines with quantity edits, road hazard toggles and removal; every change re-prices on the server. */
export function CartLines({ cart }: { cart: Cart }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.cart.loading);
  const update = (
    orderItemId: number,
    change: { orderItemQuantity?: number; orderItemRoadHazard?: boolean },
  ) => dispatch(putCart([{ orderItemId, ...change }]));
  return (
    // On a phone the lines scroll sideways: the road hazard switch and the remove button stay reachable.
    <Table.ScrollContainer minWidth={640} type="native">
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
        <Table.Tbody>
          {cart.orderItems.map((i) => (
            <Table.Tr key={i.orderItemId}>
              <Table.Td>
                <Text fw={600}>
                  {i.makeName} {i.modelName}
                </Text>
                <Text size="sm" c="dimmed">
                  {i.size} · {i.skuCode} · {i.available} available
                </Text>
              </Table.Td>
              <Table.Td>
                {money(i.unitPriceCents)}
                {i.unitDiscountCents > 0 && (
                  <Text size="xs" c="green">
                    −{money(i.unitDiscountCents)} discount
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Quantity of ${i.skuCode}`}
                  value={i.orderItemQuantity}
                  min={1}
                  max={999}
                  allowDecimal={false}
                  w={90}
                  disabled={busy}
                  onBlur={(e) => {
                    const q = Number(e.currentTarget.value);
                    if (Number.isInteger(q) && q > 0 && q !== i.orderItemQuantity)
                      update(i.orderItemId, { orderItemQuantity: q });
                  }}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Road hazard for ${i.skuCode}`}
                  checked={i.orderItemRoadHazard}
                  disabled={busy}
                  label={`${money(i.roadHazardUnitCents)} / tire`}
                  onChange={(e) => update(i.orderItemId, { orderItemRoadHazard: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td ta="right">{money(i.lineTotalCents)}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${i.skuCode}`}
                  disabled={busy}
                  onClick={() => update(i.orderItemId, { orderItemQuantity: 0 })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CartTotals({ cart }: { cart: Cart }) {
  const t = cart.totals;
  const rows: [string, number][] = [
    ['Subtotal', t.subtotalCents],
    ['Discounts', -t.discountCents],
    ['Road hazard', t.roadHazardCents],
    ['Shipping', t.shippingCents],
    ['Tax', t.taxCents],
  ];
  return (
    <Table aria-label="Totals">
      <Table.Tbody>
        {rows.map(([label, cents]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{money(cents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700} data-testid="cart-total">
            {money(t.totalCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
