import { lazy, type ReactNode } from 'react';
import type { Permission } from '../../../../domain/roles';
import { CompaniesPage, GroupsPage, LocationsPage, UsersPage } from './AccountsAreas';
import { AuditLogPage, CompPlansPage, CompRecordsPage, OutboxPage, WholesalePage } from './BusinessAreas';
import { CategoriesPage, MakesPage, ModelsPage, ProductsPage } from './CatalogueAreas';
import { CataloguePage } from './CataloguePage';
import { DiscountsPage, MarkupsPage, PriceGroupsPage, PricesPage } from './PricingAreas';
import { FailedFeedRowsPage, InventoryPage, SuppliersPage, WarehousesPage } from './SupplyAreas';
import { VehicleImportPage } from './VehicleImportPage';

// The order pages are chunks of their own (the analytics charts are heavy): the console loads
// them when an orders page is first opened.
const AdminOrdersPage = lazy(async () => ({
  default: (await import('../admin-orders/AdminOrdersPage')).AdminOrdersPage,
}));
const AdminOrdersAnalyticsPage = lazy(async () => ({
  default: (await import('../admin-orders/AdminOrdersAnalyticsPage')).AdminOrdersAnalyticsPage,
}));
const AdminOrderPage = lazy(async () => ({
  default: (await import('../admin-orders/AdminOrderPage')).AdminOrderPage,
}));

/** The staff console by area: each area is a page under /admin/<path>, read by a permission. */
export interface Area {
  path: string;
  label: string;
  /** The permission that reads the area (writes may need more; the server decides). */
  permission: Permission;
  element: ReactNode;
  /** Pages under the area (an order of the orders area), shown with the area highlighted. */
  children?: { path: string; element: ReactNode }[];
}

export const sections: { title: string; areas: Area[] }[] = [
  {
    title: 'Customers',
    areas: [
      { path: 'companies', label: 'Companies', permission: 'staff', element: <CompaniesPage /> },
      { path: 'locations', label: 'Locations', permission: 'staff', element: <LocationsPage /> },
      { path: 'users', label: 'Users & roles', permission: 'admin', element: <UsersPage /> },
      { path: 'groups', label: 'Customer groups', permission: 'staff', element: <GroupsPage /> },
      { path: 'wholesale', label: 'Wholesale applications', permission: 'sales', element: <WholesalePage /> },
      {
        path: 'orders',
        label: 'Orders',
        permission: 'staff',
        element: <AdminOrdersPage />,
        children: [
          { path: 'analytics', element: <AdminOrdersAnalyticsPage /> },
          { path: ':id', element: <AdminOrderPage /> },
        ],
      },
    ],
  },
  {
    title: 'Pricing',
    areas: [
      { path: 'markups', label: 'Pricing & markups', permission: 'staff', element: <MarkupsPage /> },
      { path: 'price-groups', label: 'Price groups', permission: 'staff', element: <PriceGroupsPage /> },
      { path: 'prices', label: 'Sell prices', permission: 'staff', element: <PricesPage /> },
      { path: 'discounts', label: 'Discounts', permission: 'staff', element: <DiscountsPage /> },
    ],
  },
  {
    title: 'Money',
    areas: [
      { path: 'comp', label: 'Compensation plans', permission: 'finance', element: <CompPlansPage /> },
      {
        path: 'comp-records',
        label: 'Compensation records',
        permission: 'finance',
        element: <CompRecordsPage />,
      },
    ],
  },
  {
    title: 'Supply',
    areas: [
      { path: 'suppliers', label: 'Suppliers', permission: 'admin', element: <SuppliersPage /> },
      { path: 'warehouses', label: 'Warehouses & feeds', permission: 'admin', element: <WarehousesPage /> },
      { path: 'inventory', label: 'Inventory', permission: 'admin', element: <InventoryPage /> },
      {
        path: 'failed-rows',
        label: 'Failed feed rows',
        permission: 'admin',
        element: <FailedFeedRowsPage />,
      },
    ],
  },
  {
    title: 'Catalogue',
    areas: [
      { path: 'makes', label: 'Makes', permission: 'admin', element: <MakesPage /> },
      { path: 'tire-lines', label: 'Tire lines', permission: 'admin', element: <ModelsPage /> },
      { path: 'skus', label: 'SKUs', permission: 'admin', element: <ProductsPage /> },
      { path: 'categories', label: 'Categories', permission: 'admin', element: <CategoriesPage /> },
      { path: 'catalogue', label: 'Tire line images', permission: 'admin', element: <CataloguePage /> },
      {
        path: 'vehicle-import',
        label: 'Vehicle fitments',
        permission: 'admin',
        element: <VehicleImportPage />,
      },
    ],
  },
  {
    title: 'System',
    areas: [
      { path: 'audit', label: 'Audit log', permission: 'staff', element: <AuditLogPage /> },
      { path: 'outbox', label: 'E-mail outbox', permission: 'admin', element: <OutboxPage /> },
    ],
  },
];
