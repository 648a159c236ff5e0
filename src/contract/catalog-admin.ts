import { z } from 'zod';
import { NullableId, patchOf, Required, Text } from './admin-common';
import { endpoint, Id } from './common';
import { AdminUser, UserInput } from './users';

// Catalogue writes of the back office. The GET lists and details of make, model, product and
// category belong to the catalogue area (search); only writes are registered here.

const Slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case words joined by -')
  .max(80);
const IdParams = z.object({ id: Id });

export const Make = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  active: z.boolean(),
});
export const MakeInput = z.object({
  name: Required('a name', 80),
  slug: Slug.optional(),
  active: z.boolean().default(true),
});

/**
 * The body of POST /api/v1/make: a tire brand or, when it carries a username, a user. The make
 * branch refuses a username, so a user's body never becomes a brand; a missing name there reads
 * as "Enter a name" (an empty one) so that a bare body is answered with the make's pointers.
 */
const MakeOrUserInput = z.union([
  MakeInput.extend({
    name: z.preprocess((v) => v ?? '', MakeInput.shape.name),
    username: z.undefined().optional(),
  }),
  UserInput,
]);

/**
 * One client creates users with POST /make: with a username the
 * body creates a user exactly as POST /api/v1/user does (same rules, answer and permission).
 */
export const createMake = endpoint({
  method: 'POST',
  path: '/api/v1/make',
  access: 'admin',
  summary:
    'Create a tire brand (the slug is made from the name unless given); a body with a username creates a user as POST /api/v1/user',
  body: MakeOrUserInput,
  response: z.object({ data: z.union([Make, AdminUser]) }),
  status: 201,
});

export const updateMake = endpoint({
  method: 'PUT',
  path: '/api/v1/make/:id',
  access: 'admin',
  summary: 'Update a tire brand',
  params: IdParams,
  body: patchOf(MakeInput),
  response: z.object({ data: Make }),
});

export const Category = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const CategoryInput = z.object({ name: Required('a name', 80), slug: Slug.optional() });

export const createCategory = endpoint({
  method: 'POST',
  path: '/api/v1/category',
  access: 'admin',
  summary: 'Create a category',
  body: CategoryInput,
  response: z.object({ data: Category }),
  status: 201,
});

export const updateCategory = endpoint({
  method: 'PUT',
  path: '/api/v1/category/:id',
  access: 'admin',
  summary: 'Update a category',
  params: IdParams,
  body: patchOf(CategoryInput),
  response: z.object({ data: Category }),
});

export const Model = z.object({
  id: z.number().int(),
  makeId: z.number().int(),
  categoryId: z.number().int().nullable(),
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
export const ModelInput = z.object({
  makeId: Id,
  categoryId: NullableId.default(null),
  name: Required('a name', 120),
  slug: Slug.optional(),
  description: Text(5000).default(''),
  sidewall: Text(20).nullable().default(null),
  treadWarrantyMiles: z.number().int().min(0).max(200_000).nullable().default(null),
  runFlat: z.boolean().default(false),
  utqg: Text(20).nullable().default(null),
  active: z.boolean().default(true),
});

export const createModel = endpoint({
  method: 'POST',
  path: '/api/v1/model',
  access: 'admin',
  summary: 'Create a tire line of a brand',
  body: ModelInput,
  response: z.object({ data: Model }),
  status: 201,
});

export const updateModel = endpoint({
  method: 'PUT',
  path: '/api/v1/model/:id',
  access: 'admin',
  summary: 'Update a tire line',
  params: IdParams,
  body: patchOf(ModelInput.omit({ makeId: true })),
  response: z.object({ data: Model }),
});

export const ModelImage = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  altText: z.string(),
  position: z.number().int(),
  isPrimary: z.boolean(),
});
export type ModelImage = z.infer<typeof ModelImage>;

export const uploadModelImage = endpoint({
  method: 'POST',
  path: '/api/v1/model/:id/image',
  access: 'admin',
  summary: 'Upload an image of a tire line (multipart field `file`: PNG, JPEG or WebP, at most 5 MB)',
  params: IdParams,
  response: z.object({ data: ModelImage }),
  status: 201,
});

export const updateModelImage = endpoint({
  method: 'PUT',
  path: '/api/v1/model/:id/image/:imageId',
  access: 'admin',
  summary: "Update an image's text, order, or make it the line's main image",
  params: z.object({ id: Id, imageId: Id }),
  body: z.object({
    altText: Text(200).optional(),
    position: z.number().int().min(0).max(100).optional(),
    isPrimary: z.boolean().optional(),
  }),
  response: z.object({ data: ModelImage }),
});

export const getModelImageFile = endpoint({
  method: 'GET',
  path: '/api/v1/model/:id/image/:imageId',
  access: 'user',
  summary: 'The image file',
  params: z.object({ id: Id, imageId: Id }),
  response: z.unknown(),
});

const Dimension = z.number().min(0).max(100);
export const Product = z.object({
  id: z.number().int(),
  makeId: z.number().int(),
  modelId: z.number().int(),
  skuCode: z.string(),
  size: z.string(),
  width: z.number(),
  ratio: z.number(),
  rim: z.number(),
  loadIndex: z.number().int().nullable(),
  speedIndex: z.string().nullable(),
  /** Federal excise tax per tire, from the load index and construction (never typed in). */
  fetUnitCents: z.number().int(),
  active: z.boolean(),
});
export const ProductInput = z.object({
  modelId: Id,
  skuCode: Required('the part number', 60),
  size: Required('the size, e.g. 225/45R17', 40),
  sizeType: z.enum(['P', 'LT', 'ST', 'flotation', 'metric']).default('P'),
  width: z.number().min(1).max(500),
  ratio: Dimension,
  rim: z.number().min(8).max(30),
  construction: z.enum(['R', 'D', 'B']).default('R'),
  loadIndex: z.number().int().min(0).max(200).nullable().default(null),
  speedIndex: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,2}$/, 'A speed rating such as H or ZR')
    .nullable()
    .default(null),
  ply: z.number().int().min(2).max(20).nullable().default(null),
  loadRange: Text(2).nullable().default(null),
  overallDiameter: z.number().min(10).max(60),
  specials: z.boolean().default(false),
  rebateCents: z.number().int().min(0).default(0),
  active: z.boolean().default(true),
});

export const createProduct = endpoint({
  method: 'POST',
  path: '/api/v1/product',
  access: 'admin',
  summary: 'Create a SKU of a tire line (its make is the line’s)',
  body: ProductInput,
  response: z.object({ data: Product }),
  status: 201,
});

export const updateProduct = endpoint({
  method: 'PUT',
  path: '/api/v1/product/:id',
  access: 'admin',
  summary: 'Update a SKU',
  params: IdParams,
  body: patchOf(ProductInput.omit({ modelId: true })),
  response: z.object({ data: Product }),
});
