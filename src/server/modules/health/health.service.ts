import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/errors';
import * as repo from './health.repository';

/** Ready means the database answers; a load balancer takes an instance out while it does not. */
export async function readiness(db: DbOrTx) {
  try {
    await repo.selectOne(db);
  } catch {
    throw new AppError('unavailable', 'The database does not answer');
  }
  return { status: 'ready' as const };
}
