// Road hazard claims on tires bought with the roadguard cover: prorated by remaining tread.
import { z } from 'zod';
import { claimActions, claimSettlements, claimStatuses } from '../domain/aftersales-status';
import { ListQuery, OptionalId, patchOf } from './admin-common';
import { LogEntry, PHOTO_UPLOAD, PhotoName } from './aftersales';
import { Cents, endpoint, Id, IsoDate, pageOf } from './common';

const Params = z.object({ id: Id });
export const ClaimStatus = z.enum(claimStatuses);
export const ClaimAction = z.enum(claimActions);
export const ClaimSettlement = z.enum(claimSettlements);

export const ClaimSummary = z.object({
  claimId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderItemId: z.number().int(),
  tire: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  status: ClaimStatus,
  damagedOn: z.string(),
  coveredCents: Cents,
  createdAt: IsoDate,
});
export type ClaimSummary = z.infer<typeof ClaimSummary>;

export const Claim = ClaimSummary.extend({
  remainingTread32: z.number().int(),
  newTread32: z.number().int(),
  odometerMiles: z.number().int(),
  description: z.string(),
  installerCompanyId: z.number().int().nullable(),
  installerName: z.string().nullable(),
  photos: z.array(z.string()),
  /** What was paid for the tire (after its discount): the base of the proration. */
  priceCents: Cents,
  usableShareBasisPoints: z.number().int(),
  settlement: ClaimSettlement.nullable(),
  labourCents: Cents,
  replacementOrderId: z.number().int().nullable(),
  refunds: z.array(z.object({ refundId: z.number().int(), status: z.string(), amountCents: Cents })),
  log: z.array(LogEntry),
  nextStatuses: z.array(ClaimStatus),
  actions: z.array(ClaimAction),
  updatedAt: IsoDate,
});
export type Claim = z.infer<typeof Claim>;

const One = z.object({ data: Claim });
const Tread = z.number().int('Enter 32nds of an inch as a whole number').min(0).max(32);

export const ClaimInput = z.object({
  orderItemId: Id,
  damagedOn: z.string().date('Enter the date of the damage (YYYY-MM-DD)'),
  remainingTread32: Tread,
  newTread32: Tread.min(3).default(10),
  odometerMiles: z.number().int().min(0).max(2_000_000),
  description: z.string().trim().max(2000).default(''),
  installerCompanyId: Id.nullable().default(null),
});

export const listClaims = endpoint({
  method: 'GET',
  path: '/api/v1/claim',
  access: 'shop',
  summary: "Road hazard claims: staff see all, a customer its company's",
  query: ListQuery.extend({ status: ClaimStatus.optional(), companyId: OptionalId, orderId: OptionalId }),
  response: pageOf(ClaimSummary),
});

export const getClaim = endpoint({
  method: 'GET',
  path: '/api/v1/claim/:id',
  access: 'shop',
  summary: 'One claim with its proration, settlement and log',
  params: Params,
  response: One,
});

export const claimStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/claim/status',
  access: 'user',
  summary: 'Claim statuses, their allowed next statuses and the actions',
  response: z.object({
    data: z.object({
      statuses: z.array(ClaimStatus),
      transitions: z.record(z.string(), z.array(ClaimStatus)),
      actions: z.array(ClaimAction),
      settlements: z.array(ClaimSettlement),
    }),
  }),
});

export const createClaim = endpoint({
  method: 'POST',
  path: '/api/v1/claim',
  access: 'shop',
  summary: 'File a road hazard claim on a tire bought with the cover (409 says why one is not covered)',
  body: ClaimInput,
  response: One,
  status: 201,
});

export const updateClaim = endpoint({
  method: 'PUT',
  path: '/api/v1/claim/:id',
  access: 'shop',
  summary: 'Correct a claim before it is decided; the proration follows',
  params: Params,
  body: patchOf(ClaimInput.omit({ orderItemId: true })),
  response: One,
});

export const cancelClaim = endpoint({
  method: 'POST',
  path: '/api/v1/claim/:id/cancel',
  access: 'shop',
  summary: 'Withdraw an open claim',
  params: Params,
  body: z.object({ note: z.string().trim().max(500).optional() }),
  response: One,
});

export const claimAction = endpoint({
  method: 'POST',
  path: '/api/v1/claim/:id/action',
  access: 'afterSales',
  summary: 'review, approve (settlement, labour), deny, pay (replacement order or credit), close',
  params: Params,
  body: z.object({
    action: ClaimAction,
    note: z.string().trim().max(500).optional(),
    settlement: ClaimSettlement.optional(),
    labourCents: Cents.min(0).max(100_000).optional(),
  }),
  response: One,
  idempotent: true,
});

export const uploadClaimPhotos = endpoint({
  method: 'POST',
  path: '/api/v1/claim/:id/photo',
  access: 'shop',
  summary: `Photos of the damage, by the buyer or after-sales staff, while the claim is not decided (${PHOTO_UPLOAD})`,
  params: Params,
  response: One,
  status: 201,
});

export const claimPhotoFile = endpoint({
  method: 'GET',
  path: '/api/v1/claim/:id/photo/:name',
  access: 'shop',
  summary: 'A photo of the damage (WebP), for whoever may read the claim',
  params: z.object({ id: Id, name: PhotoName }),
  response: z.unknown(),
});
