import type { Db } from '../../db/connection';
import * as analyticsRepo from './orders.analytics.repository';

/** Sales by day, by make and by company, for the back-office charts. */
export async function orderAnalytics(db: Db, r: analyticsRepo.Range) {
  const byDay = await analyticsRepo.salesByDay(db, r);
  const byMake = await analyticsRepo.salesByMake(db, r);
  const byCompany = await analyticsRepo.salesByCompany(db, r);
  return {
    totals: {
      orders: byDay.reduce((s, d) => s + d.orders, 0),
      salesCents: byDay.reduce((s, d) => s + d.salesCents, 0),
      units: byMake.reduce((s, m) => s + m.units, 0),
    },
    byDay,
    byMake,
    byCompany,
  };
}
