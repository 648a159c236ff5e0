import { webhookEventTypes } from '../../../domain/webhook-events';
import type { WebhookDeliveryStatus, WebhookEndpointStatus } from '../../../domain/webhook-status';
import { webhookEventLabels } from '../../../contract/webhooks';

export const endpointStatusColor: Record<WebhookEndpointStatus, string> = {
  active: 'green',
  failing: 'red',
  disabled: 'gray',
};

export const deliveryStatusColor: Record<WebhookDeliveryStatus, string> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** The nine events in the domain's order, with what each reports. */
export const eventChoices = webhookEventTypes.map((type) => ({ type, label: webhookEventLabels[type] }));
