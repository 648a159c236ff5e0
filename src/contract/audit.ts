import { z } from 'zod';
import { ListQuery } from './admin-common';
import { endpoint, pageOf } from './common';

export const AuditEntry = z.object({
  id: z.number().int(),
  actorUserId: z.number().int().nullable(),
  actorUsername: z.string(),
  at: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const listAudit = endpoint({
  method: 'GET',
  path: '/api/v1/audit',
  access: 'staff',
  summary: 'The back-office audit log, newest first; filter by entity and record id',
  query: ListQuery.extend({
    entity: z.string().max(40).optional(),
    entityId: z.string().max(40).optional(),
  }),
  response: pageOf(AuditEntry),
});

export const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/v1/mailbox',
  access: 'admin',
  summary: 'The e-mail outbox (the mailbox of the embedded setup), newest first',
  query: ListQuery.extend({ kind: z.string().max(40).optional() }),
  response: pageOf(OutboxMail),
});
