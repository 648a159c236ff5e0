import { z } from 'zod';
import { wholesaleStatuses } from '../domain/wholesale-status';
import { Email, ListQuery, NullableId, Required, Text, Zip } from './admin-common';
import { endpoint, Id, pageOf } from './common';

export const WholesaleSignup = z.object({
  companyName: Required('your company name', 120),
  contactName: Required('your name', 120),
  email: Email,
  phone: Text(40).default(''),
  username: Required('a username', 100).regex(/^[\w.@-]+$/, 'Use letters, digits and . _ @ - only'),
  address1: Text(200).default(''),
  city: Text(100).default(''),
  state: Text(2).default(''),
  zip: Zip,
  taxId: Text(40).default(''),
  message: Text(2000).default(''),
});
export type WholesaleSignup = z.input<typeof WholesaleSignup>;

export const WholesaleApplication = z.object({
  id: z.number().int(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  username: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  taxId: z.string(),
  message: z.string(),
  status: z.enum(wholesaleStatuses),
  decisionNote: z.string(),
  reviewedBy: z.number().int().nullable(),
  reviewedAt: z.string().nullable(),
  companyId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type WholesaleApplication = z.infer<typeof WholesaleApplication>;

/** One fixed message: the answer says nothing about the username or the address. */
const Answer = z.object({ data: z.object({ message: z.string() }) });

export const applyWholesale = endpoint({
  method: 'POST',
  path: '/api/vendor/wholesale',
  access: 'public',
  summary:
    'Wholesale sign-up from the public form: a confirmation link goes to the address, and staff review the application once it is confirmed. The answer is the same for every well-formed application',
  body: WholesaleSignup,
  response: Answer,
  status: 202,
});

export const applyWholesaleV1 = endpoint({ ...applyWholesale, path: '/api/v1/vendor/wholesale' });

export const confirmWholesale = endpoint({
  method: 'POST',
  path: '/api/v1/vendor/wholesale/confirm',
  access: 'public',
  summary:
    "Confirm a wholesale sign-up's e-mail address with the token of the mail's link: the application then reaches staff",
  body: z.object({ token: z.string().trim().min(20, 'The link is incomplete').max(200) }),
  response: Answer,
});

export const listApplications = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/wholesale',
  access: 'sales',
  summary: 'Wholesale applications, newest first; filter by status',
  query: ListQuery.extend({ status: z.enum(wholesaleStatuses).optional() }),
  response: pageOf(WholesaleApplication),
});

const IdParams = z.object({ id: Id });
const One = z.object({ data: WholesaleApplication });

export const getApplication = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/wholesale/:id',
  access: 'sales',
  summary: 'One wholesale application',
  params: IdParams,
  response: One,
});

export const approveApplication = endpoint({
  method: 'POST',
  path: '/api/v1/vendor/wholesale/:id/approve',
  access: 'sales',
  summary: 'Approve: creates the company, location and user and e-mails the invitation',
  params: IdParams,
  body: z.object({ priceGroupId: NullableId.default(null), note: Text(500).default('') }),
  response: One,
});

export const rejectApplication = endpoint({
  method: 'POST',
  path: '/api/v1/vendor/wholesale/:id/reject',
  access: 'sales',
  summary: 'Reject an application with a note',
  params: IdParams,
  body: z.object({ note: Required('a reason', 500) }),
  response: One,
});

export const Reseller = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const listResellers = endpoint({
  method: 'GET',
  path: '/api/reseller',
  access: 'user',
  summary: 'Active resellers with their main location (a directory for shoppers)',
  response: z.object({ data: z.array(Reseller) }),
});

export const ResellerAccount = Reseller.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  users: z.number().int(),
  createdAt: z.string(),
});

export const listResellerAccounts = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/reseller',
  access: 'sales',
  summary: 'Reseller companies with contact details and user counts',
  query: ListQuery,
  response: pageOf(ResellerAccount),
});
