import { z } from 'zod';
import { SizeRecord } from './catalog';
import { endpoint, Id } from './common';

// The sizing catalogue: chained size and vehicle dropdowns. Cached by the browser
// (ETag + Cache-Control) because they change only when the catalogue does.

export const Choice = z.object({ value: z.string(), label: z.string(), count: z.number().int().optional() });
export type Choice = z.infer<typeof Choice>;
const Choices = z.object({ data: z.object({ list: z.array(Choice) }) });

/** Sizing lists take the channel (4: this web shop) and a price group (default: the caller's). */
export const SizingQuery = z.object({
  // channels.id is a 4-byte integer: a larger number is bad input, not a database error.
  channel: z.coerce.number().int().positive().max(2_147_483_647).default(4),
  group: Id.optional(),
});
const Dimension = z.coerce.number().positive().max(400);
const Year = z.coerce.number().int().min(1959).max(2100);
const Name = z.string().trim().min(1).max(60);

export const widths = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/width',
  access: 'user',
  trustedResponse: true,
  summary: 'Tire widths that lead to a purchasable SKU',
  query: SizingQuery,
  response: Choices,
});
export const ratios = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/width/:width/ratio',
  access: 'user',
  trustedResponse: true,
  summary: 'Ratios of a width that lead to a purchasable SKU',
  params: z.object({ width: Dimension }),
  query: SizingQuery,
  response: Choices,
});
export const rims = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/width/:width/ratio/:ratio',
  access: 'user',
  trustedResponse: true,
  summary: 'Rim sizes of a width and ratio that lead to a purchasable SKU',
  params: z.object({ width: Dimension, ratio: Dimension }),
  query: SizingQuery,
  response: Choices,
});
export const years = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/years',
  access: 'user',
  trustedResponse: true,
  summary: 'Vehicle years: the current year down to 1959',
  response: Choices,
});
export const vehicleMakes = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/years/:year/makes',
  access: 'user',
  trustedResponse: true,
  summary: 'Vehicle makes of a year',
  params: z.object({ year: Year }),
  response: Choices,
});
export const vehicleModels = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/years/:year/makes/:make/models',
  access: 'user',
  trustedResponse: true,
  summary: 'Vehicle models of a year and make',
  params: z.object({ year: Year, make: Name }),
  response: Choices,
});
export const vehicleOptions = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing/years/:year/makes/:make/models/:model/options',
  access: 'user',
  trustedResponse: true,
  summary: 'Options (trims) of a vehicle model and year',
  params: z.object({ year: Year, make: Name, model: Name }),
  response: Choices,
});
export const VehicleSelection = z.object({ year: Year, make: Name, model: Name, option: Name });
export const vehicleSizes = endpoint({
  method: 'GET',
  replica: true,
  path: '/api/v1/sizing',
  access: 'user',
  trustedResponse: true,
  summary: 'OE tire sizes of a vehicle (front and rear for staggered sets)',
  query: VehicleSelection,
  response: z.object({ data: z.object({ list: z.array(SizeRecord) }) }),
});
