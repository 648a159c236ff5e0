// Finance's reads of the ZIP rate table.
import type { DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import * as repo from './tax.repository';
import { toZipRate } from './tax.views';

export async function listZipRates(
  db: DbOrTx,
  q: { zip?: string; state?: string; page: number; pageSize: number },
) {
  return pageAnswer(q, await repo.listZipRates(db, q), toZipRate);
}
