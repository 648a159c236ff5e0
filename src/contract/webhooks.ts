// Outbound webhooks (docs/webhooks.md): a company admin registers the company's endpoints on
// /account, rotates their signing secrets and reads each endpoint's delivery log.
import { z } from 'zod';
import { webhookEventTypes } from '../domain/webhook-events';
import { webhookDeliveryStatuses, webhookEndpointStatuses } from '../domain/webhook-status';
import { endpoint, Id, IsoDate, Ok, PageQuery, pageOf } from './common';

export const WebhookEventType = z.enum(webhookEventTypes);
export const WebhookEndpointStatus = z.enum(webhookEndpointStatuses);
export const WebhookDeliveryStatus = z.enum(webhookDeliveryStatuses);

/** What each event type reports, as the account page lists them. */
export const webhookEventLabels: Record<z.infer<typeof WebhookEventType>, string> = {
  'order.placed': 'An order was placed',
  'order.approval_requested': 'An order waits for approval',
  'order.approved': 'An order was approved',
  'order.rejected': 'An order was rejected',
  'order.shipped': 'An order shipped',
  'order.delivered': 'An order was delivered',
  'invoice.created': "An order's invoice was issued",
  'return.updated': 'A return changed status',
  'refund.processed': 'A refund was paid out',
};

export const MAX_WEBHOOK_URL = 2000;

export const WebhookEndpointInput = z.object({
  url: z.string().trim().min(1, 'Enter the URL the events are sent to').max(MAX_WEBHOOK_URL),
  description: z.string().trim().max(200).default(''),
  events: z
    .array(WebhookEventType)
    .min(1, 'Choose at least one event')
    .max(webhookEventTypes.length)
    .refine((list) => new Set(list).size === list.length, 'names an event twice'),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

export const WebhookEndpointChange = z.object({
  url: WebhookEndpointInput.shape.url.optional(),
  description: z.string().trim().max(200).optional(),
  events: WebhookEndpointInput.shape.events.optional(),
  /** false pauses it (no new deliveries); true sends again. */
  enabled: z.boolean().optional(),
});

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  status: WebhookEndpointStatus,
  /** Since when its deliveries fail (a delivery used every attempt); null when it is not failing. */
  failingSince: IsoDate.nullable(),
  /** The last characters of the signing secret, to tell secrets apart; never the secret. */
  secretHint: z.string(),
  secretRotatedAt: IsoDate.nullable(),
  /** Until when deliveries are also signed with the secret before the last rotation. */
  previousSecretUntil: IsoDate.nullable(),
  createdAt: IsoDate,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** An endpoint with its signing secret: answered once, when it is made or its secret rotated. */
const WithSecret = z.object({ data: z.object({ endpoint: WebhookEndpoint, secret: z.string() }) });

export const WebhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: one per event, the same on every attempt and resend. */
  webhookId: z.string(),
  eventType: WebhookEventType,
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: IsoDate.nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: IsoDate.nullable(),
  deliveredAt: IsoDate.nullable(),
  createdAt: IsoDate,
  /** The payload's `data`. */
  data: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const Params = z.object({ id: Id });

export const listWebhookEndpoints = endpoint({
  method: 'GET',
  path: '/api/v1/webhook',
  access: 'companyAdmin',
  summary: "The company's webhook endpoints, oldest first (secrets are never listed)",
  response: z.object({ data: z.object({ list: z.array(WebhookEndpoint) }) }),
});

export const createWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/webhook',
  access: 'companyAdmin',
  summary:
    'Register a webhook endpoint of the company: an https URL outside private networks and the events it gets; answers its signing secret (whsec_…) this once',
  body: WebhookEndpointInput,
  response: WithSecret,
  status: 201,
});

export const updateWebhookEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/webhook/:id',
  access: 'companyAdmin',
  summary: 'Change an endpoint of the company: its URL, description, events, or pause it (enabled)',
  params: Params,
  body: WebhookEndpointChange,
  response: z.object({ data: WebhookEndpoint }),
});

export const rotateWebhookSecret = endpoint({
  method: 'POST',
  path: '/api/v1/webhook/:id/rotate',
  access: 'companyAdmin',
  summary:
    'A new signing secret for an endpoint, answered this once; for 24 hours deliveries carry a signature by the old one too',
  params: Params,
  response: WithSecret,
});

export const deleteWebhookEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/v1/webhook/:id',
  access: 'companyAdmin',
  summary: 'Remove an endpoint of the company with its delivery log; nothing more is sent to it',
  params: Params,
  response: Ok,
});

export const listWebhookDeliveries = endpoint({
  method: 'GET',
  path: '/api/v1/webhook/:id/delivery',
  access: 'companyAdmin',
  summary: "An endpoint's delivery log, newest first: status, attempts, the last response code",
  params: Params,
  query: PageQuery.extend({ status: WebhookDeliveryStatus.optional() }),
  response: pageOf(WebhookDelivery),
});

export const resendWebhookDelivery = endpoint({
  method: 'POST',
  path: '/api/v1/webhook/delivery/:id/resend',
  access: 'companyAdmin',
  summary:
    'Send a delivered or failed delivery again, at once and with a new round of retries (the same webhook-id)',
  params: Params,
  response: z.object({ data: WebhookDelivery }),
});
