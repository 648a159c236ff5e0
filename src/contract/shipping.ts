import { z } from 'zod';
import { endpoint, Id } from './common';

export const ShippingEstimateQuery = z.object({
  /** The SKU's make id (skuMakeId) and code (skuCode). */
  make: Id,
  code: z.string().trim().min(1).max(64),
  quantity: z.coerce.number().int().min(1).max(1000),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'must be a 5-digit US ZIP code'),
});

export const ShippingEstimate = z.object({
  make: z.number().int(),
  code: z.string(),
  quantity: z.number().int(),
  zip: z.string(),
  /** The shipping amount in cents. */
  amountCents: z.number().int(),
  warehouseZip: z.string(),
  distanceMiles: z.number().int(),
  transitDays: z.number().int(),
});
export type ShippingEstimate = z.infer<typeof ShippingEstimate>;

export const shippingEstimate = endpoint({
  method: 'GET',
  path: '/api/v1/shipping/estimate',
  access: 'user',
  summary: 'Shipping amount for a quantity of a SKU to a ZIP, from the nearest warehouse holding it',
  query: ShippingEstimateQuery,
  response: z.object({ data: ShippingEstimate }),
});

export const AddressToCheck = z.object({
  name: z.string().trim().max(120).optional(),
  address1: z.string().trim().min(1).max(200),
  address2: z.string().trim().max(200).nullish(),
  city: z.string().trim().min(1).max(100),
  /** Two letters or the state's name. */
  state: z.string().trim().min(2).max(40),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/, 'must be a 5-digit ZIP code or ZIP+4'),
});

export const CheckedAddress = z.object({
  name: z.string().optional(),
  address1: z.string(),
  address2: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  zipPlus4: z.string().nullable(),
});

const AddressField = z.enum(['address1', 'city', 'state', 'zip']);

export const AddressVerdict = z.discriminatedUnion('status', [
  z.object({ status: z.literal('valid'), address: CheckedAddress }),
  z.object({
    status: z.literal('corrected'),
    address: CheckedAddress,
    suggestion: CheckedAddress,
    corrected: z.array(AddressField),
  }),
  z.object({
    status: z.literal('invalid'),
    address: CheckedAddress,
    field: AddressField,
    detail: z.string(),
  }),
]);
export type AddressVerdict = z.infer<typeof AddressVerdict>;

export const validateAddress = endpoint({
  method: 'POST',
  path: '/api/v1/shipping/validate-address',
  access: 'user',
  summary:
    'Normalize a US address and check its ZIP against city and state: valid, corrected (with the suggestion) or invalid (with the field at fault)',
  body: AddressToCheck,
  response: z.object({ data: AddressVerdict }),
});
