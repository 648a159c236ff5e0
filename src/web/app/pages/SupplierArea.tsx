import '@mantine/core/styles/Tabs.layer.css';
import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../paths';

const tabs = [
  { value: paths.supplier, label: 'Order lines' },
  { value: paths.supplierInventory, label: 'Inventory' },
  { value: paths.supplierFulfillments, label: 'Fulfilment' },
  { value: paths.supplierBilling, label: 'Bills & refunds' },
];

/** /supplier: one place for a supplier, its order lines and its inventory feeds as tabs with their own URLs. */
export function SupplierArea() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = tabs.find((t) => t.value === pathname.replace(/\/$/, ''))?.value ?? paths.supplier;
  return (
    <>
      <Tabs value={current} onChange={(v) => v && navigate(v)} mb="md">
        <Tabs.List aria-label="Supplier area">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
