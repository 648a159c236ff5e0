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
