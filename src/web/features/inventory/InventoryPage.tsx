import * as inventory from '../../../contract/inventory';
import { CrudPage } from '../../components/CrudPage';
import type { Picker } from '../../components/EntityPicker';
import { dateTime, money } from '../../lib/format';
import { inventoryApi, warehousePicker } from './inventory.api';
import { LotBadges } from './StockLots';

const { listInventory, setInventory } = inventoryApi.endpoints;

/** /admin/inventory: stock and cost per warehouse and SKU; staff may set a row by hand. */
export function InventoryPage({ pickers }: { pickers: { product: Picker } }) {
  return (
    <CrudPage
      config={{
        title: 'Inventory',
        noun: 'Stock row',
        entity: 'inventory',
        list: listInventory,
        create: setInventory,
        idOf: (r) => r.warehouseId * 1_000_000 + r.productId,
        auditIdOf: (r) => `${r.warehouseId}:${r.productId}`,
        columns: [
          { id: 'warehouse', header: 'Warehouse', cell: (r) => r.warehouseCode },
          { id: 'sku', header: 'SKU', cell: (r) => r.skuCode, sortKey: 'skuCode' },
          { id: 'tire', header: 'Tire', cell: (r) => `${r.makeName} ${r.size}` },
          { id: 'quantity', header: 'Quantity', cell: (r) => r.quantity, sortKey: 'quantity' },
          { id: 'reserved', header: 'Reserved', cell: (r) => r.reserved },
          {
            id: 'dot',
            header: 'DOT',
            cell: (r) => <LotBadges row={r} />,
            csv: (r) => r.lots.map((l) => `${l.dotCode}x${l.quantity}`).join(' '),
          },
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
          { name: 'warehouseId', label: 'Warehouse', kind: 'picker', source: warehousePicker },
          { name: 'productId', label: 'SKU', kind: 'picker', source: pickers.product },
          { name: 'quantity', label: 'Quantity', kind: 'number' },
          { name: 'costCents', label: 'Cost', kind: 'money' },
        ],
        createSchema: inventory.InventoryInput,
        emptyText: 'No stock yet: upload a feed to a warehouse.',
      }}
    />
  );
}
