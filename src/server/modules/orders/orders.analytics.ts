import type { Db } from '../../db/connection';
import * as analyticsRepo from './orders.analytics.repository';

/**
 * Sales by day, by make and by company, for the back-office charts, all on one base (the tires
 * after discounts, `goodsOf` of the repository); the totals add up the days, so they count every
 * order, where the make and company lists keep the 20 largest. What the orders collected besides
 * their sales (road hazard cover, shipping, excise tax, tire fees, installer services, sales tax)
 * and their stored totals come per day and in the totals as their own figures.
 */
export async function orderAnalytics(db: Db, r: analyticsRepo.Range) {
  const byDay = await analyticsRepo.salesByDay(db, r);
  const byMake = await analyticsRepo.salesByMake(db, r);
  const byCompany = await analyticsRepo.salesByCompany(db, r);
  const sum = (key: 'orders' | 'units' | 'salesCents' | keyof analyticsRepo.Collected) =>
    byDay.reduce((s, d) => s + d[key], 0);
  return {
    totals: {
      orders: sum('orders'),
      salesCents: sum('salesCents'),
      units: sum('units'),
      roadHazardCents: sum('roadHazardCents'),
      shippingCents: sum('shippingCents'),
      fetCents: sum('fetCents'),
      tireFeeCents: sum('tireFeeCents'),
      servicesCents: sum('servicesCents'),
      taxCents: sum('taxCents'),
      totalCents: sum('totalCents'),
    },
    byDay,
    byMake,
    byCompany,
  };
}
