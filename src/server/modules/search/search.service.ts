// The shop search's use case and the module's public entry: plan the filters (search.plan.ts),
// answer the plan (search.answers.ts), then apply the caller's discounts and suggest other
// searches when nothing was found.
import type { SearchItem, SearchSuggestion } from '../../../contract/search';
import type { SearchItems } from './search.types';
import type { DiscountRule } from '../../../domain/discounts';
import type { interpretQuery } from '../../../domain/search-query';
import { formatSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { KeptByVersion } from '../../db/kept-by-version';
import type { Actor } from '../../http/actor';
import { discounterOf, recentDiscounts } from '../discounts/discounts.service';
import { searchVersion } from '../../db/data-versions';
import { inBuyerOrder, planDiscounts } from './search.buyer-price';
import { queryChips } from './search.reading';
import { sizeOptions, vehicleSizes } from './search.sizes';
import { countHits, suggestionsFor } from './search.suggestions';
import { answerOf, type ListPricedItem } from './search.answers';
import { type Filters, planOf } from './search.plan';

/** What was applied: the filters that carry a value, and how the free text was read. */
function appliedOf(
  f: Filters,
  interpretation: ReturnType<typeof interpretQuery> | null,
  sizeFromText: boolean,
) {
  const applied: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) continue;
    applied[k] = v;
  }
  if (interpretation) {
    applied.interpreted = {
      size: interpretation.size ? formatSize(interpretation.size) : null,
      makes: interpretation.makeIds,
      models: interpretation.modelIds,
      terms: interpretation.terms,
      parts: queryChips(f.query ?? '', interpretation, sizeFromText),
    };
  }
  return applied as SearchItems['applied'];
}

/**
 * The caller's company discounts applied to a page of results after the query (the cart's rule).
 * The statement already bounds, ranges and sorts by the same buyer's price (search.buyer-price.ts);
 * folding discounts into the precomputed search rows would multiply those rows by company.
 */
function discountedList(list: ListPricedItem[], discounts: DiscountRule[], companyId: number): SearchItem[] {
  const price = discounterOf(discounts, companyId);
  return list.map((item) => ({ ...price(item), rear: item.rear && price(item.rear) }));
}

/** Suggestions of searches that found nothing (page 0), kept like the answers. */
const keptSuggestions = new KeptByVersion<SearchSuggestion[]>(2000);

/**
 * The shop search: one page of purchasable SKUs with the caller's prices, facets and count.
 * The same search of the same price group is answered from memory while its data version
 * holds; the company's discounts are applied to every answer.
 */
export async function searchItems(
  db: Db,
  actor: Actor,
  filters: Filters,
  options = { prepare: false, keepAnswers: true },
): Promise<SearchItems> {
  // The discounts first: they are part of the plan (the buyer's prices bound, range and sort).
  const discounts = await recentDiscounts(db, actor.companyId);
  const { plan, interpretation, vocab, sizeFromText } = await planOf(
    db,
    actor,
    filters,
    planDiscounts(discounts, actor.companyId),
  );
  const [{ count, filters: facets, list }, sizes] = await Promise.all([
    answerOf(db, plan, options),
    vehicleSizes(db, filters).then((oe) => sizeOptions(db, plan, oe)),
  ]);
  const suggest = () =>
    suggestionsFor({
      db,
      plan,
      query: filters.query,
      interpretation,
      vocabulary: vocab,
      countOf: async (query) =>
        countHits(db, (await planOf(db, actor, { ...filters, query }, plan.discounts)).plan),
    });
  // Suggestions count hits beyond the asked size (nearby sizes scan the price group's rows):
  // kept per version of the whole catalogue, and per text (they quote it).
  const suggestions =
    count === 0 && plan.page === 0
      ? options.keepAnswers
        ? await keptSuggestions.through(
            db,
            JSON.stringify([plan, filters.query ?? null]),
            await searchVersion(db, plan.priceGroupId),
            suggest,
          )
        : await suggest()
      : [];
  return {
    list: inBuyerOrder(discountedList(list, discounts, actor.companyId), plan.sort),
    filters: facets,
    applied: appliedOf(filters, interpretation, sizeFromText),
    count,
    page: plan.page,
    sizes,
    suggestions,
  };
}

// The public entry of the search for other modules: the stored search rows and their counts.
export { foldFacetDeltas, foldSoon } from './search.counts';
export { productsIn, refreshSearchItems } from './search.items';
export { typeaheadOf } from './search.typeahead';
