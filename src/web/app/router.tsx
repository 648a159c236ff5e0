import type { ReactNode } from 'react';
import { Layout } from './Layout';
import {
  AccountPage,
  ApprovalsPage,
  BuyingRulesCard,
  TireAgeCard,
  AddForUnit,
  AddToCart,
  AdminConsole,
  BuyerQuotePage,
  CertificatesCard,
  CheckoutPage,
  ComparePage,
  CompareTray,
  ContactPage,
  ExpiryBanner,
  FleetPage,
  FleetUnitPage,
  FulfillmentQueuePage,
  HomePage,
  InstallerOrdersPage,
  LoginPage,
  LogoutPage,
  MfaStepPage,
  MyOrdersPage,
  MyQuotesPage,
  NewsletterLinkPage,
  NotFoundPage,
  OeSelectionPage,
  OrderPage,
  ProductPage,
  QuoteRequestPage,
  ResetPage,
  ResultExtras,
  ReviewFormPage,
  SavedCards,
  ShopPage,
  SupplierAfterSales,
  SupplierArea,
  SupplierInventoryPage,
  SupplierOrdersPage,
  SpendingCard,
  WebhooksCard,
  ShipScheduleCard,
  WholesaleConfirmPage,
  WholesaleSignupPage,
} from './lazy-pages';
import { paths } from './paths';
import { RequireUser } from './RequireUser';
import type { ShopItem } from '../features/search/shop.slice';

/** A result card's actions: add to cart, then a quote, the line's review stars, the compare tick. */
const resultActions = (item: ShopItem) => (
  <>
    <AddToCart item={item} />
    <ResultExtras item={item} />
  </>
);

/** The same while the search is for a fleet unit: Add for unit instead of Add to cart. */
const unitResultActions = (item: ShopItem, unitId: number) => (
  <>
    <AddForUnit item={item} unitId={unitId} />
    <ResultExtras item={item} />
  </>
);

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
      { path: paths.loginMfa, element: <MfaStepPage /> },
      { path: paths.logout, element: <LogoutPage /> },
      { path: paths.reset, element: <ResetPage /> },
      { path: paths.wholesale, element: <WholesaleSignupPage /> },
      { path: paths.wholesaleConfirm, element: <WholesaleConfirmPage /> },
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
                renderCertificates={(locations, canUpload) => (
                  <CertificatesCard locations={locations} canUpload={canUpload} />
                )}
                renderExpiryBanner={(canUpload) => (canUpload ? <ExpiryBanner /> : null)}
                renderWebhooks={() => <WebhooksCard />}
                renderBuyingRules={(canEdit) => (
                  // The account page stacks them: the shell imports no Mantine component.
                  <>
                    <BuyingRulesCard canEdit={canEdit} />
                    <TireAgeCard canEdit={canEdit} />
                    <SpendingCard canEdit={canEdit} />
                  </>
                )}
              />
            ),
          },
          {
            path: paths.supplier,
            element: <SupplierArea />,
            children: [
              { index: true, element: <SupplierOrdersPage /> },
              {
                path: paths.supplierInventory,
                element: (
                  <SupplierInventoryPage
                    renderShipping={(id) => <ShipScheduleCard key={id} warehouseId={id} />}
                  />
                ),
              },
              { path: paths.supplierFulfillments, element: <FulfillmentQueuePage /> },
              { path: paths.supplierBilling, element: <SupplierAfterSales /> },
            ],
          },
          {
            // The staff console (orders included) is its own chunk: the storefront never downloads it.
            path: `${paths.admin}/*`,
            element: <AdminConsole />,
          },
          { path: paths.installer, element: <InstallerOrdersPage /> },
          { path: paths.fleet, element: <FleetPage /> },
          { path: paths.approvals, element: <ApprovalsPage /> },
          { path: `${paths.fleet}/:id`, element: <FleetUnitPage /> },
          {
            path: paths.shop,
            element: (
              <>
                <ShopPage renderActions={resultActions} renderUnitActions={unitResultActions} />
                <CompareTray />
              </>
            ),
          },
          {
            path: paths.tires,
            element: (
              <>
                <ShopPage renderActions={resultActions} renderUnitActions={unitResultActions} />
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
];
