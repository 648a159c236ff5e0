// The SQL of quote generation jobs (docs/quotes.md, "Generating options").
import { and, desc, eq, inArray } from 'drizzle-orm';
import { type QuoteJobStatus, quoteJobTransitions } from '../../../domain/quote-status';
import { statusesBefore } from '../../../domain/status-machine';
import type { DbOrTx } from '../../db/connection';
import { quoteJobs } from '../../db/schema';

export type QuoteJobRow = typeof quoteJobs.$inferSelect;

export async function insertJob(db: DbOrTx, values: typeof quoteJobs.$inferInsert) {
  const [row] = await db.insert(quoteJobs).values(values).returning();
  return row;
}

export async function findJob(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(quoteJobs).where(eq(quoteJobs.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

export async function latestJob(db: DbOrTx, quoteId: number) {
  const [row] = await db
    .select()
    .from(quoteJobs)
    .where(eq(quoteJobs.quoteId, quoteId))
    .orderBy(desc(quoteJobs.id))
    .limit(1);
  return row ?? null;
}

type JobColumns = Partial<Omit<typeof quoteJobs.$inferInsert, 'status'>>;

/** Moves a running job on; answers null when it is no longer running (cancelled or timed out). */
export async function updateRunningJob(db: DbOrTx, id: number, set: JobColumns) {
  const [row] = await db
    .update(quoteJobs)
    .set(set)
    .where(and(eq(quoteJobs.id, id), eq(quoteJobs.status, 'running')))
    .returning();
  return row ?? null;
}

/**
 * The one write of a job's status: it ends as `to` if the table lets its current status move
 * there (only a running job ends); answers null when it had ended already.
 */
export async function endJob(db: DbOrTx, id: number, to: QuoteJobStatus, set: JobColumns) {
  const [row] = await db
    .update(quoteJobs)
    .set({ ...set, status: to })
    .where(and(eq(quoteJobs.id, id), inArray(quoteJobs.status, statusesBefore(quoteJobTransitions, to))))
    .returning();
  return row ?? null;
}
