import { z } from 'zod';
import { Cents, endpoint, Id } from './common';

const Quantity = z.number().int('Enter a whole number').positive('Enter a quantity above 0').max(999);
const Zip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');

export const Totals = z.object({
  subtotalCents: Cents,
  roadHazardCents: Cents,
  shippingCents: Cents,
  discountCents: Cents,
  taxCents: Cents,
  totalCents: Cents,
});

export const CartItem = z.object({
  orderItemId: z.number().int(),
  orderItemMakeId: z.number().int(),
  orderItemModelId: z.number().int(),
  orderItemProductId: z.number().int(),
  orderItemQuantity: z.number().int(),
  orderItemRoadHazard: z.boolean(),
  makeName: z.string(),
  modelName: z.string(),
  skuCode: z.string(),
  size: z.string(),
  unitPriceCents: Cents,
  unitDiscountCents: Cents,
  roadHazardUnitCents: Cents,
  lineTotalCents: Cents,
  available: z.number().int(),
});
export type CartItem = z.infer<typeof CartItem>;

export const DeliveryAddress = z.object({
  name: z.string().trim().min(1).max(120),
  address1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().length(2),
  zip: Zip,
});

export const Delivery = z.object({
  kind: z.enum(['location', 'address', 'installer']),
  zip: z.string().nullable(),
  address: DeliveryAddress.nullable(),
  installerLocationId: z.number().int().nullable(),
});

export const Cart = z.object({
  /** null while the user has no cart yet. */
  orderId: z.number().int().nullable(),
  orderDeliveryZip: z.string().nullable(),
  delivery: Delivery,
  paymentMethod: z.string().nullable(),
  orderItems: z.array(CartItem),
  totals: Totals,
});
export type Cart = z.infer<typeof Cart>;

export const CartCreate = z.object({
  orderItemMakeId: Id,
  orderItemModelId: Id,
  orderItemProductId: Id,
  orderItemQuantity: Quantity,
  orderItemRoadHazard: z.boolean().default(false),
  orderDeliveryZip: Zip.optional(),
});
export type CartCreate = z.infer<typeof CartCreate>;

export const createCart = endpoint({
  method: 'POST',
  path: '/api/cart',
  access: 'shop',
  summary: 'Put a product into the cart (creating the cart); answers the whole cart',
  body: CartCreate,
  response: Cart,
});

export const getCart = endpoint({
  method: 'GET',
  path: '/api/cart',
  access: 'shop',
  summary: 'The cart of the user at the current location, re-priced',
  response: Cart,
});

export const CartItemUpdate = z.object({
  orderItemId: Id,
  orderItemQuantity: z.number().int('Enter a whole number').min(0).max(999).optional(),
  orderItemRoadHazard: z.boolean().optional(),
});

export const updateCart = endpoint({
  method: 'PUT',
  path: '/api/cart',
  access: 'shop',
  summary: 'Change quantities or road hazard of several items (quantity 0 removes)',
  body: z.object({ orderItems: z.array(CartItemUpdate).min(1).max(100) }),
  response: Cart,
});

export const addCartItem = endpoint({
  method: 'POST',
  path: '/api/cart/item',
  access: 'shop',
  summary: 'Add a product to the cart',
  body: CartCreate.omit({ orderDeliveryZip: true }),
  response: Cart,
});

export const updateCartItem = endpoint({
  method: 'PUT',
  path: '/api/cart/item/:id',
  access: 'shop',
  summary: 'Change the quantity of one item; 0 removes it',
  params: z.object({ id: Id }),
  body: z.object({
    orderItemQuantity: z.number().int('Enter a whole number').min(0).max(999),
    orderItemRoadHazard: z.boolean().optional(),
  }),
  response: Cart,
});

export const ShippingChoice = z.object({
  kind: z.enum(['location', 'address', 'installer']),
  address: DeliveryAddress.optional(),
  installerLocationId: Id.optional(),
});

export const setCartShipping = endpoint({
  method: 'PUT',
  path: '/api/cart/shipping',
  access: 'shop',
  summary: "Deliver to the location's ZIP, another validated address or an installer",
  body: ShippingChoice,
  response: Cart,
});

export const ShippingQuote = z.object({
  zip: z.string().nullable(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      warehouseZip: z.string().nullable(),
      miles: z.number().int().nullable(),
      shippingCents: Cents,
    }),
  ),
  shippingCents: Cents,
});

export const getShipping = endpoint({
  method: 'GET',
  path: '/api/shipping',
  access: 'shop',
  summary: "Shipping of the cart's lines to its delivery ZIP (or to ?zip=)",
  query: z.object({ zip: Zip.optional() }),
  response: ShippingQuote,
});

export const Place = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

export const lookupZip = endpoint({
  method: 'POST',
  path: '/api/zip',
  access: 'user',
  summary: 'Validate a US ZIP code and answer its city, state and coordinates',
  body: z.object({ zip: Zip }),
  response: Place,
});

export const lookupCoords = endpoint({
  method: 'POST',
  path: '/api/coords',
  access: 'user',
  summary: 'The nearest ZIP code to coordinates',
  body: z.object({
    coords: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  }),
  response: Place,
});

export const InstallerLocation = z.object({
  locationId: z.number().int(),
  name: z.string(),
  companyName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  miles: z.number().int().nullable(),
});

const InstallerSearch = z.object({
  zip: Zip.optional(),
  radiusMiles: z.coerce.number().int().min(1).max(1000).default(250),
});

export const listInstallerLocations = endpoint({
  method: 'GET',
  path: '/api/installer/locations',
  access: 'user',
  summary: 'Installer locations nearest a ZIP (default: the current location)',
  query: InstallerSearch,
  response: z.object({ list: z.array(InstallerLocation) }),
});

export const searchInstallerLocations = endpoint({
  method: 'POST',
  path: '/api/installer/locations',
  access: 'user',
  summary: 'Installer locations nearest a ZIP within a radius',
  body: InstallerSearch,
  response: z.object({ list: z.array(InstallerLocation) }),
});

export const roadHazardOffer = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/roadguard/offer',
  access: 'user',
  summary: "The warranty provider's road hazard offer for a product, priced per tire",
  query: z.object({ productId: Id }),
  response: z.object({
    provider: z.string(),
    productId: z.number().int(),
    termMonths: z.number().int(),
    unitCents: Cents,
    description: z.string(),
  }),
});
