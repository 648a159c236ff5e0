import '@mantine/core/styles/NumberInput.layer.css';
import { Button, Group, NumberInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { postCart } from './cart.slice';

interface Purchasable {
  makeId: number;
  modelId: number;
  productId: number;
  skuCode: string;
  priceCents: number | null;
  available: number;
}

/** Quantity and an Add to cart button for a search result (rendered in its actions slot). */
export function AddToCart({ item }: { item: Purchasable }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.cart.loading);
  const [quantity, setQuantity] = useState<number>(Math.min(4, Math.max(1, item.available)));
  const soldOut = item.available <= 0 || item.priceCents === null;
  const add = async () => {
    const result = await dispatch(
      postCart({
        orderItemMakeId: item.makeId,
        orderItemModelId: item.modelId,
        orderItemProductId: item.productId,
        orderItemQuantity: quantity,
      }),
    );
    if (postCart.fulfilled.match(result)) {
      notifications.show({ color: 'green', message: `Added ${quantity} × ${item.skuCode} to the cart` });
    } else {
      notifications.show({ color: 'red', message: result.payload?.message ?? 'Could not add to the cart' });
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        aria-label={`Quantity of ${item.skuCode}`}
        value={quantity}
        onChange={(v) => setQuantity(Number(v) || 1)}
        min={1}
        max={Math.max(1, item.available)}
        allowDecimal={false}
        w={80}
        disabled={soldOut}
      />
      <Button onClick={add} loading={busy} disabled={soldOut}>
        {soldOut ? 'Sold out' : 'Add to cart'}
      </Button>
    </Group>
  );
}
