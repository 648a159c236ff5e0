import * as webhooks from '../../../contract/webhooks';
import { api, type BodyOf, type QueryOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

// One tag for endpoints and deliveries: a resend changes an endpoint's log, and a delivery's
// outcome its endpoint's status (failing), so any write refreshes both.
const TAG = { type: 'Webhook' as const, id: 'LIST' };

/** An endpoint's log: its id and the query (page, pageSize, status) of the list's filters. */
export type DeliveryArgs = QueryOf<typeof webhooks.listWebhookDeliveries> & { endpointId: number };

/** The company admin's webhook endpoints and their delivery logs (the account page). */
export const webhooksApi = api.injectEndpoints({
  endpoints: (b) => ({
    webhookEndpoints: contractQuery(b, webhooks.listWebhookEndpoints, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data.list,
      provides: [TAG],
    }),
    createWebhookEndpoint: contractMutation(b, webhooks.createWebhookEndpoint, {
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    updateWebhookEndpoint: contractMutation(b, webhooks.updateWebhookEndpoint, {
      input: ({ id, ...body }: BodyOf<typeof webhooks.updateWebhookEndpoint> & { id: number }) => ({
        params: { id },
        body,
      }),
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    rotateWebhookSecret: contractMutation(b, webhooks.rotateWebhookSecret, {
      input: byId,
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    deleteWebhookEndpoint: contractMutation(b, webhooks.deleteWebhookEndpoint, {
      input: byId,
      invalidates: [TAG],
    }),
    webhookDeliveries: contractQuery(b, webhooks.listWebhookDeliveries, {
      input: ({ endpointId, ...query }: DeliveryArgs) => ({ params: { id: endpointId }, query }),
      transform: (r) => r.data,
      provides: [TAG],
    }),
    resendWebhookDelivery: contractMutation(b, webhooks.resendWebhookDelivery, {
      input: byId,
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
  }),
});

export const {
  useWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useUpdateWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useDeleteWebhookEndpointMutation,
  useWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
