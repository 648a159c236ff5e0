import { z } from 'zod';
import { discountApprovalStatuses } from '../domain/discounts';
import { ListQuery, NullableId, OptionalBool, OptionalId, patchOf, Required } from './admin-common';
import { endpoint, Id, Ok, pageOf } from './common';

/** A price the discount takes under its floor (cost plus the group's minimum margin, or MAP). */
export const FloorBreach = z.object({
  productId: z.number().int(),
  skuCode: z.string(),
  priceGroupId: z.number().int(),
  priceGroupCode: z.string(),
  listPriceCents: z.number().int(),
  /** The price with the discount. */
  unitPriceCents: z.number().int(),
  floorCents: z.number().int(),
});

export const Discount = z.object({
  id: z.number().int(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  makeId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  basisPoints: z.number().int(),
  amountCents: z.number().int(),
  active: z.boolean(),
  /** `pending`: it takes a price under its floor and waits for admin or finance; not in force. */
  approvalStatus: z.enum(discountApprovalStatuses),
  /** Why it waits (or was approved): the first 20 prices under their floor. */
  belowFloor: z.array(FloorBreach),
  /** How many prices in all it takes under their floor. */
  belowFloorCount: z.number().int(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof Discount>;

const DateTime = z.iso.datetime({ offset: true, message: 'Enter a date and time' });

const DiscountFields = z.object({
  name: Required('a name', 120),
  startsAt: DateTime,
  endsAt: DateTime.nullable().default(null),
  makeId: NullableId.default(null),
  modelId: NullableId.default(null),
  productId: NullableId.default(null),
  companyId: NullableId.default(null),
  /** Percent off in basis points (1000 = 10 %). */
  basisPoints: z.number().int().min(0).max(10_000, 'At most 100 %').default(0),
  /** Amount off per unit, in cents. */
  amountCents: z.number().int().min(0).max(1_000_000).default(0),
  active: z.boolean().default(true),
  /** Admin or finance: approve in the same step a discount that takes a price under its floor. */
  approveBelowFloor: z.boolean().default(false),
});

type Shape = { startsAt?: string; endsAt?: string | null; basisPoints?: number; amountCents?: number };
const datesOrdered = (d: Shape) => !d.startsAt || !d.endsAt || new Date(d.endsAt) > new Date(d.startsAt);
const oneKind = (d: Shape) =>
  d.basisPoints === undefined || d.amountCents === undefined || d.basisPoints > 0 !== d.amountCents > 0;

export const DiscountInput = DiscountFields.refine(datesOrdered, {
  message: 'Must be after the start',
  path: ['endsAt'],
}).refine(oneKind, { message: 'Give either a percent or an amount', path: ['basisPoints'] });
export type DiscountInput = z.input<typeof DiscountInput>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: Discount });

export const listDiscounts = endpoint({
  method: 'GET',
  path: '/api/v1/discount',
  access: 'staff',
  summary: 'Discounts; `current=true` keeps those in force now',
  query: ListQuery.extend({ makeId: OptionalId, companyId: OptionalId, current: OptionalBool }),
  response: pageOf(Discount),
});

export const getDiscount = endpoint({
  method: 'GET',
  path: '/api/v1/discount/:id',
  access: 'staff',
  summary: 'One discount',
  params: IdParams,
  response: One,
});

export const createDiscount = endpoint({
  method: 'POST',
  path: '/api/v1/discount',
  access: 'sales',
  summary:
    'Create a discount (they never stack: the largest reduction applies); one taking a price under its floor waits for admin or finance approval',
  body: DiscountInput,
  response: One,
  status: 201,
});

export const updateDiscount = endpoint({
  method: 'PUT',
  path: '/api/v1/discount/:id',
  access: 'sales',
  summary: 'Update a discount; one that then takes a price under its floor waits for approval again',
  params: IdParams,
  body: patchOf(DiscountFields).refine(datesOrdered, {
    message: 'Must be after the start',
    path: ['endsAt'],
  }),
  response: One,
});

/** POST on /discount/{id}: the same update as PUT, for clients that post it. */
export const postUpdateDiscount = endpoint({
  ...updateDiscount,
  method: 'POST',
  summary: 'Update a discount (as PUT)',
});

export const approveDiscount = endpoint({
  method: 'POST',
  path: '/api/v1/discount/:id/approve',
  access: 'finance',
  summary:
    'Admin or finance approve a discount that takes prices under their floor: it is in force from then',
  params: IdParams,
  response: One,
});

export const deleteDiscount = endpoint({
  method: 'DELETE',
  path: '/api/v1/discount/:id',
  access: 'sales',
  summary: 'Delete a discount',
  params: IdParams,
  response: Ok,
});

const Ids = z.array(Id).min(1, 'Choose at least one discount').max(100);

export const setDiscountsActive = endpoint({
  method: 'PUT',
  path: '/api/v1/discount',
  access: 'sales',
  summary: 'Switch several discounts on or off at once',
  body: z.object({ ids: Ids, active: z.boolean() }),
  response: z.object({ updated: z.number().int() }),
});

export const deleteDiscounts = endpoint({
  method: 'DELETE',
  path: '/api/v1/discount',
  access: 'sales',
  summary: 'Delete several discounts at once (`ids[]=…`)',
  query: z.object({ ids: z.preprocess((v) => (Array.isArray(v) ? v : [v]), Ids) }),
  response: z.object({ deleted: z.number().int() }),
});
