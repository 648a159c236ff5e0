import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection';
import { forgetCountsVersions } from '../../db/data-versions';
import { type FacetKey, facetKeys } from './search.facets';

// Stored facet counts (see README.md here): search_facet_counts holds, per price group and size (all 0 for
// the whole catalogue), how many search_items rows carry each facet value. A trigger on
// search_items (migrations/catalog/0006) appends every change to search_facet_deltas in the
// writer's own transaction; reads add the pending deltas, so the counts are exact in every
// snapshot, and the folding below moves deltas into the counts in the background.

/** The scope of stored counts: a price group and a whole size, or the whole catalogue. */
export interface CountScope {
  priceGroupId: number;
  dims?: { width: number; ratio: number; rim: number };
}

/** The key of a scope's stored rows, plus the facet names read. */
function scopeKey(scope: CountScope, facetNames: string[]): SQL {
  const d = scope.dims ?? { width: 0, ratio: 0, rim: 0 };
  if (facetNames.length === 0) return sql`false`;
  return sql`price_group_id = ${scope.priceGroupId} and width = ${d.width} and ratio = ${d.ratio} and rim = ${d.rim}
    and facet in (${sql.join(
      facetNames.map((f) => sql`${f}`),
      sql`, `,
    )})`;
}

/**
 * `select facet, value, label, count` of a scope (facet '_total' included), stored counts plus
 * the pending deltas; `only` limits it to some facets. Plain counts only: the facets are named,
 * so the conditional rows of the scope (conditionalFacetRows) are not read.
 */
export function storedFacetRows(scope: CountScope, only?: FacetKey[]): SQL {
  const key = scopeKey(scope, only ?? ['_total', ...facetKeys]);
  return sql`
    select facet, value, label, sum(skus)::int as count from (
      select facet, value, label, skus from search_facet_counts where ${key}
      union all
      select facet, value, label, skus from search_facet_deltas where ${key}) c
    group by facet, value, label having sum(skus) > 0`;
}

/**
 * `select facet, value, label, count` of the facets `of` among the SKUs of a scope whose facet
 * `given` has one of `values`: the sums of the conditional counts (migrations/catalog/0011),
 * whose facet is `<given>|<value>|<facet>`. Each SKU has one value of a facet, so the sum over
 * the chosen values counts each SKU once.
 */
export function conditionalFacetRows(
  scope: CountScope,
  given: FacetKey,
  values: string[],
  of: FacetKey[],
): SQL {
  const key = scopeKey(
    scope,
    values.flatMap((v) => of.map((k) => `${given}|${v}|${k}`)),
  );
  return sql`
    select substring(facet from '[^|]*$') as facet, value, label, sum(skus)::int as count from (
      select facet, value, label, skus from search_facet_counts where ${key}
      union all
      select facet, value, label, skus from search_facet_deltas where ${key}) c
    group by 1, value, label having sum(skus) > 0`;
}

/**
 * The stored count of the size of a row `z` (columns width, ratio, rim) with one facet's values,
 * or of all its SKUs: the plain counts plus the pending deltas, one index probe per size.
 */
export function storedCountOfSize(priceGroupId: number, given?: { facet: FacetKey; values: string[] }): SQL {
  const [facet, values] = given ? [given.facet, given.values] : ['_total', ['all']];
  if (values.length === 0) return sql`0`;
  const key = sql`price_group_id = ${priceGroupId} and width = z.width and ratio = z.ratio and rim = z.rim
    and facet = ${facet} and value in (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  return sql`(select coalesce(sum(skus), 0)::int from (
    select skus from search_facet_counts where ${key}
    union all
    select skus from search_facet_deltas where ${key}) c)`;
}

const FOLD_LOCK = 4_711_003; // pg advisory lock key: one fold at a time across servers

/**
 * Moves the pending deltas into search_facet_counts in one transaction (readers see either
 * both or neither), drops counts that reached zero and moves the generation of every scope the
 * deltas touched (search_versions: their sizes, the whole catalogue, and the sizing lists when
 * a count of SKUs changed), so kept answers of other sizes stay. Answers whether anything was
 * folded.
 */
export async function foldFacetDeltas(db: Db): Promise<boolean> {
  const folded = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked`,
    );
    if (!rows[0].locked) return false;
    // Deltas that sum to nothing (a price change's marker, a stock out and back) still moved
    // the data: their scopes' generations go up whenever any delta of theirs was folded.
    const { rows: folded } = await tx.execute<{ moved: number }>(sql`
      with moved as (delete from search_facet_deltas returning *),
      counted as (
        insert into search_facet_counts (price_group_id, width, ratio, rim, facet, value, label, skus)
        select price_group_id, width, ratio, rim, facet, value, label, sum(skus)::int from moved
        group by 1, 2, 3, 4, 5, 6, 7 having sum(skus) <> 0
        order by 1, 2, 3, 4, 5, 6, 7 -- new rows in key order: a scope's rows share few pages
        on conflict (price_group_id, width, ratio, rim, facet, value, label)
        do update set skus = search_facet_counts.skus + excluded.skus),
      scoped as (
        insert into search_versions (price_group_id, width, ratio, rim, generation)
        select price_group_id, width, ratio, rim, 1 from (
          select price_group_id, width, ratio, rim from moved
          union select price_group_id, -1, -1, -1 from moved where facet = '_total') s
        order by 1, 2, 3, 4 -- one order of row locks, whoever folds
        on conflict (price_group_id, width, ratio, rim)
        do update set generation = search_versions.generation + 1)
      select count(*)::int as moved from moved`);
    if (!folded[0].moved) return false;
    await tx.execute(sql`delete from search_facet_counts where skus = 0`);
    return true;
  });
  if (folded) forgetCountsVersions();
  return folded;
}

const FOLD_DELAY_MS = 1000;
const folders = new Set<() => void>();

/**
 * Asks the running apps of this process to fold soon: called after writes to search_items. (The
 * trigger records every change whoever writes; this only makes the fold come sooner than the poll.)
 */
export function foldSoon() {
  forgetCountsVersions();
  for (const fold of folders) fold();
}

/** How often a server looks for deltas no write of its own announced (another process, a catalogue trigger). */
const FOLD_POLL_MS = 5000;

/**
 * Folds pending deltas about a second after search_items changed, and looks for pending ones
 * at start and every few seconds: reads stay short and the generation moves, so kept answers
 * and dropdowns follow stock, prices and the catalogue within about a second.
 */
export function registerFacetFolding(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const pending = async () => {
    const { rows } = await app.db.execute<{ pending: boolean }>(
      sql`select exists (select 1 from search_facet_deltas) as pending`,
    );
    return rows[0].pending;
  };
  const fold = async () => {
    if (!(await pending())) return;
    await foldFacetDeltas(app.db);
    // Changes committed meanwhile by a transaction that started before: fold them too.
    if (await pending()) schedule();
  };
  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = fold().catch((error) => app.log.warn({ err: error }, 'folding facet counts failed'));
    }, FOLD_DELAY_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    folders.add(schedule);
    schedule();
    poll = setInterval(schedule, FOLD_POLL_MS);
    poll.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    folders.delete(schedule);
    clearTimeout(timer);
    clearInterval(poll);
    await running;
  });
}
