import type { TaxCollectedRow } from '../../../contract/tax';
import { toCsv } from '../../lib/csv';

export const stateOf = (state: string) => state || 'not recorded';
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The tax collected report as CSV, one row per month and state: the orders, their sales tax and
 * totals, then what the same orders collected for others besides the tax (federal excise tax,
 * state tire fees, installer services), each the sum the orders stored, and the sales tax that
 * refunds processed that month gave back.
 */
export function taxCollectedCsv(rows: readonly TaxCollectedRow[]): string {
  return toCsv(
    [
      'month',
      'state',
      'orders',
      'tax',
      'order totals',
      'FET',
      'tire fees',
      'installer services',
      'tax refunded',
    ],
    rows.map((r) => [
      r.month,
      stateOf(r.state),
      r.orders,
      dollars(r.taxCents),
      dollars(r.totalCents),
      dollars(r.fetCents),
      dollars(r.tireFeeCents),
      dollars(r.servicesCents),
      dollars(r.refundedTaxCents),
    ]),
  );
}
