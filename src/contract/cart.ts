import { z } from 'zod';
import { tireKinds } from '../domain/tire-kind';
import { Cents, endpoint, Id } from './common';
import {
  Cart,
  CardInput,
  CardToken,
  CartCreate,
  DeliveryAddress,
  OrderDetail,
  Quantity,
  Zip,
} from './order-shapes';
import { TaxRuleView } from './tax';

// Checkout.

export const CheckoutBody = z.object({
  paymentMethod: z.enum(['card', 'account', 'finpay', 'hostedpay', 'coinpay']),
  card: CardInput.optional(),
  /** The card provider's token for the card entered (the web form always sends this). */
  cardToken: CardToken.optional(),
  /** A saved card of the company. */
  sourceId: Id.optional(),
  /** A card payment intent authorized before checkout. */
  intentId: Id.optional(),
  /** The token of a financing, hosted or crypto payment. */
  token: z.string().min(4).max(200).optional(),
  poNumber: z.string().trim().max(60).optional(),
  /** The cart being checked out: a cart already checked out is a 409. */
  orderId: Id.optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export const checkout = endpoint({
  method: 'POST',
  path: '/api/cart/checkout',
  access: 'shop',
  idempotent: 'checkout',
  summary: 'Place the cart as an order and pay (send an Idempotency-Key header to retry safely)',
  body: CheckoutBody,
  response: OrderDetail,
  status: 201,
});

/**
 * POST /api/cart carries either the cart-create payload (make, model, product, quantity, zip,
 * road hazard) or `data`, a checkout payload; never both.
 */
export const CartPost = CartCreate.partial()
  .extend({ data: CheckoutBody.optional() })
  .superRefine((body, ctx) => {
    const itemFields = [
      'orderItemMakeId',
      'orderItemModelId',
      'orderItemProductId',
      'orderItemQuantity',
    ] as const;
    if (body.data) {
      for (const key of [...itemFields, 'orderDeliveryZip'] as const)
        if (body[key] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'cannot be sent with a checkout data payload',
          });
      return;
    }
    for (const key of itemFields)
      if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'is required' });
  });

export const createCart = endpoint({
  method: 'POST',
  path: '/api/cart',
  access: 'shop',
  idempotent: 'checkout',
  summary:
    'Put a product into the cart (answers the cart), or with `data` check the cart out (201, the order; Idempotency-Key as for /api/cart/checkout)',
  body: CartPost,
  response: z.union([Cart, OrderDetail]),
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

/** A half of a staggered set: a tire and how many of it (two unless changed). */
export const SetHalf = z.object({
  orderItemMakeId: Id,
  orderItemModelId: Id,
  orderItemProductId: Id,
  orderItemQuantity: Quantity.default(2),
});

/**
 * A staggered set (docs/fleet.md, "Staggered sets"): a front and a rear tire of one tire line
 * (the same make and model) in two different sizes, kept together from the cart to the order.
 */
export const CartSetCreate = z.object({
  front: SetHalf,
  rear: SetHalf,
  orderItemRoadHazard: z.boolean().default(false),
});

export const addCartSet = endpoint({
  method: 'POST',
  path: '/api/cart/set',
  access: 'shop',
  summary:
    'Add a staggered set: the front and rear tires of one line (two of each unless changed), kept together as one set through checkout',
  body: CartSetCreate,
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
  /** The installer company (named on a road hazard claim). */
  companyId: z.number().int(),
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

/**
 * What the cart's delivery is charged at, for the result cards' out-the-door figure: the card
 * prices its tires with the rule the cart uses (src/domain/out-the-door.ts), so the search answer,
 * kept per price group, carries nothing of the buyer's delivery.
 */
export const DeliveryTerms = z.object({
  delivery: z.object({
    kind: z.enum(['location', 'address', 'installer']),
    zip: z.string().nullable(),
    /** Where the tires go, as the card names it: the installer's or the location's name, or the city. */
    name: z.string().nullable(),
    installerLocationId: z.number().int().nullable(),
  }),
  /** Two letters; null while the delivery's state is unknown (nothing is taxed then). */
  state: z.string().nullable(),
  rule: TaxRuleView,
  tireFees: z.array(
    z.object({
      id: z.number().int(),
      amountCents: Cents,
      percentPpm: z.number().int().nullable(),
      kinds: z.array(z.enum(tireKinds)),
      taxable: z.boolean(),
    }),
  ),
  certificate: z.object({ id: z.number().int(), kind: z.string(), number: z.string() }).nullable(),
  /** The installer's published prices per tire; null unless the delivery goes to one that has them. */
  services: z
    .object({
      mountBalance: z.array(
        z.object({
          fromInches: z.number().int().nullable(),
          toInches: z.number().int().nullable(),
          mountBalanceCents: Cents,
        }),
      ),
      valveKitCents: Cents,
      disposalCents: Cents,
    })
    .nullable(),
});
export type DeliveryTerms = z.infer<typeof DeliveryTerms>;

export const deliveryTerms = endpoint({
  method: 'GET',
  path: '/api/cart/terms',
  access: 'shop',
  summary:
    "What the cart's delivery is charged at (tax rule, state tire fees, installer services), for the out-the-door price of result cards",
  response: DeliveryTerms,
});
