// What finance must act on that no person asked for: a card dispute (chargeback) the card
// processor opened on an order. Finance lists the open ones and closes each once answered.
import { z } from 'zod';
import { OptionalId } from './admin-common';
import { Cents, endpoint, Id, IsoDate, pageOf, PageQuery } from './common';

export const financeTaskStatuses = ['open', 'closed'] as const;

export const FinanceTask = z.object({
  taskId: z.number().int(),
  kind: z.enum(['dispute']),
  orderId: z.number().int(),
  orderNumber: z.string().nullable(),
  companyName: z.string(),
  /** The processor's id of the object (a Stripe dispute du_…). */
  reference: z.string(),
  amountCents: Cents,
  /** What happened and by when to answer: the processor's reason and deadline. */
  note: z.string(),
  createdAt: IsoDate,
  closedAt: IsoDate.nullable(),
});
export type FinanceTask = z.infer<typeof FinanceTask>;

export const listFinanceTasks = endpoint({
  method: 'GET',
  path: '/api/v1/finance/task',
  access: 'finance',
  summary:
    'Finance tasks (card disputes), oldest first: open or closed ones (status), of one order (orderId)',
  query: PageQuery.extend({ status: z.enum(financeTaskStatuses).optional(), orderId: OptionalId }),
  response: pageOf(FinanceTask),
});

export const closeFinanceTask = endpoint({
  method: 'PUT',
  path: '/api/v1/finance/task/:id/close',
  access: 'finance',
  summary: 'Finance is done with a task (the dispute answered at the processor); a closed task is a 409',
  params: z.object({ id: Id }),
  response: z.object({ data: FinanceTask }),
});
