import { Divider, Stack } from '@mantine/core';
import * as inventory from '../../../../contract/inventory';
import * as suppliers from '../../../../contract/suppliers';
import { CrudPage } from '../../../features/admin/CrudPage';
import { FailedRows } from '../../../features/supplier-inventory/FailedRows';
import { FeedUpload } from '../../../features/supplier-inventory/FeedUpload';
import { dateTime, money } from '../../../lib/format';

export function SuppliersPage() {
  return (
    <CrudPage<suppliers.SupplierCompany>
      config={{
        title: 'Suppliers',
        noun: 'Supplier',
        entity: 'supplier',
        listKey: 'listSuppliers',
        createKey: 'createSupplier',
        updateKey: 'updateSupplier',
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'email', header: 'E-mail', cell: (r) => r.email ?? '' },
          { id: 'phone', header: 'Phone', cell: (r) => r.phone ?? '' },
          { id: 'warehouses', header: 'Warehouses', cell: (r) => r.warehouses },
          { id: 'active', header: 'Status', cell: (r) => (r.active ? 'active' : 'inactive') },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'email', label: 'E-mail', kind: 'text' },
          { name: 'phone', label: 'Phone', kind: 'text' },
          { name: 'paymentTermsDays', label: 'Payment terms (days)', kind: 'number' },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: suppliers.SupplierInput,
        updateSchema: suppliers.updateSupplier.body,
      }}
    />
  );
}

const typeOptions = inventory.warehouseTypes.map((t) => ({ value: t, label: t }));

export function WarehousesPage() {
  return (
    <CrudPage<inventory.Warehouse>
      config={{
        title: 'Warehouses',
        noun: 'Warehouse',
        entity: 'warehouse',
        listKey: 'listWarehouses',
        createKey: 'createWarehouse',
        updateKey: 'updateWarehouse',
        idOf: (r) => r.id,
        filters: [
          { name: 'supplierCompanyId', label: 'Supplier', source: 'supplierCompany' },
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
            source: 'supplierCompany',
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

export function InventoryPage() {
  return (
    <CrudPage<inventory.InventoryRow>
      config={{
        title: 'Inventory',
        noun: 'Stock row',
        entity: 'inventory',
        listKey: 'listInventory',
        createKey: 'setInventory',
        idOf: (r) => r.warehouseId * 1_000_000 + r.productId,
        auditIdOf: (r) => `${r.warehouseId}:${r.productId}`,
        columns: [
          { id: 'warehouse', header: 'Warehouse', cell: (r) => r.warehouseCode },
          { id: 'sku', header: 'SKU', cell: (r) => r.skuCode, sortKey: 'skuCode' },
          { id: 'tire', header: 'Tire', cell: (r) => `${r.makeName} ${r.size}` },
          { id: 'quantity', header: 'Quantity', cell: (r) => r.quantity, sortKey: 'quantity' },
          { id: 'reserved', header: 'Reserved', cell: (r) => r.reserved },
          {
            id: 'cost',
            header: 'Cost',
            cell: (r) => money(r.costCents),
            sortKey: 'costCents',
            csv: (r) => r.costCents,
          },
          { id: 'updated', header: 'Updated', cell: (r) => dateTime(r.updatedAt) },
        ],
        fields: [
          { name: 'warehouseId', label: 'Warehouse', kind: 'picker', source: 'warehouse' },
          { name: 'productId', label: 'SKU', kind: 'picker', source: 'product' },
          { name: 'quantity', label: 'Quantity', kind: 'number' },
          { name: 'costCents', label: 'Cost', kind: 'money' },
        ],
        createSchema: inventory.InventoryInput,
        emptyText: 'No stock yet: upload a feed to a warehouse.',
      }}
    />
  );
}

export function FailedFeedRowsPage() {
  return (
    <CrudPage<inventory.FeedFailure>
      config={{
        title: 'Failed feed rows',
        noun: 'Failed row',
        noHistory: true,
        entity: 'feed_failure',
        listKey: 'listFailedRows',
        idOf: (r) => r.id,
        columns: [
          { id: 'warehouse', header: 'Warehouse', cell: (r) => r.warehouseCode },
          { id: 'file', header: 'File', cell: (r) => r.filename },
          { id: 'line', header: 'Line', cell: (r) => r.line, sortKey: 'line' },
          { id: 'reason', header: 'Reason', cell: (r) => r.reason },
          { id: 'raw', header: 'Row', cell: (r) => r.raw },
          { id: 'when', header: 'When', cell: (r) => dateTime(r.createdAt), sortKey: 'createdAt' },
        ],
        fields: [],
        emptyText: 'No refused feed rows.',
      }}
    />
  );
}
