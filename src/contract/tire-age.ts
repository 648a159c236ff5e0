// Tire age (docs/domain.md, "Tire age"): DOT date codes as the API takes them, and the oldest
// tires a company buys, set by its company admin on /account.
import { z } from 'zod';
import { MAX_SALE_AGE_MONTHS, MIN_MAX_AGE_MONTHS, parseDotCode } from '../domain/tire-age';
import { endpoint, Id } from './common';

/** Four digits, week then year ("2324" = week 23 of 2024), of a week that has come. */
export const DotCode = z.string().superRefine((text, ctx) => {
  const read = parseDotCode(text);
  if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
});

/** A maximum age in whole months: at least one, at most the six years past which nothing is sold. */
export const MaxAgeMonths = z
  .number()
  .int('Must be whole months')
  .min(MIN_MAX_AGE_MONTHS, `Must be at least ${MIN_MAX_AGE_MONTHS} month`)
  .max(
    MAX_SALE_AGE_MONTHS,
    `Tires older than ${MAX_SALE_AGE_MONTHS} months are never sold; ${MAX_SALE_AGE_MONTHS} is the most`,
  );

export const TireAgeSettings = z.object({
  /** The oldest tires the company buys, in months since the week they were made; null: any age sold. */
  maxAgeMonths: MaxAgeMonths.nullable(),
});
export type TireAgeSettings = z.infer<typeof TireAgeSettings>;

export const getTireAge = endpoint({
  method: 'GET',
  path: '/api/v1/company/tire-age',
  access: 'user',
  summary: "The oldest tires the caller's company buys, in months (null: any age the shop sells)",
  response: z.object({ data: TireAgeSettings }),
});

export const updateTireAge = endpoint({
  method: 'PUT',
  path: '/api/v1/company/tire-age',
  access: 'companyAdmin',
  summary: 'Set the oldest tires the company buys, in months; null takes any age the shop sells',
  body: TireAgeSettings,
  response: z.object({ data: TireAgeSettings }),
});

export const OrderLineLots = z.object({
  orderItemId: z.number().int(),
  /** The DOT codes of the units the line took (held or sold), oldest first, with their units. */
  lots: z.array(z.object({ dotCode: z.string().nullable(), quantity: z.number().int() })),
});
export type OrderLineLots = z.infer<typeof OrderLineLots>;

export const getOrderDotCodes = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/dot-codes',
  access: 'user',
  summary:
    "The DOT codes of the tires each line of an order took (null: of unknown age); another company's order is a 404",
  params: z.object({ id: Id }),
  response: z.object({ data: z.array(OrderLineLots) }),
});
