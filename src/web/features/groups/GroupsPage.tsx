import * as groups from '../../../contract/groups';
import { CrudPage } from '../../components/CrudPage';
import { type Picker, useChoices } from '../../components/EntityPicker';
import { dateTime } from '../../lib/format';
import { groupsApi } from './groups.api';

const { listGroups, createGroup, updateGroup, deleteGroup } = groupsApi.endpoints;

/** /admin/groups: customer groups, companies priced alike. */
export function GroupsPage({ pickers }: { pickers: { company: Picker; priceGroup: Picker } }) {
  const priceGroups = useChoices(pickers.priceGroup);
  return (
    <CrudPage
      config={{
        title: 'Customer groups',
        noun: 'Group',
        entity: 'group',
        list: listGroups,
        create: createGroup,
        update: updateGroup,
        remove: deleteGroup,
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'description', header: 'Description', cell: (r) => r.description },
          {
            id: 'group',
            header: 'Price group',
            cell: (r) => priceGroups.nameOf(r.priceGroupId),
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
            options: priceGroups.options,
            nullable: true,
          },
          { name: 'companyIds', label: 'Companies', kind: 'multiselect', source: pickers.company },
        ],
        createSchema: groups.GroupInput,
        updateSchema: groups.updateGroup.body,
      }}
    />
  );
}
