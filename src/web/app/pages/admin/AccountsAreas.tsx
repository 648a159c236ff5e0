import { Badge } from '@mantine/core';
import * as companies from '../../../../contract/companies';
import * as groups from '../../../../contract/groups';
import * as users from '../../../../contract/users';
import { roles } from '../../../../domain/roles';
import { CrudPage } from '../../../features/admin/CrudPage';
import { money, dateTime } from '../../../lib/format';
import { useOptions } from './admin-options';
import { UserTokens } from './UserTokens';

const kindOptions = companies.companyKinds.map((k) => ({ value: k, label: k }));
const active = (v: boolean) => (
  <Badge miw="max-content" color={v ? 'green' : 'gray'} variant="light">
    {v ? 'active' : 'inactive'}
  </Badge>
);

export function CompaniesPage() {
  return (
    <CrudPage<companies.Company>
      config={{
        title: 'Companies',
        noun: 'Company',
        entity: 'company',
        listKey: 'listCompanies',
        createKey: 'createCompany',
        updateKey: 'updateCompany',
        idOf: (r) => r.id,
        filters: [{ name: 'kind', label: 'Kind', options: kindOptions }],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'kind', header: 'Kind', cell: (r) => r.kind, sortKey: 'kind' },
          { id: 'email', header: 'E-mail', cell: (r) => r.email ?? '' },
          {
            id: 'credit',
            header: 'Credit limit',
            cell: (r) => money(r.creditLimitCents),
            csv: (r) => r.creditLimitCents,
          },
          { id: 'active', header: 'Status', cell: (r) => active(r.active), csv: (r) => r.active },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'kind', label: 'Kind', kind: 'select', options: kindOptions },
          { name: 'email', label: 'E-mail', kind: 'text' },
          { name: 'phone', label: 'Phone', kind: 'text' },
          { name: 'creditLimitCents', label: 'Credit limit', kind: 'money' },
          { name: 'paymentTermsDays', label: 'Payment terms (days)', kind: 'number' },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: companies.CompanyInput,
        updateSchema: companies.updateCompany.body,
      }}
    />
  );
}

export function LocationsPage() {
  const options = useOptions();
  return (
    <CrudPage<companies.AdminLocation>
      config={{
        title: 'Locations',
        noun: 'Location',
        entity: 'location',
        listKey: 'listLocations',
        createKey: 'createLocation',
        updateKey: 'updateLocation',
        idOf: (r) => r.locationId,
        filters: [{ name: 'companyId', label: 'Company', source: 'company' }],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.locationId },
          { id: 'name', header: 'Name', cell: (r) => r.locationName, sortKey: 'locationName' },
          { id: 'company', header: 'Company', cell: (r) => r.companyName, sortKey: 'companyName' },
          { id: 'city', header: 'City', cell: (r) => `${r.locationCity} ${r.locationState}`.trim() },
          { id: 'zip', header: 'ZIP', cell: (r) => r.locationZip, sortKey: 'locationZip' },
          {
            id: 'group',
            header: 'Price group',
            cell: (r) => options.groupName(r.locationGroupPricing),
            csv: (r) => r.locationGroupPricing,
          },
          { id: 'supplier', header: 'Supplier company id', cell: (r) => r.locationSupplierId || '—' },
          { id: 'installer', header: 'Installer', cell: (r) => r.locationInstaller },
        ],
        fields: [
          { name: 'companyId', label: 'Company', kind: 'picker', source: 'company', createOnly: true },
          { name: 'locationName', label: 'Name', kind: 'text' },
          { name: 'locationAddress', label: 'Address', kind: 'text' },
          { name: 'locationCity', label: 'City', kind: 'text' },
          { name: 'locationState', label: 'State', kind: 'text' },
          { name: 'locationZip', label: 'ZIP', kind: 'text' },
          { name: 'locationPhone', label: 'Phone', kind: 'text' },
          {
            name: 'locationGroupPricing',
            label: 'Price group',
            kind: 'select',
            options: options.priceGroups,
          },
          {
            name: 'locationSupplierId',
            label: 'Supplier company',
            description:
              'The supplier this location works for; leave empty for a location that does not supply.',
            kind: 'picker',
            source: 'supplierCompany',
            nullable: true,
            noneValue: 0,
          },
          { name: 'locationInstaller', label: 'Installer (above 0 = installs)', kind: 'number' },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: companies.LocationInput,
        updateSchema: companies.updateLocation.body,
      }}
    />
  );
}

const roleOptions = roles.map((r) => ({ value: r, label: r.replace('_', ' ') }));

export function UsersPage() {
  return (
    <CrudPage<users.AdminUser>
      config={{
        title: 'Users',
        noun: 'User',
        entity: 'user',
        listKey: 'listUsers',
        createKey: 'createUser',
        updateKey: 'updateUser',
        idOf: (r) => r.userId,
        filters: [
          { name: 'role', label: 'Role', options: roleOptions },
          { name: 'companyId', label: 'Company', source: 'company' },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.userId },
          { id: 'username', header: 'Username', cell: (r) => r.userName, sortKey: 'userName' },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'role', header: 'Role', cell: (r) => r.role, sortKey: 'role' },
          { id: 'company', header: 'Company', cell: (r) => r.companyName, sortKey: 'companyName' },
          { id: 'active', header: 'Status', cell: (r) => active(r.active), csv: (r) => r.active },
        ],
        fields: [
          { name: 'username', label: 'Username', kind: 'text', createOnly: true },
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'email', label: 'E-mail', kind: 'text' },
          { name: 'role', label: 'Role', kind: 'select', options: roleOptions },
          { name: 'companyId', label: 'Company', kind: 'picker', source: 'company', createOnly: true },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: users.UserInput,
        updateSchema: users.updateUser.body,
        extra: (row) => <UserTokens userId={row.userId} />,
      }}
    />
  );
}

export function GroupsPage() {
  const options = useOptions();
  return (
    <CrudPage<groups.CustomerGroup>
      config={{
        title: 'Customer groups',
        noun: 'Group',
        entity: 'group',
        listKey: 'listGroups',
        createKey: 'createGroup',
        updateKey: 'updateGroup',
        deleteKey: 'deleteGroup',
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'description', header: 'Description', cell: (r) => r.description },
          {
            id: 'group',
            header: 'Price group',
            cell: (r) => options.groupName(r.priceGroupId),
            csv: (r) => r.priceGroupId,
          },
          { id: 'companies', header: 'Companies', cell: (r) => r.companyIds.length },
          { id: 'created', header: 'Created', cell: (r) => dateTime(r.createdAt) },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'description', label: 'Description', kind: 'textarea' },
          {
            name: 'priceGroupId',
            label: 'Price group',
            kind: 'select',
            options: options.priceGroups,
            nullable: true,
          },
          { name: 'companyIds', label: 'Companies', kind: 'multiselect', source: 'company' },
        ],
        createSchema: groups.GroupInput,
        updateSchema: groups.updateGroup.body,
      }}
    />
  );
}
