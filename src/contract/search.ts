import { z } from 'zod';
import { DEFAULT_SORT, SHOP_PAGE_SIZE, sortCodes } from '../domain/shop-search';
import { queryPartKinds } from '../domain/search-query';
import { parseTireSize, speedIndexes } from '../domain/tire-size';
import { Product } from './catalog';
import { endpoint, PageNumber, PageSize } from './common';

// POST /api/search/items: the shop's faceted search (see src/server/modules/search/README.md).

/** A value or a list of them (a URL may carry makes=3 as well as makes[]=3). */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(100),
  );
const flag = z
  .preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean())
  .default(false);
const Dimension = z.coerce.number().positive().max(400);
const Int = z.coerce.number().int().positive();
const Name = z.string().trim().min(1).max(60);

export const SearchFilters = z.object({
  page: PageNumber.default(0),
  pageSize: PageSize.default(SHOP_PAGE_SIZE),
  sort: z.enum(sortCodes).default(DEFAULT_SORT),
  /** Free text: a size in any notation, an MPN or its prefix, brand and line names. */
  query: z.string().trim().max(100).optional(),
  /** Price bounds in cents, inclusive. */
  minPrice: z.coerce.number().int().min(0).optional(),
  maxPrice: z.coerce.number().int().min(0).optional(),
  makes: list(Int),
  models: list(Int),
  categories: list(Int),
  speed: list(z.enum(speedIndexes)),
  load: list(z.coerce.number().int().min(1).max(200)),
  ply: list(z.coerce.number().int().min(1).max(30)),
  utqg: list(z.string().trim().min(1).max(20)),
  warranty: list(z.coerce.number().int().min(0).max(200000)),
  sidewall: list(z.string().trim().min(1).max(10)),
  specials: list(z.enum(['true'])),
  rebates: list(z.enum(['true'])),
  specialsOnly: flag,
  runFlat: flag,
  width: Dimension.optional(),
  ratio: Dimension.optional(),
  rim: Dimension.optional(),
  /** Rear size of a staggered set: results are front-and-rear pairs of the same line. */
  rearWidth: Dimension.optional(),
  rearRatio: Dimension.optional(),
  rearRim: Dimension.optional(),
  year: z.coerce.number().int().min(1959).max(2100).optional(),
  vmake: Name.optional(),
  vmodel: Name.optional(),
  option: Name.optional(),
  /** A size with its service description, as the vehicle search builds it: 225/45R17 94W. */
  size: z
    .string()
    .trim()
    .max(40)
    .refine((s) => parseTireSize(s) !== null, 'is not a tire size')
    .optional(),
});
export type SearchFilters = z.input<typeof SearchFilters>;

export const FacetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof FacetValue>;
const facetList = z.array(FacetValue);
export const Facets = z.object({
  makes: facetList,
  models: facetList,
  speed: facetList,
  load: facetList,
  ply: facetList,
  utqg: facetList,
  warranty: facetList,
  sidewall: facetList,
  categories: facetList,
  specials: facetList,
  rebates: facetList,
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
});
export type Facets = z.infer<typeof Facets>;

export const SearchItem = Product.extend({
  /** The rear tire of a staggered set (rear filters given): the cheapest of the same line. */
  rear: Product.nullable(),
});
export type SearchItem = z.infer<typeof SearchItem>;

/** One part of the free text as the search read it: a chip the buyer can remove on its own. */
export const QueryChip = z.object({
  kind: z.enum(queryPartKinds),
  label: z.string(),
  /** The words it was read from, as typed. */
  text: z.string(),
  /** The query without this part: what removing the chip searches for. */
  query: z.string(),
});
export type QueryChip = z.infer<typeof QueryChip>;

/** A size of the 'Sizes' facet (the sizes of a partial size, a vehicle's OE sizes) with its count. */
export const SizeOption = z.object({
  width: z.number(),
  ratio: z.number(),
  rim: z.number(),
  label: z.string(),
  count: z.number().int(),
  /** One of the chosen vehicle's original-equipment sizes. */
  oe: z.boolean(),
});
export type SizeOption = z.infer<typeof SizeOption>;

/** When nothing is found: a nearby size, the query without its least certain part, a spelling. */
export const SearchSuggestion = z.object({
  kind: z.enum(['size', 'drop', 'spelling']),
  label: z.string(),
  count: z.number().int(),
  /** The free text to search instead. */
  query: z.string(),
  /** For a size: set through the 'sizes' filter type (width, ratio and rim together). */
  width: z.number().optional(),
  ratio: z.number().optional(),
  rim: z.number().optional(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;

const nums = z.array(z.number());
const strs = z.array(z.string());
/** The filters that were applied (plain output shapes: what the server understood). */
export const Applied = z
  .object({
    page: z.number().int(),
    pageSize: z.number().int(),
    sort: z.enum(sortCodes),
    query: z.string(),
    minPrice: z.number().int(),
    maxPrice: z.number().int(),
    makes: nums,
    models: nums,
    categories: nums,
    speed: strs,
    load: nums,
    ply: nums,
    utqg: strs,
    warranty: nums,
    sidewall: strs,
    specials: strs,
    rebates: strs,
    specialsOnly: z.boolean(),
    runFlat: z.boolean(),
    width: z.number(),
    ratio: z.number(),
    rim: z.number(),
    rearWidth: z.number(),
    rearRatio: z.number(),
    rearRim: z.number(),
    year: z.number().int(),
    vmake: z.string(),
    vmodel: z.string(),
    option: z.string(),
    size: z.string(),
    /** How the free text was read. */
    interpreted: z.object({
      size: z.string().nullable(),
      makes: nums,
      models: nums,
      terms: strs,
      parts: z.array(QueryChip),
    }),
  })
  .partial();

export const searchItems = endpoint({
  method: 'POST',
  path: '/api/search/items',
  access: 'user',
  summary: "Faceted tire search with the caller's prices",
  body: SearchFilters,
  trustedResponse: true,
  readOnly: true,
  replica: true,
  response: z.object({
    data: z.object({
      list: z.array(SearchItem),
      filters: Facets,
      applied: Applied,
      count: z.number().int(),
      page: z.number().int(),
      /** The 'Sizes' facet: given for a partial size or a chosen vehicle, else empty. */
      sizes: z.array(SizeOption),
      /** Given when nothing is found (count 0), else empty. */
      suggestions: z.array(SearchSuggestion),
    }),
  }),
});

/** One type-ahead suggestion: what to search, what it is, and how many SKUs it finds. */
export const TypeaheadItem = z.object({
  kind: z.enum(['size', 'make', 'model', 'category', 'mpn']),
  label: z.string(),
  /** The free text to search when it is chosen. */
  query: z.string(),
  count: z.number().int(),
});
export type TypeaheadItem = z.infer<typeof TypeaheadItem>;

export const TYPEAHEAD_LIMIT = 8;

export const typeahead = endpoint({
  method: 'GET',
  path: '/api/search/typeahead',
  access: 'user',
  summary:
    "Up to 8 completions of what the buyer is typing (sizes, brands, lines, categories, MPNs) with the caller's counts",
  query: z.object({ q: z.string().trim().min(1).max(100) }),
  trustedResponse: true,
  readOnly: true,
  replica: true,
  response: z.object({ data: z.object({ list: z.array(TypeaheadItem).max(TYPEAHEAD_LIMIT) }) }),
});
