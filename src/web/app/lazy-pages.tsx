import {
  Children,
  type ComponentProps,
  type ComponentType,
  isValidElement,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
} from 'react';
import { useTicked } from '../features/comparisons/compare-tray';
import { getCart } from '../features/cart/cart.slice';
import { useAppDispatch } from '../lib/store-hooks';
import { afterOpeningPage, markContentShown, nextTask } from '../lib/opening-content';
import { provideMantineRoot, withMantine } from '../lib/with-mantine';
import extras from './result-extras.module.css';

// What is drawn with Mantine, here and in the features, comes inside the app's provider and theme.
provideMantineRoot(() => import('./MantineRoot'));

/**
 * The lazy component of a module's named export; `preload` starts its download without
 * rendering it. Drawn inside whatever provider its parent has (a page's pieces: in the page's).
 */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  const component = lazy(async () => ({
    default: (await load())[name] as unknown as ComponentType<object>,
  }));
  return Object.assign(component, { preload: load }) as unknown as M[K];
}

interface PageOptions {
  /** The page marks its content shown itself (useContentShown), after its first render. */
  contentLater?: boolean;
  /** Drawn without Mantine (the light shell's pages: /login, / and the results, /shop). */
  light?: boolean;
}

/**
 * Every page of the router as its own chunk, loaded when it is first shown (router.tsx imports
 * the pages from here, under their own names). The first load of /login or / downloads the
 * frame and that one page, not the whole shop (budget: scripts/web-budget.ts); those two and
 * the results page are light (no Mantine), every other page comes with Mantine's provider. Layout wraps the pages in
 * one Suspense boundary. A page's first render marks its content as shown (opening-content.ts),
 * unless `contentLater`.
 *
 * A new page: add one line here, `export const XPage = page(() => import('…/XPage'), 'XPage');`,
 * and import it in router.tsx from './lazy-pages'.
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K, options: PageOptions = {}) {
  const loadComponent = options.light
    ? async () => (await load())[name] as unknown as ComponentType<object>
    : async () => (await withMantine(load, name)()).default as unknown as ComponentType<object>;
  // Once its module is in, the page renders its component directly: a lazy component suspends
  // on every first render, even when its module has arrived, and a fallback shown makes React
  // hold the content back for 300 ms (docs/performance-web.md, "Ninth round").
  let loaded: ComponentType<object> | undefined;
  let loading: Promise<ComponentType<object>> | undefined;
  const preload = () =>
    (loading ??= loadComponent().then(
      (component) => (loaded = component),
      (error) => {
        loading = undefined; // a failed download is asked for again when the page renders
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, when this module loads
  const Page = (props: object) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  const render = options.contentLater
    ? Page
    : (props: object) => (
        <MarksContentShown>
          <Page {...props} />
        </MarksContentShown>
      );
  return Object.assign(render, { preload }) as unknown as M[K];
}

/** A page on its first render: its content is on screen (opening-content.ts). */
function MarksContentShown({ children }: { children: ReactNode }) {
  useEffect(markContentShown, []);
  return children;
}

/** Starts downloading the chunks of a route's element (its lazy pages, a fragment's too) without rendering it. */
function preloadElement(node: ReactNode): Promise<unknown>[] {
  if (!isValidElement(node)) return [];
  const own = (node.type as { preload?: () => Promise<unknown> }).preload?.();
  const children = Children.toArray((node.props as { children?: ReactNode }).children);
  return [...(own ? [own] : []), ...children.flatMap(preloadElement)];
}

/**
 * main.tsx calls it with the elements of the address the app opens on: their pages' chunks
 * arrive while the session is asked for (RequireUser shows the page only after it). Matching the
 * address against the routes (a few milliseconds at 4× CPU) and asking for the chunks happen in
 * a task of their own (nextTask). Settles when those pages are in (or failed: the router's
 * Suspense shows the loader then, and a retry), so the first render can draw the page at once.
 */
export async function preloadOpeningPage(openingElements: () => ReactNode[]): Promise<void> {
  await nextTask();
  await Promise.allSettled(openingElements().flatMap(preloadElement));
}

const loadAddToCart = () => import('../features/cart/AddToCart');
// A card's extras and the compare tray bring Zod and the reviews' and comparisons' contracts
// (≈ 36 KB): on the page the app opens on, they come after its own chunks.
const loadResultExtras = afterOpeningPage(() => import('./result-extras'));
const loadCompareTray = afterOpeningPage(() => import('../features/comparisons/CompareTray'));
const LazyAddToCart = lazy(async () => ({ default: (await loadAddToCart()).AddToCart }));

export const LoginPage = page(() => import('../features/sessions/LoginPage'), 'LoginPage', { light: true });
export const MfaStepPage = page(() => import('../features/sessions/MfaStepPage'), 'MfaStepPage');
export const ResetPage = page(() => import('../features/sessions/ResetPage'), 'ResetPage');
export const LogoutPage = page(() => import('../features/sessions/LogoutPage'), 'LogoutPage');
export const AccountPage = page(() => import('../features/sessions/AccountPage'), 'AccountPage');
export const WholesaleSignupPage = page(
  () => import('../features/wholesale/WholesaleSignupPage'),
  'WholesaleSignupPage',
);
export const WholesaleConfirmPage = page(
  () => import('../features/wholesale/WholesaleConfirmPage'),
  'WholesaleConfirmPage',
);
export const HomePage = page(() => import('./pages/HomePage'), 'HomePage', { light: true });
export const MyOrdersPage = page(() => import('../features/orders/MyOrdersPage'), 'MyOrdersPage');
export const OrderPage = page(() => import('./pages/OrderPage'), 'OrderPage');
export const CheckoutPage = page(() => import('./pages/CheckoutPage'), 'CheckoutPage');
export const SupplierArea = page(() => import('./pages/SupplierArea'), 'SupplierArea');
export const SupplierOrdersPage = page(
  () => import('../features/orders/SupplierOrdersPage'),
  'SupplierOrdersPage',
);
export const SupplierInventoryPage = page(
  () => import('../features/inventory/SupplierInventoryPage'),
  'SupplierInventoryPage',
);
export const ComingPage = page(() => import('./pages/ComingPage'), 'ComingPage');
export const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');
export const OeSelectionPage = page(() => import('./pages/OeSelectionPage'), 'OeSelectionPage');
export const ProductPage = page(() => import('./pages/ProductPage'), 'ProductPage');
// The results page starts loading its Add to cart controls with it: they are in every card.
// Their chunks are asked for first and the page's own a task later (two shorter tasks; nextTask).
// Its content is its first cards (ShopResults marks it).
export const ShopPage = page(
  async () => {
    void loadAddToCart();
    void loadResultExtras();
    await nextTask();
    return import('./pages/ShopPage');
  },
  'ShopPage',
  { contentLater: true, light: true },
);
// The staff console (orders included): the storefront never downloads it.
export const AdminConsole = page(() => import('./pages/admin/AdminConsole'), 'AdminConsole');
export const SavedCards = page(() => import('../features/payments/SavedCards'), 'SavedCards');
export const CertificatesCard = page(
  () => import('../features/exemptions/CertificatesCard'),
  'CertificatesCard',
);
export const ExpiryBanner = page(() => import('../features/exemptions/ExpiryBanner'), 'ExpiryBanner');
export const TireAgeCard = page(() => import('../features/inventory/TireAgeCard'), 'TireAgeCard');
export const BuyingRulesCard = page(() => import('../features/cart/BuyingRulesCard'), 'BuyingRulesCard');
export const WebhooksCard = page(() => import('../features/webhooks/WebhooksCard'), 'WebhooksCard');
export const SpendingCard = page(() => import('../features/approvals/SpendingCard'), 'SpendingCard');
export const ApprovalsPage = page(() => import('../features/approvals/ApprovalsPage'), 'ApprovalsPage');
export const ShipScheduleCard = page(
  () => import('../features/delivery/ShipScheduleCard'),
  'ShipScheduleCard',
);
export const FulfillmentQueuePage = page(
  () => import('../features/logistics/FulfillmentQueuePage'),
  'FulfillmentQueuePage',
);
export const SupplierAfterSales = page(
  () => import('../features/aftersales/SupplierAfterSales'),
  'SupplierAfterSales',
);
export const MyQuotesPage = page(() => import('../features/quotes/MyQuotesPage'), 'MyQuotesPage');
export const QuoteRequestPage = page(() => import('../features/quotes/QuoteRequestPage'), 'QuoteRequestPage');
export const BuyerQuotePage = page(() => import('../features/quotes/BuyerQuotePage'), 'BuyerQuotePage');
export const ReviewFormPage = page(() => import('../features/reviews/ReviewFormPage'), 'ReviewFormPage');
export const FleetPage = page(() => import('./pages/FleetPages'), 'FleetRosterPage');
export const FleetUnitPage = page(() => import('./pages/FleetPages'), 'FleetUnitPage');
export const ComparePage = page(() => import('../features/comparisons/ComparePage'), 'ComparePage');
export const ContactPage = page(() => import('../features/marketing/ContactPage'), 'ContactPage');
export const NewsletterLinkPage = page(
  () => import('../features/marketing/NewsletterLinkPage'),
  'NewsletterLinkPage',
);
// Beside the results page, not in it: it brings Mantine's provider of its own.
const LazyCompareTray = lazy(withMantine(loadCompareTray, 'CompareTray'));
const LazyResultExtras = lazyNamed(loadResultExtras, 'ResultExtras');

/**
 * Add to cart in a result card, in a box of its final size while its chunk arrives (loaded with
 * the results page, so normally already there): the card never jumps.
 */
export function AddToCart(props: ComponentProps<typeof LazyAddToCart>) {
  return (
    <Suspense fallback={<div style={{ height: 36, width: 216 }} />}>
      <LazyAddToCart {...props} />
    </Suspense>
  );
}

const LazyAddForUnit = lazy(async () => ({
  default: (await import('../features/fleet/AddForUnit')).AddForUnit,
}));

/**
 * A result card's Add for unit while the search is for a fleet unit (/shop?…&unit=id), in a box of
 * its final size while its chunk arrives; the cart's count follows what it added.
 */
export function AddForUnit(props: Omit<ComponentProps<typeof LazyAddForUnit>, 'onAdded'>) {
  const dispatch = useAppDispatch();
  return (
    <Suspense fallback={<div style={{ height: 52, width: 216 }} />}>
      <LazyAddForUnit {...props} onAdded={() => dispatch(getCart())} />
    </Suspense>
  );
}

/**
 * A result card's other actions (quote, review stars, compare tick), loaded after the card, in
 * a box of their final height (result-extras.module.css): the cards do not move when they come.
 */
export function ResultExtras(props: ComponentProps<typeof LazyResultExtras>) {
  return (
    <div className={extras.extras}>
      <Suspense fallback={null}>
        <LazyResultExtras {...props} />
      </Suspense>
    </div>
  );
}

/**
 * The compare tray under the results, once a tire is ticked: until then neither its chunk nor
 * its Mantine provider is loaded or drawn.
 */
export function CompareTray() {
  if (!useTicked().length) return null;
  return (
    <Suspense fallback={null}>
      <LazyCompareTray />
    </Suspense>
  );
}
export const InstallerOrdersPage = page(
  () => import('../features/installer/InstallerOrdersPage'),
  'InstallerOrdersPage',
);
