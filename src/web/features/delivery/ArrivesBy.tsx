import { Stack, Text } from '@mantine/core';
import type { Cart } from '../../../contract/order-shapes';
import { calendarDay } from '../../lib/format';
import { usePromiseQuery } from './delivery.api';

export interface Destination {
  /** Deliver to this installer's bay (the cart's installer delivery). */
  installerLocationId?: number | null;
  /** Deliver to this ZIP (an address chosen at checkout); otherwise the current location. */
  zip?: string | null;
}

interface Props extends Destination {
  items: { productId: number; quantity: number }[];
  /** Show this item's day; without it, the day the last of them arrives. */
  index?: number;
  size?: 'xs' | 'sm' | 'md';
  /** Drawn inside a line of text. */
  inline?: boolean;
}

const tires = (n: number) => (n === 1 ? '1 tire' : `${n} tires`);

/**
 * "Arrives by <day>": the earliest delivery from the warehouses that can fill the quantity, to
 * the current location, a ZIP or the chosen installer (docs/domain.md, "Delivery promise"). One
 * request for all the items shown together (the same argument is asked once).
 */
export function ArrivesBy({ items, index, installerLocationId, zip, size = 'sm', inline }: Props) {
  const { data, isError } = usePromiseQuery(
    {
      items,
      ...(installerLocationId ? { installerLocationId } : zip ? { zip } : {}),
    },
    { skip: items.length === 0, refetchOnMountOrArgChange: 60 },
  );
  if (isError || !data) return null;
  const shown = index === undefined ? data.list : data.list.slice(index, index + 1);
  if (!shown.length) return null;
  const unfilled = shown.filter((p) => p.arrivesBy === null);
  if (unfilled.length) {
    return (
      <Text size={size} span={inline} c="orange.8" data-testid="arrives-by">
        {index === undefined && shown.length > 1
          ? 'No delivery date: the warehouses cannot fill every line now'
          : `No delivery date: no warehouse can fill ${tires(shown[0].quantity)} now`}
      </Text>
    );
  }
  const last = shown.map((p) => p.arrivesBy as string).sort()[shown.length - 1];
  return (
    <Text size={size} span={inline} c="teal.8" fw={500} data-testid="arrives-by">
      Arrives by {calendarDay(last)}
      {index !== undefined || shown.length === 1 ? ` (${tires(shown[0].quantity)})` : ''}
    </Text>
  );
}

/** The day an order's promise says it arrives by, kept when it was placed; nothing without one. */
export function PromisedDay({ day }: { day: string | null | undefined }) {
  if (!day) return null;
  return (
    <Text size="sm" data-testid="arrives-by">
      Arrives by <b>{calendarDay(day)}</b>
    </Text>
  );
}

/** Where a cart goes, as the promise asks it: its installer, its address's ZIP, else the location. */
export const destinationOf = (cart: Cart): Destination =>
  cart.delivery.kind === 'installer'
    ? { installerLocationId: cart.delivery.installerLocationId }
    : cart.delivery.kind === 'address'
      ? { zip: cart.delivery.zip }
      : {};

/**
 * The checkout's delivery promise: each cart line's "arrives by" and the day the whole order
 * arrives by, to where the cart is delivered (one request for the cart).
 */
export function CartArrivals({ cart }: { cart: Cart }) {
  const items = cart.orderItems.map((i) => ({
    productId: i.orderItemProductId,
    quantity: i.orderItemQuantity,
  }));
  const to = destinationOf(cart);
  if (!items.length) return null;
  return (
    <Stack gap={4} mt="md" aria-label="Delivery dates">
      <ArrivesBy items={items} {...to} size="md" />
      {items.length > 1 &&
        cart.orderItems.map((i, index) => (
          <div key={i.orderItemId} style={{ overflowWrap: 'anywhere' }}>
            <Text size="xs" c="dimmed" span>
              {i.skuCode}:{' '}
            </Text>
            <ArrivesBy items={items} index={index} {...to} size="xs" inline />
          </div>
        ))}
    </Stack>
  );
}
