import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Image.layer.css';
import { Anchor, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { money } from '../../lib/format';
import { miles, service } from './search.format';
import { Price } from './Price';
import classes from './ResultCard.module.css';
import type { ShopItem } from './shop.slice';

/** Mantine's green.9 (#2b8a3e) is 4.4:1 on white at 12 px; this green is 5.4:1 (WCAG AA). */
const IN_STOCK_GREEN = '#247a36';

interface ResultCardProps {
  item: ShopItem;
  /** Purchase controls (quantity, add to cart) from the cart feature, placed by the page. */
  renderActions?: (item: ShopItem) => ReactNode;
  onEstimateShipping?: (item: ShopItem) => void;
}

function Tire({ item, rear }: { item: ShopItem | NonNullable<ShopItem['rear']>; rear?: boolean }) {
  return (
    <Text size="sm">
      {rear ? 'Rear: ' : ''}
      <b>{item.size}</b> {service(item)} · {item.available} in stock · {money(item.priceCents)}
    </Text>
  );
}

/**
 * One result: picture, brand, line, size, load and speed, UTQG, warranty, price and stock. A
 * discounted price shows under its list price struck through. From sm up the price and the
 * purchase controls are a column on the right; on a phone they go under the tire, full width,
 * so that the price and Add to cart stay on screen at 360 px.
 */
export const ResultCard = memo(function ResultCard({
  item,
  renderActions,
  onEstimateShipping,
}: ResultCardProps) {
  const detail = `/shop/product/${encodeURIComponent(item.skuCode)}?make=${item.skuMakeId}`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="result-card" className={classes.root}>
      <div className={classes.card}>
        <div className={classes.tire}>
          <Image
            src={item.image}
            alt={`${item.brand} ${item.line}`}
            className={classes.picture}
            fit="contain"
            fallbackSrc="/favicon.svg"
          />
          <Stack gap={4} className={classes.details}>
            <Group gap="xs">
              <Text fw={700}>{item.brand}</Text>
              <Anchor component={Link} to={detail} fw={500}>
                {item.line}
              </Anchor>
              {item.runFlat && <Badge variant="light">Run-flat</Badge>}
              {item.specials && (
                <Badge color="orange" variant="light">
                  Special
                </Badge>
              )}
              {item.rebateCents > 0 && (
                <Badge color="green.9" variant="light">
                  {money(item.rebateCents)} rebate
                </Badge>
              )}
            </Group>
            <Tire item={item} />
            {item.rear && <Tire item={item.rear} rear />}
            <Text size="xs" c="dimmed">
              MPN {item.skuCode} · {item.category ?? 'Tire'} · UTQG {item.utqg ?? 'n/a'} · Warranty{' '}
              {miles(item.warrantyMiles)} · {item.sidewall ?? ''}
            </Text>
            {item.shipping !== undefined && <Text size="xs">Shipping (4 tires): {money(item.shipping)}</Text>}
          </Stack>
        </div>
        <div className={classes.buy} data-testid="result-buy">
          <Group gap="xs" align="baseline">
            <Price price={item} />
            <Text size="xs" c={item.available > 0 ? IN_STOCK_GREEN : 'red.9'}>
              {item.available} available
            </Text>
          </Group>
          {renderActions?.(item)}
          {onEstimateShipping && item.shipping === undefined && (
            <Button size="compact-xs" variant="subtle" onClick={() => onEstimateShipping(item)}>
              Estimate shipping
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
});
