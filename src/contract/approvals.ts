// A company's buying rules, set by its company admin on /account (docs/fleet.md, "Buying rules"
// and "Approvals"): a required PO number, spending limits per buyer, monthly budgets per location,
// and the approval queue of orders over them.
import { z } from 'zod';
import { approvalReasons, approvalStatuses, MAX_APPROVAL_HOLD_HOURS } from '../domain/approval-status';
import { Cents, Id, IsoDate, endpoint } from './common';

export const BuyingSettings = z.object({
  /** Checkout refuses an order without a purchase-order number. */
  poRequired: z.boolean(),
  /** How long an order waiting for approval keeps its units held (1 hour to a week). */
  approvalHoldHours: z.number().int().min(1, 'must be at least 1 hour').max(MAX_APPROVAL_HOLD_HOURS),
});
export type BuyingSettings = z.infer<typeof BuyingSettings>;

export const getBuyingSettings = endpoint({
  method: 'GET',
  path: '/api/v1/approval/settings',
  access: 'user',
  summary: "The buying rules of the caller's company: a required PO number and the approval hold",
  response: z.object({ data: BuyingSettings }),
});

export const updateBuyingSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/approval/settings',
  access: 'companyAdmin',
  summary: "Set the company's buying rules: a required PO number and how long approvals hold stock",
  body: BuyingSettings.partial(),
  response: z.object({ data: BuyingSettings }),
});

/** An amount in cents that may be left unset (null: no limit). */
const Limit = z.number().int().min(0, 'must be zero or more').max(1e12).nullable();

export const SpendingLimitInput = z.object({
  perOrderCents: Limit,
  perMonthCents: Limit,
  /** The buyer may approve other buyers' orders (company admins always may). */
  approver: z.boolean(),
});
export type SpendingLimitInput = z.infer<typeof SpendingLimitInput>;

export const SpendingLimit = SpendingLimitInput.extend({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  /** What the buyer placed this calendar month (UTC), orders awaiting approval included. */
  monthCents: Cents,
});
export type SpendingLimit = z.infer<typeof SpendingLimit>;

export const listSpendingLimits = endpoint({
  method: 'GET',
  path: '/api/v1/approval/limit',
  access: 'companyAdmin',
  summary: "The company's buyers with their spending limits, approver flag and this month's spend",
  response: z.object({ data: z.object({ list: z.array(SpendingLimit) }) }),
});

export const setSpendingLimit = endpoint({
  method: 'PUT',
  path: '/api/v1/approval/limit/:userId',
  access: 'companyAdmin',
  summary: "Set a buyer's limits per order and per calendar month (null: none) and whether they approve",
  params: z.object({ userId: Id }),
  body: SpendingLimitInput,
  response: z.object({ data: SpendingLimit }),
});

export const LocationBudget = z.object({
  locationId: z.number().int(),
  name: z.string(),
  /** The monthly budget; null when the location has none. */
  monthlyCents: Cents.nullable(),
  /** Placed this calendar month (UTC), approved or not needing approval. */
  spentCents: Cents,
  /** Waiting for approval this month. */
  awaitingCents: Cents,
});
export type LocationBudget = z.infer<typeof LocationBudget>;

export const listLocationBudgets = endpoint({
  method: 'GET',
  path: '/api/v1/approval/budget',
  access: 'user',
  summary:
    "The monthly budgets of the caller's locations (a company admin: every location of the company), with what is spent and awaiting approval",
  response: z.object({ data: z.object({ list: z.array(LocationBudget) }) }),
});

export const setLocationBudget = endpoint({
  method: 'PUT',
  path: '/api/v1/approval/budget/:locationId',
  access: 'companyAdmin',
  summary: "Set a location's monthly budget (null removes it); an order that would pass it needs approval",
  params: z.object({ locationId: Id }),
  body: z.object({ monthlyCents: Limit }),
  response: z.object({ data: LocationBudget }),
});

export const MySpending = z.object({
  perOrderCents: Cents.nullable(),
  perMonthCents: Cents.nullable(),
  monthCents: Cents,
  budget: LocationBudget.nullable(),
  approvalHoldHours: z.number().int(),
});
export type MySpending = z.infer<typeof MySpending>;

export const getMySpending = endpoint({
  method: 'GET',
  path: '/api/v1/approval/spend',
  access: 'shop',
  summary:
    "The caller's spending limits and this month's spend, and the budget of their current location: what checkout measures an order against",
  response: z.object({ data: MySpending }),
});

export const ApprovalStatus = z.enum(approvalStatuses);
export const ApprovalReason = z.enum(approvalReasons);

export const Approval = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  locationName: z.string().nullable(),
  poNumber: z.string().nullable(),
  requestedBy: z.object({ userId: z.number().int(), username: z.string(), name: z.string() }),
  status: ApprovalStatus,
  reasons: z.array(ApprovalReason),
  totalCents: Cents,
  expiresAt: IsoDate,
  decidedBy: z.object({ userId: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  decidedAt: IsoDate.nullable(),
  comment: z.string().nullable(),
  createdAt: IsoDate,
  /** Whether the caller may approve or reject it now. */
  canDecide: z.boolean(),
});
export type Approval = z.infer<typeof Approval>;

export const listApprovals = endpoint({
  method: 'GET',
  path: '/api/v1/approval',
  access: 'user',
  summary:
    "Orders waiting for approval or decided, newest first: an approver sees the company's, a buyer their own, staff every company's (read only)",
  query: z.object({ status: ApprovalStatus.optional(), orderId: Id.optional() }),
  response: z.object({ data: z.object({ list: z.array(Approval) }) }),
});

const Decision = z.object({ comment: z.string().trim().max(1000).default('') });

export const approveOrder = endpoint({
  method: 'POST',
  path: '/api/v1/approval/:orderId/approve',
  access: 'shop',
  summary:
    'Approve an order waiting for approval: it is charged (a card captured, on account charged) and placed. Not your own order; staff never approve',
  params: z.object({ orderId: Id }),
  body: Decision,
  response: z.object({ data: Approval }),
  idempotent: true,
});

export const rejectOrder = endpoint({
  method: 'POST',
  path: '/api/v1/approval/:orderId/reject',
  access: 'shop',
  summary:
    'Reject an order waiting for approval, with a comment: its card authorization is voided, its units released and it is cancelled',
  params: z.object({ orderId: Id }),
  body: z.object({ comment: z.string().trim().min(1, 'Say why the order is rejected').max(1000) }),
  response: z.object({ data: Approval }),
  idempotent: true,
});
