import * as write from '../../../contract/catalog-admin';
import { CrudPage } from '../../components/CrudPage';
import { useChoices } from '../../components/EntityPicker';
import type { FieldSpec } from '../../components/FieldInput';
import { money } from '../../lib/format';
import { catalogAdminApi, makePicker, modelPicker } from './catalog-admin.api';

const { listProducts, createProduct, updateProduct } = catalogAdminApi.endpoints;

const productFields: FieldSpec[] = [
  { name: 'modelId', label: 'Tire line', kind: 'picker', source: modelPicker, createOnly: true },
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

/** /admin/skus: the SKUs (a line in one size), with their part numbers. */
export function ProductsPage() {
  const makes = useChoices(makePicker);
  return (
    <CrudPage
      config={{
        title: 'SKUs',
        noun: 'SKU',
        entity: 'product',
        list: listProducts,
        create: createProduct,
        update: updateProduct,
        idOf: (r) => r.productId,
        filters: [{ name: 'makeId', label: 'Make', options: makes.options }],
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
