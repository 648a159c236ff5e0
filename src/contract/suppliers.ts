import { z } from 'zod';
import { ListQuery, OptionalBool } from './admin-common';
import { endpoint, Id, pageOf } from './common';
import { Company, CompanyInput } from './companies';
import { patchOf } from './admin-common';

/** A supplier company: a company of kind 'supplier', with its warehouse count. */
export const SupplierCompany = Company.extend({ warehouses: z.number().int() });
export type SupplierCompany = z.infer<typeof SupplierCompany>;

export const SupplierInput = CompanyInput.omit({ kind: true });
export type SupplierInput = z.input<typeof SupplierInput>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: SupplierCompany });

export const listSuppliers = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/company',
  access: 'admin',
  summary: 'Supplier companies',
  query: ListQuery.extend({ active: OptionalBool }),
  response: pageOf(SupplierCompany),
});

export const getSupplier = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/company/:id',
  access: 'admin',
  summary: 'One supplier company',
  params: IdParams,
  response: One,
});

export const createSupplier = endpoint({
  method: 'POST',
  path: '/api/v1/supplier/company',
  access: 'admin',
  summary: 'Create a supplier company',
  body: SupplierInput,
  response: One,
  status: 201,
});

export const updateSupplier = endpoint({
  method: 'PUT',
  path: '/api/v1/supplier/company/:id',
  access: 'admin',
  summary: 'Update a supplier company',
  params: IdParams,
  body: patchOf(SupplierInput),
  response: One,
});

/** POST on /supplier/company/{id}: the same update as PUT, for clients that post it. */
export const postUpdateSupplier = endpoint({
  ...updateSupplier,
  method: 'POST',
  summary: 'Update a supplier company (as PUT)',
});

export const setSuppliersActive = endpoint({
  method: 'PUT',
  path: '/api/v1/supplier/company',
  access: 'admin',
  summary: 'Switch several supplier companies on or off at once',
  body: z.object({
    ids: z.array(Id).min(1, 'Choose at least one supplier').max(100),
    active: z.boolean(),
  }),
  response: z.object({ updated: z.number().int() }),
});
