import * as users from '../../../contract/users';
import { roles } from '../../../domain/roles';
import { ActiveBadge } from '../../components/ActiveBadge';
import { CrudPage } from '../../components/CrudPage';
import type { Picker } from '../../components/EntityPicker';
import { UserMfaReset } from './UserMfaReset';
import { UserTokens } from './UserTokens';
import { usersApi } from './users.api';

const roleOptions = roles.map((r) => ({ value: r, label: r.replace('_', ' ') }));
const { listUsers, createUser, updateUser } = usersApi.endpoints;

/** /admin/users: sign-ins, their roles and companies, and their API tokens. */
export function UsersPage({ pickers }: { pickers: { company: Picker } }) {
  return (
    <CrudPage
      config={{
        title: 'Users',
        noun: 'User',
        entity: 'user',
        list: listUsers,
        create: createUser,
        update: updateUser,
        idOf: (r) => r.userId,
        filters: [
          { name: 'role', label: 'Role', options: roleOptions },
          { name: 'companyId', label: 'Company', source: pickers.company },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.userId },
          { id: 'username', header: 'Username', cell: (r) => r.userName, sortKey: 'userName' },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'role', header: 'Role', cell: (r) => r.role, sortKey: 'role' },
          { id: 'company', header: 'Company', cell: (r) => r.companyName, sortKey: 'companyName' },
          {
            id: 'active',
            header: 'Status',
            cell: (r) => <ActiveBadge active={r.active} />,
            csv: (r) => r.active,
          },
        ],
        fields: [
          { name: 'username', label: 'Username', kind: 'text', createOnly: true },
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'email', label: 'E-mail', kind: 'text' },
          { name: 'role', label: 'Role', kind: 'select', options: roleOptions },
          { name: 'companyId', label: 'Company', kind: 'picker', source: pickers.company, createOnly: true },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: users.UserInput,
        updateSchema: users.updateUser.body,
        extra: (row) => (
          <>
            <UserTokens userId={row.userId} />
            <UserMfaReset userId={row.userId} userName={row.userName} />
          </>
        ),
      }}
    />
  );
}
