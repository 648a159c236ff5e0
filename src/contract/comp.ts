import { z } from 'zod';
import { compStatuses } from '../domain/comp-status';
import { ListQuery, NullableId, OptionalBool, OptionalId, patchOf, Required, Text } from './admin-common';
import { endpoint, Id, pageOf } from './common';

export const CompPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  companyId: z.number().int().nullable(),
  makeId: z.number().int().nullable(),
  basisPoints: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type CompPlan = z.infer<typeof CompPlan>;

const DateTime = z.iso.datetime({ offset: true, message: 'Enter a date and time' });
const PlanFields = z.object({
  name: Required('a name', 120),
  /** The staff member who earns it. */
  userId: Id,
  /** Only sales to this customer company; null = every customer. */
  companyId: NullableId.default(null),
  /** Only lines of this make; null = every make. */
  makeId: NullableId.default(null),
  basisPoints: z.number().int().min(1, 'Give a share above 0').max(5000, 'At most 50 %'),
  startsAt: DateTime,
  endsAt: DateTime.nullable().default(null),
  active: z.boolean().default(true),
});
const ordered = (p: { startsAt?: string; endsAt?: string | null }) =>
  !p.startsAt || !p.endsAt || new Date(p.endsAt) > new Date(p.startsAt);
const orderedMessage = { message: 'Must be after the start', path: ['endsAt'] };
export const CompPlanInput = PlanFields.refine(ordered, orderedMessage);
export type CompPlanInput = z.input<typeof CompPlanInput>;

const IdParams = z.object({ id: Id });

export const listPlans = endpoint({
  method: 'GET',
  path: '/api/v1/comp',
  access: 'finance',
  summary: 'Compensation plans: who earns what share of which sales',
  query: ListQuery.extend({ userId: OptionalId, active: OptionalBool }),
  response: pageOf(CompPlan),
});

export const getPlan = endpoint({
  method: 'GET',
  path: '/api/v1/comp/:id',
  access: 'finance',
  summary: 'One compensation plan',
  params: IdParams,
  response: z.object({ data: CompPlan }),
});

export const createPlan = endpoint({
  method: 'POST',
  path: '/api/v1/comp',
  access: 'finance',
  summary: 'Create a compensation plan for a staff member',
  body: CompPlanInput,
  response: z.object({ data: CompPlan }),
  status: 201,
});

export const updatePlan = endpoint({
  method: 'PUT',
  path: '/api/v1/comp/:id',
  access: 'finance',
  summary: 'Update a compensation plan (records already accrued keep their amounts)',
  params: IdParams,
  body: patchOf(PlanFields).refine(ordered, orderedMessage),
  response: z.object({ data: CompPlan }),
});

export const CompRecord = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  orderId: z.number().int().nullable(),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(compStatuses),
  note: z.string(),
  waivedAt: z.string().nullable(),
  waivedBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type CompRecord = z.infer<typeof CompRecord>;

export const listRecords = endpoint({
  method: 'GET',
  path: '/api/v1/comp/rec',
  access: 'finance',
  summary: 'Compensation records, filterable by plan, earner, order and status',
  query: ListQuery.extend({
    planId: OptionalId,
    userId: OptionalId,
    orderId: OptionalId,
    status: z.enum(compStatuses).optional(),
  }),
  response: pageOf(CompRecord),
});

export const getRecord = endpoint({
  method: 'GET',
  path: '/api/v1/comp/rec/:id',
  access: 'finance',
  summary: 'One compensation record',
  params: IdParams,
  response: z.object({ data: CompRecord }),
});

export const createRecord = endpoint({
  method: 'POST',
  path: '/api/v1/comp/rec',
  access: 'finance',
  summary: "A manual record on a plan (an adjustment); the amount defaults to the plan's share",
  body: z.object({
    planId: Id,
    orderId: NullableId.default(null),
    baseCents: z.number().int().min(0),
    amountCents: z.number().int().optional(),
    note: Required('a note', 500),
  }),
  response: z.object({ data: CompRecord }),
  status: 201,
});

export const waiveRecords = endpoint({
  method: 'PUT',
  path: '/api/v1/comp/rec/waive',
  access: 'finance',
  summary: 'Waive accrued records (kept for the history, no longer owed)',
  body: z.object({
    ids: z.array(Id).min(1, 'Choose at least one record').max(200),
    note: Text(500).default(''),
  }),
  response: z.object({ data: z.array(CompRecord) }),
});
