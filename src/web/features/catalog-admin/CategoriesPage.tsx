import * as write from '../../../contract/catalog-admin';
import { CrudPage } from '../../components/CrudPage';
import { catalogAdminApi } from './catalog-admin.api';

const { listCategories, createCategory, updateCategory } = catalogAdminApi.endpoints;

/** /admin/categories: the kinds of tire (all-season, winter…) a line belongs to. */
export function CategoriesPage() {
  return (
    <CrudPage
      config={{
        title: 'Categories',
        noun: 'Category',
        entity: 'category',
        list: listCategories,
        create: createCategory,
        update: updateCategory,
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
