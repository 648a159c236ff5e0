import '@mantine/core/styles/Divider.layer.css';
import { Divider, Stack } from '@mantine/core';
import * as inventory from '../../../contract/inventory';
import { CrudPage } from '../../components/CrudPage';
import type { Picker } from '../../components/EntityPicker';
import { FailedRows } from './FailedRows';
import { FeedUpload } from './FeedUpload';
import { inventoryApi } from './inventory.api';

const typeOptions = inventory.warehouseTypes.map((t) => ({ value: t, label: t }));
const { listWarehouses, createWarehouse, updateWarehouse } = inventoryApi.endpoints;

/** /admin/warehouses: the suppliers' warehouses, each with its inventory feed and refused rows. */
export function WarehousesPage({ pickers }: { pickers: { supplierCompany: Picker } }) {
  return (
    <CrudPage
      config={{
        title: 'Warehouses',
        noun: 'Warehouse',
        entity: 'warehouse',
        list: listWarehouses,
        create: createWarehouse,
        update: updateWarehouse,
        idOf: (r) => r.id,
        filters: [
          { name: 'supplierCompanyId', label: 'Supplier', source: pickers.supplierCompany },
          { name: 'type', label: 'Type', options: typeOptions },
        ],
        columns: [
          { id: 'code', header: 'Code', cell: (r) => r.code, sortKey: 'code' },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'supplier', header: 'Supplier', cell: (r) => r.supplierName },
          { id: 'type', header: 'Type', cell: (r) => r.type },
          { id: 'zip', header: 'ZIP', cell: (r) => r.zip, sortKey: 'zip' },
          { id: 'products', header: 'Products', cell: (r) => r.products },
          { id: 'units', header: 'Units', cell: (r) => r.units },
        ],
        fields: [
          {
            name: 'supplierCompanyId',
            label: 'Supplier',
            kind: 'picker',
            source: pickers.supplierCompany,
            createOnly: true,
          },
          { name: 'code', label: 'Code', kind: 'text' },
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'type', label: 'Type', kind: 'select', options: typeOptions },
          { name: 'zip', label: 'ZIP', kind: 'text' },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: inventory.WarehouseInput,
        updateSchema: inventory.updateWarehouse.body,
        extra: (row) => (
          <Stack mt="lg">
            <Divider label="Inventory feed" labelPosition="left" />
            <FeedUpload warehouseId={row.id} />
            <Divider label="Failed rows" labelPosition="left" />
            <FailedRows warehouseId={row.id} />
          </Stack>
        ),
      }}
    />
  );
}
