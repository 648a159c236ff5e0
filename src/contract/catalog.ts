import { z } from 'zod';
import { endpoint, Id, PageQuery, pageOf } from './common';

// Catalogue reads: brands (makes), tire lines (models),
// categories, SKUs (products), canonical sizes, vehicles and channels. Their create and update
// calls live in catalog-admin.ts (back-office).

export const Category = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const Make = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  active: z.boolean(),
});
export const Model = z.object({
  id: z.number().int(),
  makeId: z.number().int(),
  makeName: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sidewall: z.string().nullable(),
  treadWarrantyMiles: z.number().int().nullable(),
  runFlat: z.boolean(),
  utqg: z.string().nullable(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
});

/** A SKU as shoppers see it: the price of the caller's price group, never cost. */
export const Product = z.object({
  productId: z.number().int(),
  /** The make id of the SKU: with skuCode it names a SKU (shipping estimate, cart). */
  skuMakeId: z.number().int(),
  skuCode: z.string(),
  makeId: z.number().int(),
  modelId: z.number().int(),
  brand: z.string(),
  line: z.string(),
  categoryId: z.number().int().nullable(),
  category: z.string().nullable(),
  size: z.string(),
  sizeType: z.string(),
  width: z.number(),
  ratio: z.number(),
  rim: z.number(),
  construction: z.string(),
  loadIndex: z.number().int().nullable(),
  loadIndexDual: z.number().int().nullable(),
  speedIndex: z.string().nullable(),
  ply: z.number().int().nullable(),
  loadRange: z.string().nullable(),
  weightLbs: z.number().nullable(),
  overallDiameter: z.number(),
  utqg: z.string().nullable(),
  warrantyMiles: z.number().int().nullable(),
  sidewall: z.string().nullable(),
  runFlat: z.boolean(),
  specials: z.boolean(),
  rebateCents: z.number().int(),
  /**
   * Federal excise tax per tire (26 U.S.C. §4071, from the load index): charged on top of the
   * price, never discounted; 0 for most tires (at or below 3,500 lb of load).
   */
  fetUnitCents: z.number().int(),
  /**
   * What the caller pays per unit: its price group's price less the best discount in force for
   * its company (the cart applies the same). Null when the product has no price yet (never stocked).
   */
  priceCents: z.number().int().nullable(),
  /** The price group's price before any discount: shown struck through when above priceCents. */
  listPriceCents: z.number().int().nullable(),
  /** The reduction per unit of the discount that applies; 0 when none does. */
  discountCents: z.number().int(),
  available: z.number().int(),
  image: z.string().nullable(),
});
export type Product = z.infer<typeof Product>;
/** A Product as the database lists it, before the caller's discounts are applied. */
export type ListPricedProduct = Omit<Product, 'listPriceCents' | 'discountCents'>;

export const Size = z.object({
  id: z.number().int(),
  size: z.string(),
  slug: z.string(),
  sizeType: z.string(),
  width: z.number(),
  ratio: z.number(),
  rim: z.number(),
  construction: z.string(),
  overallDiameter: z.number(),
});
export type Size = z.infer<typeof Size>;

/** An OE size of a vehicle (size, load index, speed index); staggered sets answer a front and a rear. */
export const SizeRecord = z.object({
  size: z.string(),
  loadIndex: z.number().int(),
  speedIndex: z.string(),
  /** Which fitment of the vehicle (1..3) this belongs to. */
  fitment: z.number().int(),
  position: z.enum(['both', 'front', 'rear']),
});
export type SizeRecord = z.infer<typeof SizeRecord>;

export const Vehicle = z.object({
  id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  option: z.string(),
  slug: z.string(),
  sizes: z.array(SizeRecord),
});
export const Channel = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});

const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
const IdParams = z.object({ id: Id });
const Text = z.string().trim().max(100);

/** Words of a name (back-office pickers and lists search with it). */
export const SearchQuery = PageQuery.extend({ q: Text.optional() });
export const ModelQuery = SearchQuery.extend({ makeId: Id.optional(), categoryId: Id.optional() });
export const ProductQuery = SearchQuery.extend({
  makeId: Id.optional(),
  modelId: Id.optional(),
  size: Text.optional(),
});
export const SizeQuery = PageQuery.extend({
  width: z.coerce.number().positive().optional(),
  ratio: z.coerce.number().positive().optional(),
  rim: z.coerce.number().positive().optional(),
});
export const VehicleQuery = PageQuery.extend({
  year: z.coerce.number().int().min(1959).max(2100).optional(),
  make: Text.optional(),
  model: Text.optional(),
  /** Free text over make, model and option: "2020 camry". */
  q: Text.optional(),
});

function reads<T extends z.ZodType>(path: string, what: string, item: T) {
  return {
    list: endpoint({
      method: 'GET',
      replica: true,
      path,
      access: 'user',
      summary: `List ${what}`,
      query: SearchQuery,
      response: pageOf(item),
    }),
    get: endpoint({
      method: 'GET',
      replica: true,
      path: `${path}/:id`,
      access: 'user',
      summary: `One of the ${what}`,
      params: IdParams,
      response: one(item),
    }),
  };
}

// Storefront paths (/api/…) and main-API paths (/api/v1/…): clients call both.
export const categories = reads('/api/categories', 'tire categories', Category);
export const makes = reads('/api/makes', 'tire brands', Make);
export const v1Categories = reads('/api/v1/category', 'tire categories', Category);
export const v1Makes = reads('/api/v1/make', 'tire brands', Make);
export const channels = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/channel',
  access: 'user',
  summary: 'Sales channels (4 is this web shop)',
  response: pageOf(Channel),
});

export const listModels = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/models',
  access: 'user',
  summary: 'Tire lines, by brand or category',
  query: ModelQuery,
  response: pageOf(Model),
});
export const getModel = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/models/:id',
  access: 'user',
  summary: 'One tire line',
  params: IdParams,
  response: one(Model),
});
export const v1ListModels = { ...listModels, path: '/api/v1/model' };
export const v1GetModel = { ...getModel, path: '/api/v1/model/:id' };

export const listProducts = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/products',
  access: 'user',
  summary: "SKUs with the caller's price",
  query: ProductQuery,
  response: pageOf(Product),
});
export const getProductByCode = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/products/:code',
  access: 'user',
  summary: 'One SKU by its code (MPN) and make (id or slug)',
  params: z.object({ code: z.string().trim().min(1).max(64) }),
  query: z.object({ make: z.string().trim().min(1).max(64) }),
  response: one(Product),
});
export const v1ListProducts = { ...listProducts, path: '/api/v1/product' };
export const v1GetProduct = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/product/:id',
  access: 'user',
  summary: 'One SKU by id',
  params: IdParams,
  response: one(Product),
});

export const listSizes = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/size',
  access: 'user',
  summary: 'Canonical tire sizes',
  query: SizeQuery,
  response: pageOf(Size),
});
export const getSize = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/size/:id',
  access: 'user',
  summary: 'One tire size',
  params: IdParams,
  response: one(Size),
});
export const sizesByDiameter = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/size/diameter/:id',
  access: 'user',
  summary: 'Sizes within 3% of the overall diameter of a size (plus-size alternatives)',
  params: IdParams,
  response: z.object({ data: z.object({ size: Size, list: z.array(Size) }) }),
});
export const productsOfSize = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/product/tireSize/:slug',
  access: 'user',
  summary: 'SKUs of one size, by its slug (225-45r17)',
  params: z.object({ slug: z.string().trim().min(1).max(40) }),
  query: PageQuery,
  response: pageOf(Product),
});
export const searchSizes = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/tire-size/search',
  access: 'user',
  summary: 'Sizes matching a text in any notation, or a prefix of one',
  query: PageQuery.extend({ q: Text.min(1) }),
  response: pageOf(Size),
});

export const getVehicle = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/vehicle/:slug',
  access: 'user',
  summary: 'One vehicle with its OE sizes, by slug (2020-toyota-camry-le)',
  params: z.object({ slug: z.string().trim().min(1).max(120) }),
  response: one(Vehicle),
});
export const searchVehicles = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/vehicle/search',
  access: 'user',
  summary: 'Vehicles by year, make, model or free text',
  query: VehicleQuery,
  response: pageOf(Vehicle),
});
export const listWebVehicles = {
  ...searchVehicles,
  path: '/api/v1/vehicle-web',
  summary: 'Vehicles of the web shop',
};
export const getWebVehicle = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/vehicle-web/:id',
  access: 'user',
  summary: 'One vehicle of the web shop, by id',
  params: IdParams,
  response: one(Vehicle),
});
