import { z } from 'zod';
import { MAX_COMPARED } from '../domain/comparisons';
import { Required } from './admin-common';
import { Product } from './catalog';
import { endpoint, Id, Ok, PageQuery, pageOf } from './common';
import { RatingSummary } from './reviews';

// Side-by-side comparisons of up to four SKUs (docs/marketing.md): the table for the ticked
// results, and each user's saved, named comparisons.

const ProductIds = z
  .array(z.number().int().positive())
  .min(2, 'Compare at least 2 tires')
  .max(MAX_COMPARED, `Compare at most ${MAX_COMPARED} tires`)
  .refine((ids) => new Set(ids).size === ids.length, 'A tire is in the list twice');

export const ComparisonInput = z.object({
  name: Required('a name', 80),
  productIds: ProductIds,
});
export type ComparisonInput = z.input<typeof ComparisonInput>;

export const Comparison = z.object({
  id: z.number().int(),
  name: z.string(),
  productIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comparison = z.infer<typeof Comparison>;

export const ComparisonColumn = z.object({
  /** The SKU with the caller's price (its price group, less its company's discount) and stock. */
  product: Product,
  /** Overall diameter against the first tire, in percent (one decimal); null for the first. */
  diameterDifferencePercent: z.number().nullable(),
  /** Within 3 % of the first tire's overall diameter: interchangeable by the usual rule. */
  withinThreePercent: z.boolean(),
  rating: RatingSummary,
});
export type ComparisonColumn = z.infer<typeof ComparisonColumn>;

const Table = z.object({
  columns: z.array(ComparisonColumn),
  /** Saved tires that are no longer sold (left out of the columns). */
  missingProductIds: z.array(z.number().int()),
});
export type ComparisonTable = z.infer<typeof Table>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: Comparison });

export const listComparisons = endpoint({
  method: 'GET',
  path: '/api/comparisons',
  access: 'shop',
  summary: "The caller's saved comparisons, newest first",
  query: PageQuery,
  response: pageOf(Comparison),
});

export const compareProducts = endpoint({
  method: 'GET',
  path: '/api/comparisons/table',
  access: 'shop',
  summary: 'The side-by-side of 2 to 4 SKUs (`productIds[]`), in the order given',
  query: z.object({
    productIds: z.preprocess(
      (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
      z.array(Id).pipe(ProductIds),
    ),
  }),
  response: z.object({ data: Table }),
});

export const v1ListComparisons = { ...listComparisons, path: '/api/v1/comparisons' };

export const createComparison = endpoint({
  method: 'POST',
  path: '/api/v1/comparisons',
  access: 'shop',
  summary: 'Save a named comparison of 2 to 4 SKUs',
  body: ComparisonInput,
  response: One,
  status: 201,
});

export const getComparison = endpoint({
  method: 'GET',
  path: '/api/v1/comparisons/:id',
  access: 'shop',
  summary: 'One of your saved comparisons with its side-by-side',
  params: IdParams,
  response: z.object({ data: Comparison.extend({ table: Table }) }),
});

export const updateComparison = endpoint({
  method: 'PUT',
  path: '/api/v1/comparisons/:id',
  access: 'shop',
  summary: 'Rename a saved comparison or change its tires',
  params: IdParams,
  body: ComparisonInput.partial(),
  response: One,
});

export const deleteComparison = endpoint({
  method: 'DELETE',
  path: '/api/v1/comparisons/:id',
  access: 'shop',
  summary: 'Delete a saved comparison',
  params: IdParams,
  response: Ok,
});
