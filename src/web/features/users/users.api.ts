import * as users from '../../../contract/users';
import { api, type Out } from '../../api/api';
import { createMutation, listQuery, oneQuery, updateMutation, written } from '../../api/crud';
import type { Picker } from '../../components/EntityPicker';

// A new user without a password gets an invitation in the outbox; a user's name shows in the
// compensation plans and records.
const user = { tag: 'User', also: ['Outbox', 'CompPlan', 'CompRecord'] } as const;
const token = { tag: 'UserToken' } as const;

export const usersApi = api.injectEndpoints({
  endpoints: (b) => ({
    listUsers: listQuery(b, users.listUsers, 'User', (r) => r.userId),
    getUser: oneQuery(b, users.getUser, 'User'),
    createUser: createMutation(b, users.createUser, user),
    updateUser: updateMutation(b, users.updateUser, user),
    /** A user's API tokens, tagged by the user. */
    userTokens: b.query<Out<typeof users.listUserTokens>, number>({
      query: (id) => ({ endpoint: users.listUserTokens, params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'UserToken', id }],
    }),
    issueUserToken: b.mutation<Out<typeof users.issueUserToken>, { userId: number; name: string }>({
      query: ({ userId, name }) => ({
        endpoint: users.issueUserToken,
        params: { id: userId },
        body: { name },
      }),
      invalidatesTags: (_r, _e, { userId }) => written(token, userId),
    }),
    revokeUserToken: b.mutation<Out<typeof users.revokeUserToken>, { userId: number; tokenId: number }>({
      query: ({ userId, tokenId }) => ({
        endpoint: users.revokeUserToken,
        params: { id: userId, tokenId },
      }),
      invalidatesTags: (_r, _e, { userId }) => written(token, userId),
    }),
    /** A user who lost phone and recovery codes: the second factor goes, the user enrols again. */
    resetUserMfa: b.mutation<Out<typeof users.resetUserMfa>, number>({
      query: (id) => ({ endpoint: users.resetUserMfa, params: { id } }),
      invalidatesTags: (_r, _e, id) => written(user, id),
    }),
  }),
});

export const {
  useUserTokensQuery,
  useIssueUserTokenMutation,
  useRevokeUserTokenMutation,
  useResetUserMfaMutation,
} = usersApi;

export const userPicker: Picker<users.AdminUser> = {
  list: usersApi.endpoints.listUsers,
  one: usersApi.endpoints.getUser,
  id: (r) => r.userId,
  label: (r) => `${r.name} (${r.userName})`,
  noun: 'users',
};
