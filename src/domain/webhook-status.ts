// Outbound webhooks: the statuses of an endpoint and of a delivery, and the one table of each's
// moves (docs/webhooks.md).
import { assertTransition, type TransitionTable } from './status-machine';

export const webhookEndpointStatuses = ['active', 'failing', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

/**
 * An endpoint is failing once a delivery to it has used every attempt, and active again at its
 * next delivered event; the company admin may disable it (no new deliveries) and enable it again.
 */
export const webhookEndpointTransitions: TransitionTable<WebhookEndpointStatus> = {
  active: ['failing', 'disabled'],
  failing: ['active', 'disabled'],
  disabled: ['active'],
};

export function assertWebhookEndpointTransition(from: WebhookEndpointStatus, to: WebhookEndpointStatus) {
  assertTransition('webhook endpoint', webhookEndpointTransitions, from, to);
}

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/**
 * A delivery is pending until the receiver answers 2xx (delivered) or its attempts run out
 * (failed); "resend" makes a delivered or failed one pending again, with a new round of attempts.
 */
export const webhookDeliveryTransitions: TransitionTable<WebhookDeliveryStatus> = {
  pending: ['delivered', 'failed'],
  delivered: ['pending'],
  failed: ['pending'],
};

export function assertWebhookDeliveryTransition(from: WebhookDeliveryStatus, to: WebhookDeliveryStatus) {
  assertTransition('webhook delivery', webhookDeliveryTransitions, from, to);
}

/** Whether the company admin may resend a delivery now (it is not already waiting to be sent). */
export const canResendDelivery = (status: WebhookDeliveryStatus) =>
  webhookDeliveryTransitions[status].includes('pending');

/** Whether an endpoint gets new events: a failing one still does, a disabled one not. */
export const receivesEvents = (status: WebhookEndpointStatus) => status !== 'disabled';
