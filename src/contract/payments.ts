import { z } from 'zod';
import { ShippingChoice } from './cart';
import { Cart } from './order-shapes';
import { Cents, endpoint, Id, IsoDate } from './common';
import { CardInput, CardToken, OrderDetail } from './order-shapes';

// Provider path segments of our sandboxes: card "cardpay", financing "finpay",
// hosted checkout "hostedpay", crypto "coinpay".

export const Intent = z.object({
  intentId: z.number().int(),
  clientSecret: z.string(),
  amountCents: Cents,
  status: z.string(),
});

export const TokenAnswer = z.object({
  provider: z.string(),
  token: z.string(),
  status: z.string(),
  amountCents: Cents,
  /** Where the buyer completes the payment at the provider (hosted checkout, crypto address). */
  redirectUrl: z.string().nullable(),
});

/**
 * How a card is given: `cardToken` from the card provider's form (POST /api/v1/vendor/cardpay/token),
 * a saved `sourceId`, or a raw `card` (the sandbox only: refused in production).
 */
export const CardOrSource = z.object({
  card: CardInput.optional(),
  cardToken: CardToken.optional(),
  sourceId: Id.optional(),
});
const OrderParams = z.object({ id: Id });

// Cart payments.

export const createCartIntent = endpoint({
  method: 'POST',
  path: '/api/cart/payment/intent',
  access: 'shop',
  idempotent: true,
  summary: "Start a card payment for the cart's total (authorize, then check out with intentId)",
  body: z.object({ order: Id.optional() }),
  response: Intent,
});

export const confirmCartIntent = endpoint({
  method: 'POST',
  path: '/api/cart/payment/transaction',
  access: 'shop',
  idempotent: true,
  summary: 'Authorize the card on a payment intent',
  body: CardOrSource.extend({ intentId: Id }),
  response: Intent,
});

export const setCartPaymentShipping = endpoint({
  method: 'POST',
  path: '/api/cart/payment/shipping',
  access: 'shop',
  summary: 'Shipping chosen on the payment sheet (same as PUT /api/cart/shipping)',
  body: ShippingChoice,
  response: Cart,
});

export const setCartPayment = endpoint({
  method: 'PUT',
  path: '/api/cart/payment',
  access: 'shop',
  summary: "Remember the cart's payment method",
  body: z.object({ paymentMethod: z.enum(['card', 'account', 'finpay', 'hostedpay', 'coinpay']) }),
  response: Cart,
});

export const cartFinancingToken = endpoint({
  method: 'POST',
  path: '/api/cart/finpay/token',
  access: 'shop',
  idempotent: true,
  summary: "Attach the financing provider's approval token to the cart",
  body: z.object({ token: z.string().trim().min(4).max(200) }),
  response: TokenAnswer,
});

export const cartHostedToken = endpoint({
  method: 'POST',
  path: '/api/cart/hostedpay/token',
  access: 'shop',
  idempotent: true,
  summary: 'Open a hosted checkout page for the cart',
  response: TokenAnswer,
});

export const cartHostedTransaction = endpoint({
  method: 'POST',
  path: '/api/cart/hostedpay/transaction',
  access: 'shop',
  idempotent: true,
  summary: 'The card entered on the hosted checkout page (sandbox)',
  body: z
    .object({ token: z.string().min(4).max(200) })
    .extend(CardOrSource.pick({ card: true, cardToken: true }).shape),
  response: TokenAnswer,
});

export const cartCryptoCheckout = endpoint({
  method: 'POST',
  path: '/api/cart/coinpay/checkout',
  access: 'shop',
  idempotent: true,
  summary: 'Open a crypto charge for the cart; the order waits for the chain to confirm',
  body: z.object({ currency: z.enum(['BTC', 'ETH', 'USDC']).default('USDC') }),
  response: TokenAnswer,
});

// Payments of an existing order (staff-made orders, card review, crypto).

export const createOrderIntent = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/payment/intent',
  access: 'shop',
  idempotent: true,
  summary: "Start a card payment for an unpaid order's total",
  params: OrderParams,
  response: Intent,
});

export const confirmOrderIntent = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/payment/transaction',
  access: 'shop',
  idempotent: true,
  summary: "Authorize and capture an order's payment intent; the order is paid",
  params: OrderParams,
  body: CardOrSource.extend({ intentId: Id }),
  response: OrderDetail,
});

export const setOrderPaymentShipping = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/payment/shipping',
  access: 'shop',
  summary: 'Shipping address from the payment sheet of an unpaid order',
  params: OrderParams,
  body: ShippingChoice,
  response: OrderDetail,
});

export const payOrderByCard = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/cardpay/transaction',
  access: 'shop',
  idempotent: true,
  summary: 'Pay an unpaid order by card',
  params: OrderParams,
  body: CardOrSource,
  response: OrderDetail,
});

export const payOrderByFinancing = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/finpay/token',
  access: 'shop',
  idempotent: true,
  summary: 'Pay an unpaid order with a financing approval token',
  params: OrderParams,
  body: z.object({ token: z.string().trim().min(4).max(200) }),
  response: OrderDetail,
});

export const orderHostedToken = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/hostedpay/token',
  access: 'shop',
  idempotent: true,
  summary: 'Open a hosted checkout page for an unpaid order',
  params: OrderParams,
  response: TokenAnswer,
});

export const orderHostedTransaction = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/hostedpay/transaction',
  access: 'shop',
  idempotent: true,
  summary: 'The card entered on the hosted page; the order is paid',
  params: OrderParams,
  body: z
    .object({ token: z.string().min(4).max(200) })
    .extend(CardOrSource.pick({ card: true, cardToken: true }).shape),
  response: OrderDetail,
});

export const orderCryptoCheckout = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/coinpay/checkout',
  access: 'shop',
  idempotent: true,
  summary:
    "Check the order's crypto charge: answers the order as it stands (paid once the provider confirmed the charge)",
  params: OrderParams,
  response: OrderDetail,
});

// Saved cards and the card provider's customer.

export const Source = z.object({
  sourceId: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: IsoDate,
});

export const Customer = z.object({
  customerId: z.number().int(),
  companyId: z.number().int(),
  provider: z.string(),
  externalId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  sources: z.array(Source),
});

const CompanyParams = z.object({ id: Id });
const AddSource = CardOrSource.pick({ card: true, cardToken: true }).extend({
  makeDefault: z.boolean().default(false),
});

export const getCustomer = endpoint({
  method: 'GET',
  path: '/api/customer/:id',
  access: 'shop',
  summary: "The company's card customer and saved cards (id: the company)",
  params: CompanyParams,
  response: Customer,
});

export const addCustomerSource = endpoint({
  method: 'POST',
  path: '/api/customer/:id',
  access: 'companyAdmin',
  idempotent: true,
  summary: 'Save a card for the company',
  params: CompanyParams,
  body: AddSource,
  response: Customer,
});

export const deleteCustomerSource = endpoint({
  method: 'DELETE',
  path: '/api/customer/:id/:sourceId',
  access: 'companyAdmin',
  summary: 'Remove a saved card',
  params: z.object({ id: Id, sourceId: Id }),
  response: Customer,
});

export const staffGetCustomer = endpoint({
  method: 'GET',
  path: '/api/v1/payment/:customer',
  access: 'finance',
  summary: "A company's saved cards (customer: the company)",
  params: z.object({ customer: Id }),
  response: Customer,
});

export const staffAddSource = endpoint({
  method: 'POST',
  path: '/api/v1/payment/:customer',
  access: 'finance',
  idempotent: true,
  summary: 'Save a card for a company',
  params: z.object({ customer: Id }),
  body: AddSource,
  response: Customer,
});

export const staffDeleteSource = endpoint({
  method: 'DELETE',
  path: '/api/v1/payment/:customer/:source',
  access: 'finance',
  summary: "Remove a company's saved card",
  params: z.object({ customer: Id, source: Id }),
  response: Customer,
});

export const getVendorCustomer = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/cardpay/customer',
  access: 'finance',
  summary: "The card provider's customer record of a company",
  query: z.object({ id: Id }),
  response: Customer,
});

export const updateVendorCustomer = endpoint({
  method: 'PUT',
  path: '/api/v1/vendor/cardpay/customer',
  access: 'finance',
  summary: "Update the card provider's customer record (billing name and e-mail)",
  query: z.object({ id: Id }),
  body: z.object({ name: z.string().trim().min(1).max(120), email: z.string().email().max(200) }),
  response: Customer,
});

// Company payment settings.

export const CompanyPayment = z.object({
  companyId: z.number().int(),
  creditLimitCents: Cents,
  paymentTermsDays: z.number().int(),
  openBalanceCents: Cents,
  availableCreditCents: Cents,
  defaultSourceId: z.number().int().nullable(),
  sources: z.array(Source),
  methods: z.array(z.string()),
  /**
   * Who takes a card here: `sandbox`, whose card form the web shows, or `stripe`, whose hosted
   * page the buyer is sent to (the checkout takes no card data).
   */
  cardProvider: z.enum(['sandbox', 'stripe']),
});

export const getCompanyPayment = endpoint({
  method: 'GET',
  path: '/api/company/payment',
  access: 'shop',
  summary: "The company's terms, credit, open balance and saved cards",
  response: CompanyPayment,
});

export const setCompanyPayment = endpoint({
  method: 'PUT',
  path: '/api/company/payment/:id',
  access: 'companyAdmin',
  summary: "Make a saved card the company's default",
  params: z.object({ id: Id }),
  response: CompanyPayment,
});

// The card provider's form, provider webhooks and the sandboxes' control calls.

export const CardTokenAnswer = z.object({
  token: CardToken,
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const tokenizeCard = endpoint({
  method: 'POST',
  path: '/api/v1/vendor/cardpay/token',
  access: 'shop',
  idempotent: true,
  summary:
    "Exchange a card for a single-use token, as the card provider's hosted field does (finance may name the customer's company)",
  body: z.object({ card: CardInput, companyId: Id.optional() }),
  response: CardTokenAnswer,
  status: 201,
});

export const providerWebhook = endpoint({
  method: 'POST',
  path: '/api/webhooks/:provider',
  access: 'public',
  summary:
    'A provider reports an outcome (coinpay: charge.confirmed). Signed: X-Webhook-Signature t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">',
  params: z.object({ provider: z.enum(['coinpay']) }),
  body: z.object({
    id: z.string().min(1).max(200),
    type: z.enum(['charge.confirmed']),
    data: z.object({ reference: z.string().min(1).max(200) }),
  }),
  response: z.object({ received: z.literal(true), applied: z.boolean() }),
});

export const sandboxFinancingApply = endpoint({
  method: 'POST',
  path: '/api/sandbox/finpay/apply',
  access: 'shop',
  summary:
    "Sandbox only: the financing provider's application page; answers an approved (or declined) token for the cart's total, or for an unpaid order's (orderId)",
  body: z.object({ decline: z.boolean().default(false), orderId: Id.optional() }),
  response: z.object({ token: z.string(), status: z.enum(['approved', 'declined']), amountCents: Cents }),
});

export const sandboxCryptoConfirm = endpoint({
  method: 'POST',
  path: '/api/sandbox/coinpay/confirm/:reference',
  access: 'user',
  summary: 'Sandbox only: the chain confirms a crypto charge; the provider sends its signed webhook',
  params: z.object({ reference: z.string().min(1).max(200) }),
  response: z.object({ received: z.literal(true), applied: z.boolean() }),
});
