import { z } from 'zod';
import { ListQuery, NullableId, OptionalBool, OptionalId, Required, patchOf } from './admin-common';
import { endpoint, Id, Ok, pageOf } from './common';

export const MarkupRule = z.object({
  id: z.number().int(),
  priceGroupId: z.number().int(),
  priceGroupName: z.string(),
  makeId: z.number().int().nullable(),
  makeName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  minCostCents: z.number().int().nullable(),
  maxCostCents: z.number().int().nullable(),
  basisPoints: z.number().int(),
  fixedCents: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type MarkupRule = z.infer<typeof MarkupRule>;

const MarkupFields = z.object({
  priceGroupId: Id,
  makeId: NullableId.default(null),
  categoryId: NullableId.default(null),
  minCostCents: z.number().int().min(0).nullable().default(null),
  maxCostCents: z.number().int().min(1).nullable().default(null),
  /** Share of cost added, in basis points (2500 = 25 %); negative sells below cost. */
  basisPoints: z.number().int().min(-5000, 'At most 50 % below cost').max(100_000).default(0),
  fixedCents: z.number().int().min(-1_000_00).max(1_000_000).default(0),
  active: z.boolean().default(true),
});
const bandIsOrdered = (r: { minCostCents?: number | null; maxCostCents?: number | null }) =>
  r.minCostCents == null || r.maxCostCents == null || r.minCostCents < r.maxCostCents;
const bandMessage = { message: 'Must be above the minimum cost', path: ['maxCostCents'] };
export const MarkupInput = MarkupFields.refine(bandIsOrdered, bandMessage);
export type MarkupInput = z.input<typeof MarkupInput>;

const IdParams = z.object({ id: Id });

export const listMarkups = endpoint({
  method: 'GET',
  path: '/api/v1/pricing/markup',
  access: 'staff',
  summary: 'Markup rules, filterable by price group and make',
  query: ListQuery.extend({ priceGroupId: OptionalId, makeId: OptionalId, active: OptionalBool }),
  response: pageOf(MarkupRule),
});

export const createMarkup = endpoint({
  method: 'POST',
  path: '/api/v1/pricing/markup',
  access: 'admin',
  summary: 'Create a markup rule; the prices it touches are recomputed at once',
  body: MarkupInput,
  response: z.object({ data: MarkupRule }),
  status: 201,
});

export const updateMarkup = endpoint({
  method: 'PUT',
  path: '/api/v1/pricing/markup/:id',
  access: 'admin',
  summary: 'Update a markup rule; prices are recomputed',
  params: IdParams,
  body: patchOf(MarkupFields).refine(bandIsOrdered, bandMessage),
  response: z.object({ data: MarkupRule }),
});

export const deleteMarkup = endpoint({
  method: 'DELETE',
  path: '/api/v1/pricing/markup/:id',
  access: 'admin',
  summary: 'Delete a markup rule; prices are recomputed',
  params: IdParams,
  response: Ok,
});

export const recomputePrices = endpoint({
  method: 'PUT',
  path: '/api/v1/pricing/markup/pricing',
  access: 'admin',
  summary: 'Recompute every product price in every price group',
  response: z.object({ ok: z.literal(true), products: z.number().int(), durationMs: z.number().int() }),
});

export const PreviewRow = z.object({
  productId: z.number().int(),
  skuCode: z.string(),
  size: z.string(),
  makeName: z.string(),
  modelName: z.string(),
  costCents: z.number().int(),
  groups: z.array(
    z.object({
      priceGroupId: z.number().int(),
      priceGroupName: z.string(),
      currentCents: z.number().int().nullable(),
      previewCents: z.number().int(),
    }),
  ),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

export const previewMarkup = endpoint({
  method: 'POST',
  path: '/api/v1/pricing/markup/preview',
  access: 'admin',
  summary: 'Prices of sample products in each group if this rule were saved (nothing is saved)',
  body: MarkupFields.extend({ productIds: z.array(Id).max(20).optional() }).refine(
    bandIsOrdered,
    bandMessage,
  ),
  response: z.object({ data: z.array(PreviewRow) }),
});

export const PriceGroupView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  locations: z.number().int(),
  rules: z.number().int(),
});
export type PriceGroupView = z.infer<typeof PriceGroupView>;

export const PriceGroupInput = z.object({
  code: Required('a code', 40).regex(/^[a-z0-9_-]+$/, 'Use lower-case letters, digits, - and _'),
  name: Required('a name', 100),
});
export type PriceGroupInput = z.input<typeof PriceGroupInput>;

export const listPriceGroups = endpoint({
  method: 'GET',
  path: '/api/v1/pricing/group',
  access: 'staff',
  summary: 'Price groups with the number of locations and rules using each',
  query: ListQuery,
  response: pageOf(PriceGroupView),
});

export const getPriceGroup = endpoint({
  method: 'GET',
  path: '/api/v1/pricing/group/:id',
  access: 'staff',
  summary: 'One price group',
  params: IdParams,
  response: z.object({ data: PriceGroupView }),
});

export const createPriceGroup = endpoint({
  method: 'POST',
  path: '/api/v1/pricing/group',
  access: 'admin',
  summary: 'Create a price group (priced at cost until it has rules)',
  body: PriceGroupInput,
  response: z.object({ data: PriceGroupView }),
  status: 201,
});

export const updatePriceGroup = endpoint({
  method: 'PUT',
  path: '/api/v1/pricing/group/:id',
  access: 'admin',
  summary: 'Rename a price group',
  params: IdParams,
  body: patchOf(PriceGroupInput),
  response: z.object({ data: PriceGroupView }),
});

export const ProductPricing = z.object({
  productId: z.number().int(),
  skuCode: z.string(),
  size: z.string(),
  makeName: z.string(),
  modelName: z.string(),
  priceGroupId: z.number().int(),
  priceGroupName: z.string(),
  costCents: z.number().int(),
  priceCents: z.number().int(),
  available: z.number().int(),
  updatedAt: z.string(),
});
export type ProductPricing = z.infer<typeof ProductPricing>;

export const listPricing = endpoint({
  method: 'GET',
  path: '/api/v1/pricing',
  access: 'staff',
  summary: 'Computed sell prices (product × price group), with cost and availability',
  query: ListQuery.extend({ priceGroupId: OptionalId, makeId: OptionalId, productId: OptionalId }),
  response: pageOf(ProductPricing),
});

export const getPricing = endpoint({
  method: 'GET',
  path: '/api/v1/pricing/:id',
  access: 'staff',
  summary: "One product's prices in every price group (id: product id)",
  params: IdParams,
  response: z.object({ data: z.array(ProductPricing) }),
});

export const createPricing = endpoint({
  method: 'POST',
  path: '/api/v1/pricing',
  access: 'admin',
  summary: 'Price the given products now (runs the pricing engine for them)',
  body: z.object({ productIds: z.array(Id).min(1).max(1000) }),
  response: z.object({ data: z.array(ProductPricing) }),
  status: 201,
});

export const updatePricing = endpoint({
  method: 'PUT',
  path: '/api/v1/pricing/:id',
  access: 'admin',
  summary: 'Re-price one product now in every group (id: product id)',
  params: IdParams,
  response: z.object({ data: z.array(ProductPricing) }),
});
