import * as marketing from '../../../contract/marketing';
import { api, type BodyOf } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

const inbox = { type: 'ContactMessage', id: 'LIST' } as const;

export const marketingApi = api.injectEndpoints({
  endpoints: (b) => ({
    subscribe: contractMutation(b, marketing.subscribeNewsletter, {
      input: (email: string) => ({ body: { email } }),
      transform: (r) => r.data.message,
    }),
    confirmNewsletter: contractMutation(b, marketing.confirmNewsletter, {
      input: (token: string) => ({ body: { token } }),
      transform: (r) => r.data,
    }),
    unsubscribe: contractMutation(b, marketing.unsubscribeNewsletter, {
      input: (token: string) => ({ body: { token } }),
      transform: (r) => r.data,
    }),
    sendContact: contractMutation(b, marketing.sendContact, {
      transform: (r) => r.data,
      invalidates: [inbox],
    }),
    contactInbox: contractQuery(b, marketing.listContact, {
      transform: (r) => r.data,
      provides: [inbox],
    }),
    answerContact: contractMutation(b, marketing.answerContact, {
      input: ({ id, body }: { id: number; body: BodyOf<typeof marketing.answerContact> }) => ({
        params: { id },
        body,
      }),
      transform: (r) => r.data,
      invalidates: [inbox, { type: 'Audit', id: 'LIST' }, { type: 'Outbox', id: 'LIST' }],
    }),
  }),
});

export const {
  useSubscribeMutation,
  useConfirmNewsletterMutation,
  useUnsubscribeMutation,
  useSendContactMutation,
  useContactInboxQuery,
  useAnswerContactMutation,
} = marketingApi;
