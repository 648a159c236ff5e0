import { Badge } from '@mantine/core';
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
