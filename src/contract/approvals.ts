// A company's buying rules, set by its company admin on /account (docs/fleet.md, "Buying
// rules"): for now whether checkout requires a purchase-order number.
import { z } from 'zod';
import { endpoint } from './common';

export const BuyingSettings = z.object({
  /** Checkout refuses an order without a purchase-order number. */
  poRequired: z.boolean(),
});
export type BuyingSettings = z.infer<typeof BuyingSettings>;

export const getBuyingSettings = endpoint({
  method: 'GET',
  path: '/api/v1/approval/settings',
  access: 'user',
  summary: "The buying rules of the caller's company: whether checkout requires a PO number",
  response: z.object({ data: BuyingSettings }),
});

export const updateBuyingSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/approval/settings',
  access: 'companyAdmin',
  summary: "Set the company's buying rules: whether checkout requires a PO number",
  body: BuyingSettings,
  response: z.object({ data: BuyingSettings }),
});
