// The shop search vocabulary: filter keys, facet filters, sort codes, paging.

export const SHOP_PAGE_SIZE = 15;
export const FIRST_PAGE = 0;

/** LTH lowest to highest price (default), HTL highest to lowest, MAZ / MZA alphabetical. */
export const sortCodes = ['LTH', 'HTL', 'MAZ', 'MZA'] as const;
export type SortCode = (typeof sortCodes)[number];
export const DEFAULT_SORT: SortCode = 'LTH';
export const sortLabels: Record<SortCode, string> = {
  LTH: 'Price: low to high',
  HTL: 'Price: high to low',
  MAZ: 'Name: A to Z',
  MZA: 'Name: Z to A',
};

/** Facets: filters whose values come with counts; several values of one facet are alternatives. */
export const facetFilterKeys = [
  'makes',
  'models',
  'speed',
  'load',
  'ply',
  'utqg',
  'warranty',
  'sidewall',
  'categories',
  'specials',
  'rebates',
] as const;
export type FacetFilterKey = (typeof facetFilterKeys)[number];

/** Every key of the results page URL. */
export const filterKeys = [
  'pageSize',
  'page',
  'query',
  'minPrice',
  'maxPrice',
  'specials',
  'makes',
  'models',
  'categories',
  'speed',
  'load',
  'ply',
  'utqg',
  'warranty',
  'sidewall',
  'width',
  'ratio',
  'rim',
  'specialsOnly',
  'runFlat',
  'sort',
  'rearWidth',
  'rearRatio',
  'rearRim',
  'year',
  'vmake',
  'vmodel',
  'option',
  'size',
  'rebates',
] as const;
export type FilterKey = (typeof filterKeys)[number];

/** Filter categories of the sidebar: 'ALL' clears, 'sizes' sets width, ratio and rim. */
export const filterCategories = [
  'ALL',
  'makes',
  'models',
  'speed',
  'load',
  'warranty',
  'sidewall',
  'ply',
  'rebates',
  'specials',
  'categories',
  'utqg',
  'sizes',
] as const;
export type FilterCategory = (typeof filterCategories)[number];

export const facetLabels: Record<FacetFilterKey, string> = {
  makes: 'Brand',
  models: 'Tire line',
  speed: 'Speed rating',
  load: 'Load index',
  ply: 'Ply',
  utqg: 'UTQG',
  warranty: 'Tread warranty',
  sidewall: 'Sidewall',
  categories: 'Category',
  specials: 'Specials',
  rebates: 'Rebates',
};
