import type { ReactNode } from 'react';
import { Layout } from './Layout';
import {
  AccountPage,
  AddToCart,
  AdminConsole,
  CheckoutPage,
  ComingPage,
  HomePage,
  LoginPage,
  MyOrdersPage,
  NotFoundPage,
  OeSelectionPage,
  OrderPage,
  ProductPage,
  ResetPage,
  SavedCards,
  ShopPage,
  SupplierArea,
  SupplierInventoryPage,
  SupplierOrdersPage,
  WholesaleSignupPage,
} from './lazy-pages';
import { paths } from './paths';
import { RequireUser } from './RequireUser';

/**
 * A route of the app: a path (or index) and the element it shows. Pages come from lazy-pages.tsx
 * (a chunk each). The app runs React Router's declarative mode (main.tsx: BrowserRouter and
 * useRoutes), a third of the data router's size on every page; so a route has no `lazy`,
 * `loader` or `action`, and this type refuses them.
 */
export interface PageRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: PageRoute[];
}

export const routes: PageRoute[] = [
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
            ],
          },
          {
            // The staff console (orders included) is its own chunk: the storefront never downloads it.
            path: `${paths.admin}/*`,
            element: <AdminConsole />,
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
];
