import { z } from 'zod';
import { ListQuery, NullableId, Required, Text, patchOf } from './admin-common';
import { endpoint, Id, Ok, pageOf } from './common';

export const CustomerGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  priceGroupId: z.number().int().nullable(),
  companyIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type CustomerGroup = z.infer<typeof CustomerGroup>;

export const GroupInput = z.object({
  name: Required('a group name', 100),
  description: Text(500).default(''),
  priceGroupId: NullableId.default(null),
  companyIds: z.array(z.number().int().positive()).max(1000).default([]),
});
export type GroupInput = z.input<typeof GroupInput>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: CustomerGroup });

export const listGroups = endpoint({
  method: 'GET',
  path: '/api/v1/group',
  access: 'staff',
  summary: 'Customer groups',
  query: ListQuery,
  response: pageOf(CustomerGroup),
});

export const getGroup = endpoint({
  method: 'GET',
  path: '/api/v1/group/:id',
  access: 'staff',
  summary: 'One customer group',
  params: IdParams,
  response: One,
});

export const createGroup = endpoint({
  method: 'POST',
  path: '/api/v1/group',
  access: 'sales',
  summary: 'Create a customer group',
  body: GroupInput,
  response: One,
  status: 201,
});

export const updateGroup = endpoint({
  method: 'PUT',
  path: '/api/v1/group/:id',
  access: 'sales',
  summary: 'Update a customer group',
  params: IdParams,
  body: patchOf(GroupInput),
  response: One,
});

export const deleteGroup = endpoint({
  method: 'DELETE',
  path: '/api/v1/group/:id',
  access: 'sales',
  summary: 'Delete a customer group',
  params: IdParams,
  response: Ok,
});
