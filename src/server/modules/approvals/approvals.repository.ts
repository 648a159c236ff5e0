// The SQL of a company's buying rules.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { companyBuyingSettings } from '../../db/schema';

/** The company's row, or undefined when it keeps the defaults. */
export async function findSettings(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ poRequired: companyBuyingSettings.poRequired })
    .from(companyBuyingSettings)
    .where(eq(companyBuyingSettings.companyId, companyId));
  return row;
}

export async function saveSettings(db: DbOrTx, companyId: number, values: { poRequired: boolean }) {
  const [row] = await db
    .insert(companyBuyingSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: companyBuyingSettings.companyId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning({ poRequired: companyBuyingSettings.poRequired });
  return row;
}
