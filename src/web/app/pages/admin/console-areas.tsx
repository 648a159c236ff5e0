import { lazy, type ReactNode } from 'react';
import type { Permission } from '../../../../domain/roles';
import { AuditLogPage } from '../../../features/audit/AuditLogPage';
import { OutboxPage } from '../../../features/audit/OutboxPage';
import {
  categoryPicker,
  makePicker,
  modelPicker,
  productPicker,
} from '../../../features/catalog-admin/catalog-admin.api';
import { CategoriesPage } from '../../../features/catalog-admin/CategoriesPage';
import { MakesPage } from '../../../features/catalog-admin/MakesPage';
import { ModelImagesPage } from '../../../features/catalog-admin/ModelImagesPage';
import { ModelsPage } from '../../../features/catalog-admin/ModelsPage';
import { ProductsPage } from '../../../features/catalog-admin/ProductsPage';
import { CompaniesPage } from '../../../features/companies/CompaniesPage';
import { companyPicker, supplierCompanyPicker } from '../../../features/companies/companies.api';
import { LocationsPage } from '../../../features/companies/LocationsPage';
import { CompPlansPage } from '../../../features/comp/CompPlansPage';
import { CompRecordsPage } from '../../../features/comp/CompRecordsPage';
import { DiscountsPage } from '../../../features/discounts/DiscountsPage';
import { GroupsPage } from '../../../features/groups/GroupsPage';
import { FailedFeedRowsPage } from '../../../features/inventory/FailedFeedRowsPage';
import { InventoryPage } from '../../../features/inventory/InventoryPage';
import { WarehousesPage } from '../../../features/inventory/WarehousesPage';
import { MarkupsPage } from '../../../features/pricing/MarkupsPage';
import { PriceGroupsPage } from '../../../features/pricing/PriceGroupsPage';
import { PricesPage } from '../../../features/pricing/PricesPage';
import { priceGroupPicker } from '../../../features/pricing/pricing.api';
import { SuppliersPage } from '../../../features/suppliers/SuppliersPage';
import { UsersPage } from '../../../features/users/UsersPage';
import { userPicker } from '../../../features/users/users.api';
import { VehicleImportPage } from '../../../features/vehicles/VehicleImportPage';
import { WholesalePage } from '../../../features/wholesale/WholesalePage';
import { QuotesConsolePage } from '../../../features/quotes/QuotesConsolePage';
import { QuoteWorkspace } from '../../../features/quotes/QuoteWorkspace';
import { QuoteFloorsPage } from '../../../features/quotes/QuoteFloorsPage';
import { QuoteCreatePage } from '../../../features/quotes/QuoteCreatePage';
import { locationPicker } from '../../../features/companies/companies.api';
import { ReviewQueuePage } from '../../../features/reviews/ReviewQueuePage';
import { ContactInboxPage } from '../../../features/marketing/ContactInboxPage';
import { AfterSalesDetail } from '../../../features/aftersales/AfterSalesDetail';
import { AfterSalesQueue } from '../../../features/aftersales/AfterSalesQueue';
import { FinanceTasksPage } from '../../../features/orders/FinanceTasksPage';

// The order pages are chunks of their own (the analytics charts are heavy): the console loads
// them when an orders page is first opened.
const StaffOrdersPage = lazy(async () => ({
  default: (await import('../../../features/orders/StaffOrdersPage')).StaffOrdersPage,
}));
const OrderAnalyticsPage = lazy(async () => ({
  default: (await import('../../../features/orders/OrderAnalyticsPage')).OrderAnalyticsPage,
}));
const logistics = () => import('../../../features/logistics/logistics-console');
const ShipmentsConsolePage = lazy(async () => ({ default: (await logistics()).ShipmentsConsolePage }));
const ShipmentDetailPage = lazy(async () => ({ default: (await logistics()).ShipmentDetailPage }));
const FulfillmentsConsolePage = lazy(async () => ({ default: (await logistics()).FulfillmentsConsolePage }));
const FulfillmentDetailPage = lazy(async () => ({ default: (await logistics()).FulfillmentDetailPage }));
const taxConsole = () => import('../../../features/tax/tax-console');
const TaxRatesPage = lazy(async () => ({ default: (await taxConsole()).TaxRatesPage }));
const TaxImportPage = lazy(async () => ({ default: (await taxConsole()).TaxImportPage }));
const TaxCollectedPage = lazy(async () => ({ default: (await taxConsole()).TaxCollectedPage }));
const ExemptionReviewPage = lazy(async () => ({
  default: (await import('../../../features/exemptions/ExemptionReviewPage')).ExemptionReviewPage,
}));
const StaffInstallerOrdersPage = lazy(async () => ({
  default: (await import('../../../features/installer/StaffInstallerOrdersPage')).StaffInstallerOrdersPage,
}));
const AdminOrderPage = lazy(async () => ({
  default: (await import('./AdminOrderPage')).AdminOrderPage,
}));

/**
 * The records one area's forms pick from another's (a discount's make, a plan's earner): each
 * feature offers pickers of its own records, and the console hands them to the areas that need them.
 */
const pickers = {
  company: companyPicker,
  supplierCompany: supplierCompanyPicker,
  user: userPicker,
  priceGroup: priceGroupPicker,
  make: makePicker,
  category: categoryPicker,
  model: modelPicker,
  product: productPicker,
  location: locationPicker,
};

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
      {
        path: 'locations',
        label: 'Locations',
        permission: 'staff',
        element: <LocationsPage pickers={pickers} />,
      },
      {
        path: 'users',
        label: 'Users & roles',
        permission: 'admin',
        element: <UsersPage pickers={pickers} />,
      },
      {
        path: 'groups',
        label: 'Customer groups',
        permission: 'staff',
        element: <GroupsPage pickers={pickers} />,
      },
      {
        path: 'wholesale',
        label: 'Wholesale applications',
        permission: 'sales',
        element: <WholesalePage pickers={pickers} />,
      },
      {
        path: 'quotes',
        label: 'Quotes',
        permission: 'staff',
        element: <QuotesConsolePage />,
        children: [
          { path: ':id', element: <QuoteWorkspace /> },
          { path: 'new', element: <QuoteCreatePage pickers={pickers} /> },
        ],
      },
      {
        path: 'orders',
        label: 'Orders',
        permission: 'staff',
        element: <StaffOrdersPage />,
        children: [
          { path: 'analytics', element: <OrderAnalyticsPage /> },
          { path: ':id', element: <AdminOrderPage /> },
        ],
      },
    ],
  },
  {
    title: 'After-sales',
    areas: (['return', 'claim', 'refund', 'bill'] as const).map((kind) => ({
      path: `${kind}s`,
      label: { return: 'Returns', claim: 'Claims', refund: 'Refunds', bill: 'Supplier bills' }[kind],
      permission: 'staff' as const,
      element: <AfterSalesQueue kind={kind} companies={pickers.company} />,
      children: [{ path: ':id', element: <AfterSalesDetail kind={kind} /> }],
    })),
  },
  {
    title: 'Pricing',
    areas: [
      {
        path: 'markups',
        label: 'Pricing & markups',
        permission: 'staff',
        element: <MarkupsPage pickers={pickers} />,
      },
      { path: 'price-groups', label: 'Price groups', permission: 'staff', element: <PriceGroupsPage /> },
      { path: 'prices', label: 'Sell prices', permission: 'staff', element: <PricesPage /> },
      {
        path: 'quote-floors',
        label: 'Quote floors & MAP',
        permission: 'sales',
        element: <QuoteFloorsPage pickers={pickers} />,
      },
      {
        path: 'discounts',
        label: 'Discounts',
        permission: 'staff',
        element: <DiscountsPage pickers={pickers} />,
      },
    ],
  },
  {
    title: 'Money',
    areas: [
      {
        path: 'comp',
        label: 'Compensation plans',
        permission: 'finance',
        element: <CompPlansPage pickers={pickers} />,
      },
      {
        path: 'comp-records',
        label: 'Compensation records',
        permission: 'finance',
        element: <CompRecordsPage />,
      },
      {
        path: 'exemptions',
        label: 'Exemption certificates',
        permission: 'finance',
        element: <ExemptionReviewPage />,
      },
      { path: 'tax', label: 'Sales tax & tire fees', permission: 'finance', element: <TaxRatesPage /> },
      { path: 'tax-import', label: 'ZIP tax rates', permission: 'finance', element: <TaxImportPage /> },
      { path: 'tax-collected', label: 'Tax collected', permission: 'finance', element: <TaxCollectedPage /> },
      {
        path: 'finance-tasks',
        label: 'Disputes',
        permission: 'finance',
        element: <FinanceTasksPage />,
      },
    ],
  },
  {
    title: 'Supply',
    areas: [
      { path: 'suppliers', label: 'Suppliers', permission: 'admin', element: <SuppliersPage /> },
      {
        path: 'warehouses',
        label: 'Warehouses & feeds',
        permission: 'admin',
        element: <WarehousesPage pickers={pickers} />,
      },
      {
        path: 'inventory',
        label: 'Inventory',
        permission: 'admin',
        element: <InventoryPage pickers={pickers} />,
      },
      {
        path: 'fulfillments',
        label: 'Fulfillments',
        permission: 'staff',
        element: <FulfillmentsConsolePage />,
        children: [{ path: ':id', element: <FulfillmentDetailPage /> }],
      },
      {
        path: 'shipments',
        label: 'Shipments',
        permission: 'staff',
        element: <ShipmentsConsolePage />,
        children: [{ path: ':id', element: <ShipmentDetailPage /> }],
      },
      {
        path: 'installer-orders',
        label: 'Installer orders',
        permission: 'staff',
        element: <StaffInstallerOrdersPage />,
      },
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
      { path: 'catalogue', label: 'Tire line images', permission: 'admin', element: <ModelImagesPage /> },
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
      { path: 'reviews', label: 'Reviews', permission: 'staff', element: <ReviewQueuePage /> },
      { path: 'contact', label: 'Contact messages', permission: 'support', element: <ContactInboxPage /> },
      { path: 'audit', label: 'Audit log', permission: 'staff', element: <AuditLogPage /> },
      { path: 'outbox', label: 'E-mail outbox', permission: 'admin', element: <OutboxPage /> },
    ],
  },
];
