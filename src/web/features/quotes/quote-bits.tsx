import '@mantine/core/styles/Badge.layer.css';
import { Badge, Text } from '@mantine/core';
import type { QuoteItem } from '../../../contract/quotes';
import type { QuoteStatus } from '../../../domain/quote-status';

const colors: Record<QuoteStatus, string> = {
  draft: 'gray',
  options_ready: 'blue',
  finalized: 'violet',
  sent: 'indigo',
  accepted: 'green',
  expired: 'orange',
  declined: 'red',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge color={colors[status]} variant="light">
      {status.replace('_', ' ')}
    </Badge>
  );
}

/** What a line asked for, in words. */
export function requestText(item: Pick<QuoteItem, 'size' | 'vehicle' | 'mpn' | 'quantity'>) {
  const what = item.vehicle
    ? `${item.vehicle.year} ${item.vehicle.make} ${item.vehicle.model} ${item.vehicle.option}`
    : (item.size ?? `MPN ${item.mpn}`);
  return `${item.quantity} × ${what}`;
}

export const tierLabel = { good: 'Good', better: 'Better', best: 'Best' } as const;

export const dollarsToCents = (v: number | string) => Math.round(Number(v) * 100);

/** A line's constraints in words ("Michelin, Bridgestone · load ≥ 94 · ≤ $150.00 a tire"), or null. */
export function constraintsText(c: QuoteItem['constraints']): string | null {
  const parts = [
    c.brands?.length ? c.brands.join(', ') : null,
    c.categories?.length ? c.categories.join(', ') : null,
    c.minLoadIndex != null ? `load ≥ ${c.minLoadIndex}` : null,
    c.minSpeedRating ? `speed ≥ ${c.minSpeedRating}` : null,
    c.budgetCents != null ? `≤ $${(c.budgetCents / 100).toFixed(2)} a tire` : null,
    c.deliverBy ? `by ${c.deliverBy}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

export function ConstraintsLine({ constraints }: { constraints: QuoteItem['constraints'] }) {
  const text = constraintsText(constraints);
  return text ? (
    <Text size="sm" c="dimmed">
      Constraints: {text}
    </Text>
  ) : null;
}
