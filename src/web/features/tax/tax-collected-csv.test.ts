import { describe, expect, it } from 'vitest';
import { taxCollectedCsv } from './tax-collected-csv';

describe('the tax collected CSV', () => {
  it('keeps its columns and appends the excise tax, tire fees and installer services the orders collected, and the tax refunded', () => {
    const csv = taxCollectedCsv([
      {
        month: '2026-11',
        state: 'CA',
        orders: 2,
        taxCents: 12_345,
        totalCents: 160_000,
        fetCents: 676,
        tireFeeCents: 700,
        servicesCents: 14_600,
        refundedTaxCents: 825,
      },
      {
        month: '2026-10',
        state: '',
        orders: 1,
        taxCents: 0,
        totalCents: 5_000,
        fetCents: 0,
        tireFeeCents: 0,
        servicesCents: 0,
        refundedTaxCents: 0,
      },
    ]).split('\r\n');
    expect(csv[0]).toBe('month,state,orders,tax,order totals,FET,tire fees,installer services,tax refunded');
    expect(csv[1]).toBe('2026-11,CA,2,123.45,1600.00,6.76,7.00,146.00,8.25');
    expect(csv[2]).toBe('2026-10,not recorded,1,0.00,50.00,0.00,0.00,0.00,0.00');
  });
});
