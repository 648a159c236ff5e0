import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

/** The cheapest statement the database can answer: it fails when the database is down. */
export async function selectOne(db: DbOrTx) {
  await db.execute(sql`select 1`);
}
