// Finance's tax collected report: the order tax by delivery state and month, from what each
// placed order keeps (orders.tax_state, orders.tax_cents), so later rate changes never move it.
import type * as api from '../../../contract/tax';
import type { DbOrTx } from '../../db/connection';
import { taxCollectedRows } from './tax.report.repository';

export async function taxCollected(
  db: DbOrTx,
  q: { from?: string; to?: string },
): Promise<api.TaxCollectedRow[]> {
  return taxCollectedRows(db, q.from ?? null, q.to ?? null);
}
