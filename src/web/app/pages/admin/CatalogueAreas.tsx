import type * as catalog from '../../../../contract/catalog';
import * as write from '../../../../contract/catalog-admin';
import { useAdminQuery } from '../../../features/admin/admin.api';
import { CrudPage } from '../../../features/admin/CrudPage';
import type { FieldSpec } from '../../../features/admin/admin-fields';
import { money } from '../../../lib/format';

type Make = typeof catalog.Make._output;
type Category = typeof catalog.Category._output;
type Model = typeof catalog.Model._output;

const status = (active: boolean) => (active ? 'active' : 'inactive');

/** Makes and categories as filter choices (both lists are short). */
function useCatalogueChoices() {
  const makes = useAdminQuery('listMakes', { query: { pageSize: 100 } });
  const categories = useAdminQuery('listCategories', { query: { pageSize: 100 } });
  const choices = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return { makes: choices(makes.data?.data.list), categories: choices(categories.data?.data.list) };
}

export function MakesPage() {
  return (
    <CrudPage<Make>
      config={{
        title: 'Makes',
        noun: 'Make',
        entity: 'make',
        listKey: 'listMakes',
        createKey: 'createMake',
        updateKey: 'updateMake',
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name },
          { id: 'slug', header: 'Slug', cell: (r) => r.slug },
          { id: 'active', header: 'Status', cell: (r) => status(r.active) },
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

export function CategoriesPage() {
  return (
    <CrudPage<Category>
      config={{
        title: 'Categories',
        noun: 'Category',
        entity: 'category',
        listKey: 'listCategories',
        createKey: 'createCategory',
        updateKey: 'updateCategory',
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name },
          { id: 'slug', header: 'Slug', cell: (r) => r.slug },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'slug', label: 'Slug', kind: 'text', description: 'Made from the name when left empty' },
        ],
        createSchema: write.CategoryInput,
        updateSchema: write.updateCategory.body,
        emptyText: 'No category matches.',
      }}
    />
  );
}

const modelFields: FieldSpec[] = [
  { name: 'makeId', label: 'Make', kind: 'picker', source: 'make', createOnly: true },
  { name: 'categoryId', label: 'Category', kind: 'picker', source: 'category', nullable: true },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
  { name: 'treadWarrantyMiles', label: 'Tread warranty (miles)', kind: 'number' },
  { name: 'runFlat', label: 'Run-flat', kind: 'switch' },
  { name: 'active', label: 'Active', kind: 'switch' },
];

export function ModelsPage() {
  const choices = useCatalogueChoices();
  return (
    <CrudPage<Model>
      config={{
        title: 'Tire lines',
        noun: 'Tire line',
        entity: 'model',
        listKey: 'listModels',
        createKey: 'createModel',
        updateKey: 'updateModel',
        idOf: (r) => r.id,
        filters: [
          { name: 'makeId', label: 'Make', options: choices.makes },
          { name: 'categoryId', label: 'Category', options: choices.categories },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'make', header: 'Make', cell: (r) => r.makeName },
          { id: 'name', header: 'Line', cell: (r) => r.name },
          { id: 'category', header: 'Category', cell: (r) => r.categoryName ?? '—' },
          { id: 'warranty', header: 'Warranty (mi)', cell: (r) => r.treadWarrantyMiles ?? '—' },
          { id: 'active', header: 'Status', cell: (r) => status(r.active) },
        ],
        fields: modelFields,
        createSchema: write.ModelInput,
        updateSchema: write.updateModel.body,
        emptyText: 'No tire line matches.',
      }}
    />
  );
}

const productFields: FieldSpec[] = [
  { name: 'modelId', label: 'Tire line', kind: 'picker', source: 'model', createOnly: true },
  { name: 'skuCode', label: 'Part number (MPN)', kind: 'text' },
  { name: 'size', label: 'Size', kind: 'text', description: 'e.g. 225/45R17' },
  { name: 'width', label: 'Width', kind: 'number' },
  { name: 'ratio', label: 'Ratio', kind: 'number' },
  { name: 'rim', label: 'Rim', kind: 'number' },
  { name: 'overallDiameter', label: 'Overall diameter (in)', kind: 'number' },
  { name: 'loadIndex', label: 'Load index', kind: 'number' },
  { name: 'rebateCents', label: 'Rebate', kind: 'money' },
  { name: 'specials', label: 'On special', kind: 'switch' },
];

export function ProductsPage() {
  const choices = useCatalogueChoices();
  return (
    <CrudPage<catalog.Product>
      config={{
        title: 'SKUs',
        noun: 'SKU',
        entity: 'product',
        listKey: 'listProducts',
        createKey: 'createProduct',
        updateKey: 'updateProduct',
        idOf: (r) => r.productId,
        filters: [{ name: 'makeId', label: 'Make', options: choices.makes }],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.productId },
          { id: 'sku', header: 'Part number', cell: (r) => r.skuCode },
          { id: 'brand', header: 'Make', cell: (r) => r.brand },
          { id: 'line', header: 'Line', cell: (r) => r.line },
          { id: 'size', header: 'Size', cell: (r) => r.size },
          { id: 'service', header: 'Load/speed', cell: (r) => `${r.loadIndex ?? ''}${r.speedIndex ?? ''}` },
          { id: 'available', header: 'Available', cell: (r) => r.available },
          { id: 'rebate', header: 'Rebate', cell: (r) => (r.rebateCents ? money(r.rebateCents) : '—') },
        ],
        fields: productFields,
        createSchema: write.ProductInput,
        updateSchema: write.updateProduct.body,
        emptyText: 'No SKU matches.',
      }}
    />
  );
}
