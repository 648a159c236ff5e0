import { createBrowserRouter } from 'react-router';
import { AccountPage } from '../features/session/AccountPage';
import { LoginPage } from '../features/session/LoginPage';
import { ResetPage } from '../features/session/ResetPage';
import { Layout } from './Layout';
import { CheckoutPage } from './pages/CheckoutPage';
import { OrderPage } from './pages/OrderPage';
import { OrdersPage } from './pages/OrdersPage';
import { SupplierPage } from './pages/SupplierPage';
import { ComingPage } from './pages/ComingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { paths } from './paths';
import { RequireUser } from './RequireUser';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.reset, element: <ResetPage /> },
      {
        element: <RequireUser />,
        children: [
          { path: paths.home, element: <ComingPage title="Find tires" /> },
          { path: paths.orders, element: <OrdersPage /> },
          { path: `${paths.orders}/:id`, element: <OrderPage /> },
          { path: paths.checkout, element: <CheckoutPage /> },
          { path: paths.account, element: <AccountPage /> },
          { path: paths.supplier, element: <SupplierPage /> },
          { path: paths.installer, element: <ComingPage title="Installer" /> },
          { path: paths.shop, element: <ComingPage title="Search results" /> },
          { path: paths.tires, element: <ComingPage title="Search results" /> },
          { path: paths.oeSelection, element: <ComingPage title="Choose a tire size" /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
