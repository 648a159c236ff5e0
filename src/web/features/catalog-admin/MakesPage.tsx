import * as write from '../../../contract/catalog-admin';
import { CrudPage } from '../../components/CrudPage';
import { catalogAdminApi } from './catalog-admin.api';

const { listMakes, createMake, updateMake } = catalogAdminApi.endpoints;

/** /admin/makes: the tire brands. */
export function MakesPage() {
  return (
    <CrudPage
      config={{
        title: 'Makes',
        noun: 'Make',
        entity: 'make',
        list: listMakes,
        create: createMake,
        update: updateMake,
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name },
          { id: 'slug', header: 'Slug', cell: (r) => r.slug },
          { id: 'active', header: 'Status', cell: (r) => (r.active ? 'active' : 'inactive') },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'slug', label: 'Slug', kind: 'text', description: 'Made from the name when left empty' },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: write.MakeInput,
        updateSchema: write.updateMake.body,
        emptyText: 'No make matches.',
      }}
    />
  );
}
