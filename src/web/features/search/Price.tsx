import { Stack, Text } from '@mantine/core';
import { money } from '../../lib/format';

/**
 * The caller's price of a SKU: a discounted price shows in red under its list price struck
 * through (the server answers both; see shopPriceOf in src/domain/discounts.ts).
 */
export function Price({
  price,
  size = 'lg',
}: {
  price: { priceCents: number | null; listPriceCents: number | null; discountCents: number };
  size?: 'lg' | 'xl';
}) {
  const discounted = price.discountCents > 0;
  return (
    <Stack gap={0} align="inherit">
      {discounted && (
        <Text size="sm" c="dimmed" td="line-through" data-testid="list-price">
          {money(price.listPriceCents)}
        </Text>
      )}
      <Text fw={700} size={size} c={discounted ? 'red' : undefined} data-testid="price">
        {money(price.priceCents)}
      </Text>
    </Stack>
  );
}
