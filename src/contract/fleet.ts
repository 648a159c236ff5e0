import { z } from 'zod';
import { ListQuery, Text } from './admin-common';
import { SizeRecord } from './catalog';
import { Cents, endpoint, Id, Ok, pageOf } from './common';
import { Cart, CartCreate } from './order-shapes';

// The fleet roster: a company's vehicles (units) per location, the OE sizes their vehicle data
// gives, what was bought for each, and the lines of a cart that name a unit. docs/fleet.md.

const Name = z.string().trim().min(1, 'is empty').max(60);
const Tag = Text(60)
  .transform((s) => s || null)
  .nullable();

/** A VIN: 17 characters, letters and digits but I, O and Q (as every VIN since 1981 is). */
export const Vin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'is not a 17-character VIN (letters and digits, no I, O or Q)');

export const UnitInput = z.object({
  /** The location the unit is kept at; default the current one. */
  locationId: Id.optional(),
  unitNumber: z.string().trim().min(1, 'Enter the unit number').max(40),
  vin: z
    .union([Vin, z.literal('').transform(() => null)])
    .nullable()
    .default(null),
  year: z.number().int().min(1959).max(2100),
  make: Name,
  model: Name,
  option: Name,
  /** One of the vehicle's OE fitments (1, 2, …); null: the first. */
  fitment: z.number().int().min(1).max(9).nullable().default(null),
  route: Tag.default(null),
  depot: Tag.default(null),
});
export type UnitInput = z.input<typeof UnitInput>;

/** A change of a unit: a field left out stays as it is (no defaults). */
export const UnitPatch = UnitInput.partial().extend({
  vin: UnitInput.shape.vin.removeDefault().optional(),
  fitment: UnitInput.shape.fitment.removeDefault().optional(),
  route: Tag.optional(),
  depot: Tag.optional(),
});

export const Unit = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  unitNumber: z.string(),
  vin: z.string().nullable(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  option: z.string(),
  fitment: z.number().int().nullable(),
  route: z.string().nullable(),
  depot: z.string().nullable(),
  /** The OE sizes of the chosen fitment (front and rear when staggered); empty when the vehicle data has none. */
  sizes: z.array(SizeRecord),
  /** Every OE size of the vehicle, all fitments. */
  allSizes: z.array(SizeRecord),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof Unit>;

/** One line bought for a unit, on a placed order. */
export const UnitPurchase = z.object({
  orderItemId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string().nullable(),
  status: z.string(),
  placedAt: z.string().nullable(),
  productId: z.number().int(),
  makeId: z.number().int(),
  modelId: z.number().int(),
  skuCode: z.string(),
  brand: z.string(),
  line: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  unitPriceCents: Cents,
  roadHazard: z.boolean(),
});
export type UnitPurchase = z.infer<typeof UnitPurchase>;

export const UnitDetail = Unit.extend({ purchases: z.array(UnitPurchase) });
export type UnitDetail = z.infer<typeof UnitDetail>;

export const UnitQuery = ListQuery.extend({
  /** Staff only: one customer's roster (others see their own company's). */
  companyId: Id.optional(),
  /** One location of the caller's; default every location the caller may see. */
  locationId: Id.optional(),
  route: z.string().trim().max(60).optional(),
  depot: z.string().trim().max(60).optional(),
});

const UnitParams = z.object({ id: Id });

export const listUnits = endpoint({
  method: 'GET',
  path: '/api/v1/fleet/unit',
  access: 'shop',
  summary: "The fleet roster of the caller's locations (or one of them), by unit number, with OE sizes",
  query: UnitQuery,
  response: pageOf(Unit),
});

export const getUnit = endpoint({
  method: 'GET',
  path: '/api/v1/fleet/unit/:id',
  access: 'shop',
  summary: 'One unit with its OE sizes and the tires bought for it',
  params: UnitParams,
  response: z.object({ data: UnitDetail }),
});

export const createUnit = endpoint({
  method: 'POST',
  path: '/api/v1/fleet/unit',
  access: 'shop',
  summary:
    'Add a unit to the roster of one of the caller’s locations; its vehicle must be in the vehicle data',
  body: UnitInput,
  response: z.object({ data: Unit }),
  status: 201,
});

export const updateUnit = endpoint({
  method: 'PUT',
  path: '/api/v1/fleet/unit/:id',
  access: 'shop',
  summary: 'Change a unit (fields left out stay)',
  params: UnitParams,
  body: UnitPatch,
  response: z.object({ data: Unit }),
});

export const deleteUnit = endpoint({
  method: 'DELETE',
  path: '/api/v1/fleet/unit/:id',
  access: 'shop',
  summary: 'Take a unit off the roster (lines bought for it no longer name it)',
  params: UnitParams,
  response: Ok,
});

export const rosterColumns = ['unit', 'year', 'make', 'model', 'option'] as const;
export const rosterOptionalColumns = ['vin', 'fitment', 'route', 'depot'] as const;

export const RosterImportResult = z.object({
  locationId: z.number().int(),
  /** Units new to the location, and units whose row (by unit number) was changed. */
  created: z.number().int(),
  updated: z.number().int(),
});

export const importRoster = endpoint({
  method: 'POST',
  path: '/api/v1/fleet/import',
  access: 'shop',
  summary:
    'Import a roster CSV into one location (multipart field `file`, optional field `locationId`; columns unit,year,make,model,option and optional vin,fitment,route,depot). All or nothing: any bad line is a 400 naming every bad line',
  response: z.object({ data: RosterImportResult }),
  status: 201,
});

export const UnitCartLine = CartCreate.omit({ orderDeliveryZip: true });
export type UnitCartLineInput = z.input<typeof UnitCartLine>;

export const addUnitToCart = endpoint({
  method: 'POST',
  path: '/api/v1/fleet/unit/:id/cart',
  access: 'shop',
  summary:
    'Put tires into the cart for a unit: each a line of its own that names the unit (answers the cart)',
  params: UnitParams,
  body: z.object({ lines: z.array(UnitCartLine).min(1).max(20) }),
  response: Cart,
});

export const reorderUnit = endpoint({
  method: 'POST',
  path: '/api/v1/fleet/unit/:id/reorder',
  access: 'shop',
  summary: "Put the unit's last order's tires into the cart again, at today's prices (answers the cart)",
  params: UnitParams,
  response: Cart,
});

export const CartLineUnit = z.object({
  orderItemId: z.number().int(),
  unitId: z.number().int(),
  unitNumber: z.string(),
});

export const listCartUnits = endpoint({
  method: 'GET',
  path: '/api/v1/fleet/cart',
  access: 'shop',
  summary: 'The units the lines of the cart name',
  response: z.object({ list: z.array(CartLineUnit) }),
});

export const setCartLineUnit = endpoint({
  method: 'PUT',
  path: '/api/v1/fleet/cart',
  access: 'shop',
  summary: 'Name the unit a cart line is for (null: none); the unit must be of the cart’s location',
  body: z.object({ orderItemId: Id, unitId: Id.nullable() }),
  response: z.object({ list: z.array(CartLineUnit) }),
});
