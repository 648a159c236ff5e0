import * as users from '../../../contract/users';
import { api } from '../../api/api';
import { createMutation, listQuery, oneQuery, updateMutation, written } from '../../api/crud';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';
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
    userTokens: contractQuery(b, users.listUserTokens, {
      input: byId,
      provides: (_r, _e, id) => [{ type: 'UserToken', id }],
    }),
    issueUserToken: contractMutation(b, users.issueUserToken, {
      input: ({ userId, name }: { userId: number; name: string }) => ({
        params: { id: userId },
        body: { name },
      }),
      invalidates: (_r, _e, { userId }) => written(token, userId),
    }),
    revokeUserToken: contractMutation(b, users.revokeUserToken, {
      input: ({ userId, tokenId }: { userId: number; tokenId: number }) => ({
        params: { id: userId, tokenId },
      }),
      invalidates: (_r, _e, { userId }) => written(token, userId),
    }),
    /** A user who lost phone and recovery codes: the second factor goes, the user enrols again. */
    resetUserMfa: contractMutation(b, users.resetUserMfa, {
      input: byId,
      invalidates: (_r, _e, id) => written(user, id),
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
