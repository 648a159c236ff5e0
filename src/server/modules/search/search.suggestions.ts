import { sql } from 'drizzle-orm';
import type { SearchSuggestion } from '../../../contract/search';
import {
  closestName,
  type QueryInterpretation,
  queryReplacing,
  queryWithout,
  type Vocabulary,
} from '../../../domain/search-query';
import { overallDiameter, speedIndexes, type TireSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { storedCountOfSize } from './search.counts';
import { hitsWhere, type SearchPlan, storedCountsOf } from './search.sql';
import { sizeLabel } from './search.sizes';

// No dead ends: when a search finds nothing, what to search instead, each with its count (only
// suggestions that find something are given):
// - the nearest sizes within 3 % overall diameter that have stock, keeping the other filters
//   (load index and speed rating at or above the asked ones, when the size named them);
// - the same query without its least certain part (search-query.ts certainty);
// - a corrected spelling of a word no reading placed.

const DIAMETER_TOLERANCE = 0.03;
const MAX_SIZES = 4;
const MAX_SUGGESTIONS = 6;

/** Overall diameter of a size row `z` in inches (flotation widths are the diameter). */
const diameterSql = sql`(case when z.width < 100 then z.width else z.rim + z.width * z.ratio / 1270.0 end)`;

interface Input {
  db: Db;
  plan: SearchPlan;
  /** The free text, when there was one, and how it was read. */
  query: string | undefined;
  interpretation: QueryInterpretation | null;
  vocabulary: Vocabulary | null;
  /** Counts what another free text would find with the same other filters. */
  countOf(query: string): Promise<number>;
}

export async function suggestionsFor(input: Input): Promise<SearchSuggestion[]> {
  const out: SearchSuggestion[] = [];
  out.push(...(await nearbySizes(input)));
  const { query, interpretation } = input;
  if (query && interpretation) {
    const parts = interpretation.parts;
    if (parts.length > 1) {
      // The least certain part; of equals, the last typed.
      const least = parts.reduce((a, b) => (b.certainty <= a.certainty ? b : a));
      const without = queryWithout(query, least);
      const count = await input.countOf(without);
      if (count > 0)
        out.push({ kind: 'drop', label: `${without} (without “${least.text}”)`, count, query: without });
    }
    for (const term of parts.filter((p) => p.kind === 'term')) {
      const name = input.vocabulary && closestName(term.text, input.vocabulary);
      if (!name) continue;
      const corrected = queryReplacing(query, term, name);
      const count = await input.countOf(corrected);
      if (count > 0)
        out.push({ kind: 'spelling', label: `Did you mean “${corrected}”?`, count, query: corrected });
    }
  }
  return out.slice(0, MAX_SUGGESTIONS);
}

async function nearbySizes({ db, plan, query, interpretation }: Input): Promise<SearchSuggestion[]> {
  const d = plan.dims;
  if (d?.width === undefined || d.ratio === undefined || d.rim === undefined || plan.rear) return [];
  const asked = { width: d.width, ratio: d.ratio, rim: d.rim };
  const diameter = overallDiameter({ ...asked, type: asked.width < 100 ? 'flotation' : 'metric' });
  const typed: TireSize | null = interpretation?.size ?? null;
  const load = typed?.loadIndex;
  const speeds = typed?.speedIndex ? speedIndexes.slice(speedIndexes.indexOf(typed.speedIndex as never)) : [];
  // The sizes near the diameter come from the price group's sizes with stock (the stored '_total'
  // counts and the changes not folded in yet, a few hundred rows).
  const sizes = sql`
    with sizes as (
      select width, ratio, rim from search_facet_counts
      where price_group_id = ${plan.priceGroupId} and facet = '_total' and width > 0
      union
      select width, ratio, rim from search_facet_deltas
      where price_group_id = ${plan.priceGroupId} and facet = '_total' and width > 0),
    near as (
      select z.width, z.ratio, z.rim, abs(${diameterSql} - ${diameter}) as off from sizes z
      where ${diameterSql} between ${diameter * (1 - DIAMETER_TOLERANCE)} and ${diameter * (1 + DIAMETER_TOLERANCE)}
        and not (z.width = ${asked.width} and z.ratio = ${asked.ratio} and z.rim = ${asked.rim}))`;
  // What stored counts answer for the asked size they answer for its neighbours: each near size's
  // count is read, not counted (a size's rows grow with the catalogue). A typed load index or
  // speed rating "at or above" is no stored value: then only the near sizes' rows are counted,
  // through the size index, instead of every row of the price group.
  const stored = load || speeds.length ? null : storedCountsOf(plan);
  const { rows } = await db.execute<{ width: number; ratio: number; rim: number; count: number }>(
    stored
      ? sql`${sizes}
    select width::float8 as width, ratio::float8 as ratio, rim::float8 as rim, count from (
      select z.width, z.ratio, z.rim, z.off, ${storedCountOfSize(plan.priceGroupId, stored.given)} as count
      from near z) n
    where count > 0
    order by off, count desc
    limit ${MAX_SIZES}`
      : sql`${sizes}
    select si.width::float8 as width, si.ratio::float8 as ratio, si.rim::float8 as rim, count(*)::int as count,
           min(near.off) as off
    from near join search_items si
      on si.price_group_id = ${plan.priceGroupId} and si.width = near.width and si.ratio = near.ratio and si.rim = near.rim
    where ${hitsWhere({ ...plan, dims: undefined })}
      ${load ? sql`and si.f_load_v ~ '^[0-9]+$' and si.f_load_v::int >= ${load}` : sql``}
      ${
        speeds.length
          ? sql`and si.f_speed_v in (${sql.join(
              speeds.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql``
      }
    group by si.width, si.ratio, si.rim
    order by off, count desc
    limit ${MAX_SIZES}`,
  );
  const sizePart = interpretation?.parts.find((p) => p.kind === 'size');
  const rest = query && sizePart && interpretation?.size ? queryWithout(query, sizePart) : (query ?? '');
  return rows.map((r) => {
    const dims = { width: Number(r.width), ratio: Number(r.ratio), rim: Number(r.rim) };
    return { kind: 'size' as const, label: sizeLabel(dims), count: Number(r.count), query: rest, ...dims };
  });
}

/** How many results a plan has (the count of a suggestion). */
export async function countHits(db: Db, plan: SearchPlan): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from search_items si where ${hitsWhere(plan)}`,
  );
  return Number(rows[0]?.count ?? 0);
}
