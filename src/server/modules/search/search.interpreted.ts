import { type SQL, sql } from 'drizzle-orm';

// Conditions read from the free text that no facet carries (src/domain/search-query.ts): a
// size type (P225 is P-metric width 225; LT265/70R17 is an LT tire) and load ranges without a
// ply of their own (XL, SL). Load range letters with a ply (C, D, E, F) are the ply facet.

export interface InterpretedConditions {
  /** Only sizes written with this prefix (search_items.size is the canonical text). */
  sizeType?: 'P' | 'LT';
  loadRanges?: string[];
}

export function interpretedWhere(plan: InterpretedConditions): SQL[] {
  const out: SQL[] = [];
  if (plan.sizeType === 'P') out.push(sql`si.size like 'P%'`);
  if (plan.sizeType === 'LT') out.push(sql`si.size like 'LT%'`);
  if (plan.loadRanges?.length)
    out.push(
      sql`exists (select 1 from products lr where lr.id = si.product_id and lr.load_range in (${sql.join(
        plan.loadRanges.map((r) => sql`${r}`),
        sql`, `,
      )}))`,
    );
  return out;
}

/** Whether they narrow the search (stored counts then cannot answer it). */
export const interpretedNarrows = (plan: InterpretedConditions) =>
  plan.sizeType !== undefined || (plan.loadRanges?.length ?? 0) > 0;
