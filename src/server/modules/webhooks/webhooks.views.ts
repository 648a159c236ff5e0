// Rows of webhooks as the contract shows them.
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks';
import type { WebhookEventType } from '../../../domain/webhook-events';
import type { WebhookDeliveryStatus, WebhookEndpointStatus } from '../../../domain/webhook-status';
import { iso } from '../../lib/dates';
import type { DeliveryView, EndpointRow } from './webhooks.repository';
import { secretHint, webhookIdOf } from './webhooks.signing';

export function toEndpoint(row: EndpointRow, at = new Date()): WebhookEndpoint {
  const previousInForce = row.previousSecretUntil && row.previousSecretUntil > at;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.status as WebhookEndpointStatus,
    failingSince: iso(row.failingSince),
    secretHint: secretHint(row.secret),
    secretRotatedAt: iso(row.secretRotatedAt),
    previousSecretUntil: previousInForce ? iso(row.previousSecretUntil) : null,
    createdAt: iso(row.createdAt),
  };
}

export function toDelivery(row: DeliveryView): WebhookDelivery {
  const d = row.delivery;
  return {
    id: d.id,
    webhookId: webhookIdOf(d.eventId),
    eventType: row.type as WebhookEventType,
    status: d.status as WebhookDeliveryStatus,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    deliveredAt: iso(d.deliveredAt),
    createdAt: iso(d.createdAt),
    data: (row.data ?? {}) as Record<string, unknown>,
  };
}
