// Suppliers: the order lines routed to the caller's supplier company.
import { z } from 'zod';
import { endpoint, Id, PageQuery, pageOf } from './common';
import { SupplierLine, SupplierLineStatus } from './order-shapes';

const _OrderIdParams = z.object({ id: Id });

// Suppliers: only the lines routed to the caller's supplier company.

export const listFulfillments = endpoint({
  method: 'GET',
  path: '/api/supplier/fulfillments',
  access: 'supplier',
  summary: "Order lines routed to the caller's supplier company",
  query: PageQuery.extend({ status: SupplierLineStatus.optional() }),
  response: pageOf(SupplierLine),
});

export const updateFulfillments = endpoint({
  method: 'PUT',
  path: '/api/supplier/fulfillments',
  access: 'supplier',
  summary: 'Confirm, reject (exception) or cancel lines routed to the caller',
  body: z.object({
    lines: z
      .array(
        z.object({
          supplierLineId: Id,
          status: z.enum(['confirmed', 'exception', 'cancelled']),
          note: z.string().trim().max(500).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
  response: z.object({ list: z.array(SupplierLine) }),
});
