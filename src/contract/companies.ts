import { z } from 'zod';
import { distributorAutoSendModes } from '../domain/distributor-auto-send';
import { Email, ListQuery, OptionalBool, OptionalId, Required, Text, Zip, patchOf } from './admin-common';
import { endpoint, Id, Ok, pageOf } from './common';

export const companyKinds = ['customer', 'supplier', 'installer', 'reseller', 'staff'] as const;

export const Company = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(companyKinds),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  creditLimitCents: z.number().int(),
  paymentTermsDays: z.number().int(),
  active: z.boolean(),
  /** Units no warehouse can fill go to a distributor on their own: off, cheapest or fastest. */
  distributorAutoSend: z.enum(distributorAutoSendModes),
  createdAt: z.string(),
});
export type Company = z.infer<typeof Company>;

export const CompanyInput = z.object({
  name: Required('a company name'),
  kind: z.enum(companyKinds).default('customer'),
  email: Email.or(z.literal('')).nullable().default(null),
  phone: Text(40).nullable().default(null),
  creditLimitCents: z.number().int().min(0, 'Cannot be negative').default(0),
  paymentTermsDays: z.number().int().min(0).max(365).default(0),
  active: z.boolean().default(true),
  distributorAutoSend: z.enum(distributorAutoSendModes).default('off'),
});
export type CompanyInput = z.input<typeof CompanyInput>;

const IdParams = z.object({ id: Id });
const AssignParams = z.object({ id: Id, userId: Id });

export const listCompanies = endpoint({
  method: 'GET',
  path: '/api/v1/mts/company',
  access: 'staff',
  summary: 'Companies, with search, kind and active filters',
  query: ListQuery.extend({ kind: z.enum(companyKinds).optional(), active: OptionalBool }),
  response: pageOf(Company),
});

export const getCompany = endpoint({
  method: 'GET',
  path: '/api/v1/mts/company/:id',
  access: 'staff',
  summary: 'One company',
  params: IdParams,
  response: z.object({ data: Company }),
});

export const createCompany = endpoint({
  method: 'POST',
  path: '/api/v1/mts/company',
  access: 'companySettings',
  summary: 'Create a company',
  body: CompanyInput,
  response: z.object({ data: Company }),
  status: 201,
});

export const updateCompany = endpoint({
  method: 'PUT',
  path: '/api/v1/mts/company/:id',
  access: 'companySettings',
  summary:
    'Update a company (creditLimitCents, paymentTermsDays and distributorAutoSend: finance or admin only)',
  params: IdParams,
  body: patchOf(CompanyInput),
  response: z.object({ data: Company }),
});

export const assignCompanyUser = endpoint({
  method: 'POST',
  path: '/api/v1/mts/company/:id/:userId',
  access: 'admin',
  summary: "Move a user into a company (the user's locations of the old company are dropped)",
  params: AssignParams,
  response: Ok,
});

export const AdminLocation = z.object({
  locationId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  locationName: z.string(),
  locationAddress: z.string(),
  locationCity: z.string(),
  locationState: z.string(),
  locationZip: z.string(),
  locationPhone: z.string().nullable(),
  locationSupplierId: z.number().int(),
  locationInstaller: z.number().int(),
  locationGroupPricing: z.number().int(),
  active: z.boolean(),
});
export type AdminLocation = z.infer<typeof AdminLocation>;

export const LocationInput = z.object({
  companyId: Id,
  locationName: Required('a location name'),
  locationAddress: Text().default(''),
  locationCity: Text(100).default(''),
  locationState: Text(2).default(''),
  locationZip: Zip,
  locationPhone: Text(40).nullable().default(null),
  locationSupplierId: z.number().int().min(0).default(0),
  locationInstaller: z.number().int().min(0).default(0),
  locationGroupPricing: Id,
  active: z.boolean().default(true),
});
export type LocationInput = z.input<typeof LocationInput>;

export const listLocations = endpoint({
  method: 'GET',
  path: '/api/v1/mts/location',
  access: 'staff',
  summary: 'Locations, filterable by company, supplier and installer flags',
  query: ListQuery.extend({ companyId: OptionalId, supplier: OptionalBool, installer: OptionalBool }),
  response: pageOf(AdminLocation),
});

export const getLocation = endpoint({
  method: 'GET',
  path: '/api/v1/mts/location/:id',
  access: 'staff',
  summary: 'One location',
  params: IdParams,
  response: z.object({ data: AdminLocation }),
});

export const createLocation = endpoint({
  method: 'POST',
  path: '/api/v1/mts/location',
  access: 'companySettings',
  summary: 'Create a location of a company',
  body: LocationInput,
  response: z.object({ data: AdminLocation }),
  status: 201,
});

export const updateLocation = endpoint({
  method: 'PUT',
  path: '/api/v1/mts/location/:id',
  access: 'companySettings',
  summary: 'Update a location (locationSupplierId and locationGroupPricing: finance or admin only)',
  params: IdParams,
  body: patchOf(LocationInput.omit({ companyId: true })),
  response: z.object({ data: AdminLocation }),
});

export const assignLocationUser = endpoint({
  method: 'POST',
  path: '/api/v1/mts/location/:id/:userId',
  access: 'admin',
  summary: 'Give a user of the same company access to a location',
  params: AssignParams,
  response: Ok,
});

/** The caller's own company (a company admin), not the back office's company update. */
export const updateOwnCompany = endpoint({
  method: 'PUT',
  path: '/api/company',
  access: 'companyAdmin',
  summary: "Update the company's name and contact details",
  body: z.object({
    name: z.string().trim().min(1).max(120),
    email: z.string().email().max(200).nullable().optional(),
    phone: z.string().trim().max(40).nullable().optional(),
  }),
  response: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
