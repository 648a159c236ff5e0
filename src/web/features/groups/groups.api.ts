import * as groups from '../../../contract/groups';
import { api } from '../../api/api';
import { createMutation, deleteMutation, listQuery, updateMutation } from '../../api/crud';

const group = { tag: 'Group' } as const;

export const groupsApi = api.injectEndpoints({
  endpoints: (b) => ({
    listGroups: listQuery(b, groups.listGroups, 'Group', (r) => r.id),
    createGroup: createMutation(b, groups.createGroup, group),
    updateGroup: updateMutation(b, groups.updateGroup, group),
    deleteGroup: deleteMutation(b, groups.deleteGroup, group),
  }),
});
