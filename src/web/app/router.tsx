import { createBrowserRouter } from 'react-router';
import { AccountPage } from '../features/sessions/AccountPage';
import { LoginPage } from '../features/sessions/LoginPage';
import { ResetPage } from '../features/sessions/ResetPage';
import { SupplierInventoryPage } from '../features/inventory/SupplierInventoryPage';
import { MyOrdersPage } from '../features/orders/MyOrdersPage';
import { SupplierOrdersPage } from '../features/orders/SupplierOrdersPage';
import { WholesaleSignupPage } from '../features/wholesale/WholesaleSignupPage';
import { Layout } from './Layout';
import { CheckoutPage } from './pages/CheckoutPage';
import { OrderPage } from './pages/OrderPage';
import { SupplierArea } from './pages/SupplierArea';
import { SupplierAfterSales } from '../features/aftersales/SupplierAfterSales';
import { ComingPage } from './pages/ComingPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OeSelectionPage } from './pages/OeSelectionPage';
import { ProductPage } from './pages/ProductPage';
import { ShopPage } from './pages/ShopPage';
import { AddToCart } from '../features/cart/AddToCart';
import { SavedCards } from '../features/payments/SavedCards';
import { paths } from './paths';
import { RequireUser } from './RequireUser';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.reset, element: <ResetPage /> },
      { path: paths.wholesale, element: <WholesaleSignupPage /> },
      {
        element: <RequireUser />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.orders, element: <MyOrdersPage /> },
          { path: `${paths.orders}/:id`, element: <OrderPage /> },
          { path: paths.checkout, element: <CheckoutPage /> },
          {
            path: paths.account,
            element: (
              <AccountPage
                renderSavedCards={(companyId, canEdit) => (
                  <SavedCards owner={{ companyId, staff: false }} canEdit={canEdit} />
                )}
              />
            ),
          },
          {
            path: paths.supplier,
            element: <SupplierArea />,
            children: [
              { index: true, element: <SupplierOrdersPage /> },
              { path: paths.supplierInventory, element: <SupplierInventoryPage /> },
              { path: paths.supplierBilling, element: <SupplierAfterSales /> },
            ],
          },
          {
            // The staff console (orders included) is its own chunk: the storefront never downloads it.
            path: `${paths.admin}/*`,
            lazy: async () => ({ Component: (await import('./pages/admin/AdminConsole')).AdminConsole }),
          },
          { path: paths.installer, element: <ComingPage title="Installer" /> },
          { path: paths.shop, element: <ShopPage renderActions={(item) => <AddToCart item={item} />} /> },
          { path: paths.tires, element: <ShopPage renderActions={(item) => <AddToCart item={item} />} /> },
          { path: `${paths.shop}/product/:code`, element: <ProductPage /> },
          { path: paths.oeSelection, element: <OeSelectionPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
