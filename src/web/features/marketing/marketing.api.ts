import * as marketing from '../../../contract/marketing';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

const inbox = { type: 'ContactMessage', id: 'LIST' } as const;

export const marketingApi = api.injectEndpoints({
  endpoints: (b) => ({
    subscribe: b.mutation<string, string>({
      query: (email) => ({ endpoint: marketing.subscribeNewsletter, body: { email } }),
      transformResponse: (r: Out<typeof marketing.subscribeNewsletter>) => r.data.message,
    }),
    confirmNewsletter: b.mutation<Out<typeof marketing.confirmNewsletter>['data'], string>({
      query: (token) => ({ endpoint: marketing.confirmNewsletter, body: { token } }),
      transformResponse: (r: Out<typeof marketing.confirmNewsletter>) => r.data,
    }),
    unsubscribe: b.mutation<Out<typeof marketing.unsubscribeNewsletter>['data'], string>({
      query: (token) => ({ endpoint: marketing.unsubscribeNewsletter, body: { token } }),
      transformResponse: (r: Out<typeof marketing.unsubscribeNewsletter>) => r.data,
    }),
    sendContact: b.mutation<marketing.ContactMessage, BodyOf<typeof marketing.sendContact>>({
      query: (body) => ({ endpoint: marketing.sendContact, body }),
      transformResponse: (r: Out<typeof marketing.sendContact>) => r.data,
      invalidatesTags: [inbox],
    }),
    contactInbox: b.query<Out<typeof marketing.listContact>['data'], QueryOf<typeof marketing.listContact>>({
      query: (query) => ({ endpoint: marketing.listContact, query }),
      transformResponse: (r: Out<typeof marketing.listContact>) => r.data,
      providesTags: [inbox],
    }),
    answerContact: b.mutation<
      marketing.ContactMessage,
      { id: number; body: BodyOf<typeof marketing.answerContact> }
    >({
      query: ({ id, body }) => ({ endpoint: marketing.answerContact, params: { id }, body }),
      transformResponse: (r: Out<typeof marketing.answerContact>) => r.data,
      invalidatesTags: [inbox, { type: 'Audit', id: 'LIST' }, { type: 'Outbox', id: 'LIST' }],
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
