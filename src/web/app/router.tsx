import { createBrowserRouter } from 'react-router';
import { AccountPage } from '../features/sessions/AccountPage';
import { LoginPage } from '../features/sessions/LoginPage';
import { ResetPage } from '../features/sessions/ResetPage';
import { SupplierInventoryPage } from '../features/inventory/SupplierInventoryPage';
import { FulfillmentQueuePage } from '../features/logistics/FulfillmentQueuePage';
import { MyOrdersPage } from '../features/orders/MyOrdersPage';
import { SupplierOrdersPage } from '../features/orders/SupplierOrdersPage';
import { WholesaleSignupPage } from '../features/wholesale/WholesaleSignupPage';
import { BuyerQuotePage } from '../features/quotes/BuyerQuotePage';
import { MyQuotesPage } from '../features/quotes/MyQuotesPage';
import { QuoteRequestPage } from '../features/quotes/QuoteRequestPage';
import { RequestQuoteLink } from '../features/quotes/RequestQuoteLink';
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
import { RatingBadge } from '../features/reviews/RatingBadge';
import { ReviewFormPage } from '../features/reviews/ReviewFormPage';
import { CompareToggle, CompareTray } from '../features/comparisons/CompareToggle';
import { ComparePage } from '../features/comparisons/ComparePage';
import { ContactPage } from '../features/marketing/ContactPage';
import { NewsletterLinkPage } from '../features/marketing/NewsletterLinkPage';
import type { ShopItem } from '../features/search/shop.slice';

/** A result card's actions: add to cart, the line's review stars, the compare tick. */
const resultActions = (item: ShopItem) => (
  <>
    <AddToCart item={item} />
    <RequestQuoteLink size={item.size} />
    <RatingBadge modelId={item.modelId} />
    <CompareToggle productId={item.productId} />
  </>
);

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.reset, element: <ResetPage /> },
      { path: paths.wholesale, element: <WholesaleSignupPage /> },
      { path: paths.newsletterConfirm, element: <NewsletterLinkPage action="confirm" /> },
      { path: paths.newsletterUnsubscribe, element: <NewsletterLinkPage action="unsubscribe" /> },
      {
        element: <RequireUser />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.orders, element: <MyOrdersPage /> },
          { path: `${paths.orders}/:id`, element: <OrderPage /> },
          { path: paths.checkout, element: <CheckoutPage /> },
          { path: paths.quotes, element: <MyQuotesPage /> },
          { path: `${paths.quotes}/new`, element: <QuoteRequestPage /> },
          { path: `${paths.quotes}/:id`, element: <BuyerQuotePage /> },
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
              { path: paths.supplierFulfillments, element: <FulfillmentQueuePage /> },
              { path: paths.supplierBilling, element: <SupplierAfterSales /> },
            ],
          },
          {
            // The staff console (orders included) is its own chunk: the storefront never downloads it.
            path: `${paths.admin}/*`,
            lazy: async () => ({ Component: (await import('./pages/admin/AdminConsole')).AdminConsole }),
          },
          { path: paths.installer, element: <ComingPage title="Installer" /> },
          {
            path: paths.shop,
            element: (
              <>
                <ShopPage renderActions={resultActions} />
                <CompareTray />
              </>
            ),
          },
          {
            path: paths.tires,
            element: (
              <>
                <ShopPage renderActions={resultActions} />
                <CompareTray />
              </>
            ),
          },
          { path: `${paths.shop}/product/:code`, element: <ProductPage /> },
          { path: paths.reviewNew, element: <ReviewFormPage /> },
          { path: '/reviews/:id/edit', element: <ReviewFormPage /> },
          { path: paths.compare, element: <ComparePage renderActions={(p) => <AddToCart item={p} />} /> },
          {
            path: `${paths.compare}/:id`,
            element: <ComparePage renderActions={(p) => <AddToCart item={p} />} />,
          },
          { path: paths.contact, element: <ContactPage /> },
          { path: paths.oeSelection, element: <OeSelectionPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
