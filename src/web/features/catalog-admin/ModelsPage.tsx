import * as write from '../../../contract/catalog-admin';
import { CrudPage } from '../../components/CrudPage';
import { useChoices } from '../../components/EntityPicker';
import type { FieldSpec } from '../../components/FieldInput';
import { catalogAdminApi, categoryPicker, makePicker } from './catalog-admin.api';

const { listModels, createModel, updateModel } = catalogAdminApi.endpoints;

const modelFields: FieldSpec[] = [
  { name: 'makeId', label: 'Make', kind: 'picker', source: makePicker, createOnly: true },
  { name: 'categoryId', label: 'Category', kind: 'picker', source: categoryPicker, nullable: true },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
  { name: 'treadWarrantyMiles', label: 'Tread warranty (miles)', kind: 'number' },
  { name: 'runFlat', label: 'Run-flat', kind: 'switch' },
  { name: 'active', label: 'Active', kind: 'switch' },
];

/** /admin/tire-lines: the lines (models) of each make. */
export function ModelsPage() {
  const makes = useChoices(makePicker);
  const categories = useChoices(categoryPicker);
  return (
    <CrudPage
      config={{
        title: 'Tire lines',
        noun: 'Tire line',
        entity: 'model',
        list: listModels,
        create: createModel,
        update: updateModel,
        idOf: (r) => r.id,
        filters: [
          { name: 'makeId', label: 'Make', options: makes.options },
          { name: 'categoryId', label: 'Category', options: categories.options },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'make', header: 'Make', cell: (r) => r.makeName },
          { id: 'name', header: 'Line', cell: (r) => r.name },
          { id: 'category', header: 'Category', cell: (r) => r.categoryName ?? '—' },
          { id: 'warranty', header: 'Warranty (mi)', cell: (r) => r.treadWarrantyMiles ?? '—' },
          { id: 'active', header: 'Status', cell: (r) => (r.active ? 'active' : 'inactive') },
        ],
        fields: modelFields,
        createSchema: write.ModelInput,
        updateSchema: write.updateModel.body,
        emptyText: 'No tire line matches.',
      }}
    />
  );
}
