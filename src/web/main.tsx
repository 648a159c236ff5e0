import './app/mantine-base.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { afterOpeningPage, preloadOpeningPage } from './app/lazy-pages';
import { paths } from './app/paths';
import { routes } from './app/router';
import { store } from './app/store';
import { parseShopUrl } from './features/search/shop-filters';
import { fetchOpeningSearch } from './features/search/shop.slice';
import { fetchSession } from './features/sessions/session.slice';

// The shop's orange, darker from shade 6 on than Mantine's own: links and white button labels
// on shade 7 reach a contrast of 5.2:1 (WCAG AA; Mantine's orange.6 gave 2.6:1, and Lighthouse's
// accessibility audit failed on every link and button).
const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 7,
  colors: {
    orange: [
      '#fff7ed',
      '#ffedd5',
      '#fed7aa',
      '#fdba74',
      '#fb923c',
      '#f97316',
      '#ea580c',
      '#c2410c',
      '#9a3412',
      '#7c2d12',
    ],
  },
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
});

// Dimmed text one shade darker (gray.7 on white, 7.5:1) than Mantine's gray.6 (3.3:1).
const cssVariables: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: {},
});

// The toasts' container, and its styles, come after the opening page's chunks (notifications.show()
// calls made before it mounts are kept and shown then).
const Notifications = lazy(
  afterOpeningPage(async () => ({ default: (await import('./app/Toasts')).Notifications })),
);

/** The pages of router.tsx, matched by React Router's declarative mode (see PageRoute there). */
function Pages() {
  return useRoutes(routes as RouteObject[]);
}

store.dispatch(fetchSession());
// The page of this address starts downloading now, beside the session (lazy-pages.tsx), and so
// does the first page of results of a /shop address (ShopPage takes it).
preloadOpeningPage(() =>
  (matchRoutes(routes as RouteObject[], window.location) ?? []).map((m) => m.route.element),
);
if (window.location.pathname === paths.shop || window.location.pathname === paths.tires) {
  const { filters, page } = parseShopUrl(window.location.search);
  if (page === 0) store.dispatch(fetchOpeningSearch(filters));
}

const root = createRoot(document.getElementById('root')!);
// The first render is a transition: React renders it in slices of a few milliseconds and lets
// the browser in between (no long task on a slow phone; docs/performance-web.md). Until it
// commits, index.html's header stands in.
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
          <BrowserRouter>
            <Pages />
          </BrowserRouter>
        </MantineProvider>
      </Provider>
    </StrictMode>,
  ),
);
