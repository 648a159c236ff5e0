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
