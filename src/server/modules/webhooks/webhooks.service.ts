// The webhooks module's entry (docs/webhooks.md): other modules call enqueueWebhookEvent in the
// transaction of their change; the rest are the company admin's use cases and the worker, kept in
// the sibling files named below.
export { enqueueOrderWebhookEvents, enqueueWebhookEvent, type WebhookEventType } from './webhooks.outbox';
export {
  listEndpoints,
  createEndpoint,
  updateEndpoint,
  rotateSecret,
  deleteEndpoint,
  listDeliveries,
  resendDelivery,
} from './webhooks.endpoints';
export { startWebhookWorker, type WebhookWorker, type WorkerOptions } from './webhooks.worker';
export { targetRulesOf } from './webhooks.targets';
