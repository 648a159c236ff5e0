import type { QueryChip } from '../../../contract/search';
import { type QueryInterpretation, queryWithout } from '../../../domain/search-query';
import type { FacetFilterKey } from '../../../domain/shop-search';
import type { SearchPlan } from './search.sql';

// How a reading of the free text (src/domain/search-query.ts) becomes search filters, and the
// chips that show it. The text's categories, speed ratings, load indexes, plies and sidewalls are
// facet values (joined to any the sidebar chose: values of one facet are alternatives); its size
// applies only when no other size was given (width/ratio/rim, size, vehicle), and then its P or
// LT prefix too (P225 is P-metric width 225; LT265/70R17 an LT tire; a P prefix on a whole size
// is the same size as without, as buyers use them).

export function interpretedFacets(
  q: QueryInterpretation,
): Partial<Record<FacetFilterKey, (string | number)[]>> {
  return {
    categories: q.categoryIds,
    speed: q.speed,
    load: q.load,
    ply: q.ply,
    sidewall: q.sidewall,
  };
}

/** The text's size, when nothing else named one. */
export function textFilters(q: QueryInterpretation): { dims?: SearchPlan['dims']; sizeType?: 'P' | 'LT' } {
  if (q.size) {
    const { width, ratio, rim } = q.size;
    return { dims: { width, ratio, rim }, ...(q.size.type === 'LT' ? { sizeType: 'LT' as const } : {}) };
  }
  const p = q.partialSize;
  if (!p) return {};
  const dims: NonNullable<SearchPlan['dims']> = {};
  if (p.width !== undefined) dims.width = p.width;
  if (p.ratio !== undefined) dims.ratio = p.ratio;
  if (p.rim !== undefined) dims.rim = p.rim;
  return { dims, ...(p.type ? { sizeType: p.type } : {}) };
}

/** One chip per part of the text; the size's only when the text's size was the one applied. */
export function queryChips(text: string, q: QueryInterpretation, sizeApplied: boolean): QueryChip[] {
  return q.parts
    .filter((p) => p.kind !== 'size' || sizeApplied)
    .map((p) => ({ kind: p.kind, label: p.label, text: p.text, query: queryWithout(text, p) }));
}
