import * as suppliers from '../../../contract/suppliers';
import { CrudPage } from '../../components/CrudPage';
import { suppliersApi } from './suppliers.api';

const { listSuppliers, createSupplier, updateSupplier } = suppliersApi.endpoints;

/** /admin/suppliers: the companies Tread buys tires from. */
export function SuppliersPage() {
  return (
    <CrudPage
      config={{
        title: 'Suppliers',
        noun: 'Supplier',
        entity: 'supplier',
        list: listSuppliers,
        create: createSupplier,
        update: updateSupplier,
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
