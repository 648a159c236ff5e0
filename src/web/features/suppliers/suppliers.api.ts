import * as suppliers from '../../../contract/suppliers';
import { api } from '../../api/api';
import { createMutation, listQuery, updateMutation } from '../../api/crud';

// A supplier is a company of kind supplier; its name shows on its warehouses.
const supplier = { tag: 'Supplier', also: ['Company', 'Warehouse'] } as const;

export const suppliersApi = api.injectEndpoints({
  endpoints: (b) => ({
    listSuppliers: listQuery(b, suppliers.listSuppliers, 'Supplier', (r) => r.id),
    createSupplier: createMutation(b, suppliers.createSupplier, supplier),
    updateSupplier: updateMutation(b, suppliers.updateSupplier, supplier),
  }),
});
