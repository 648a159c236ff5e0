// The SQL of the stock a finalized quote holds until it expires or is accepted.
import { and, eq, inArray } from 'drizzle-orm';
import { quoteHoldTransitions } from '../../../domain/quote-status';
import { statusesBefore } from '../../../domain/status-machine';
import type { DbOrTx } from '../../db/connection';
import { quoteHolds } from '../../db/schema';

export async function insertHolds(db: DbOrTx, values: (typeof quoteHolds.$inferInsert)[]) {
  if (values.length) await db.insert(quoteHolds).values(values);
}

export function openHolds(db: DbOrTx, quoteId: number) {
  return db
    .select()
    .from(quoteHolds)
    .where(and(eq(quoteHolds.quoteId, quoteId), eq(quoteHolds.status, 'held')));
}

/** The one write of quote holds' status: the quote's holds that the table lets be released are. */
export async function releaseHolds(db: DbOrTx, quoteId: number) {
  await db
    .update(quoteHolds)
    .set({ status: 'released' })
    .where(
      and(
        eq(quoteHolds.quoteId, quoteId),
        inArray(quoteHolds.status, statusesBefore(quoteHoldTransitions, 'released')),
      ),
    );
}
