import './app/shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { preloadOpeningPage } from './app/lazy-pages';
import { paths } from './app/paths';
import { routes } from './app/router';
import { store } from './app/store';
import { parseShopUrl } from './features/search/shop-filters';
import { fetchOpeningSearch } from './features/search/shop.slice';
import { fetchSession } from './features/sessions/session.slice';

/** The pages of router.tsx, matched by React Router's declarative mode (see PageRoute there). */
function Pages() {
  return useRoutes(routes as RouteObject[]);
}

store.dispatch(fetchSession());
// The page of this address starts downloading now, beside the session (lazy-pages.tsx), and so
// does the first page of results of a /shop address (ShopPage takes it).
const openingPage = preloadOpeningPage(() =>
  (matchRoutes(routes as RouteObject[], window.location) ?? []).map((m) => m.route.element),
);
if (window.location.pathname === paths.shop || window.location.pathname === paths.tires) {
  const { filters, page } = parseShopUrl(window.location.search);
  if (page === 0) store.dispatch(fetchOpeningSearch(filters));
}

const root = createRoot(document.getElementById('root')!);
// The first render waits for the page's module (its chunks are linked in the HTML, so they come
// with the app's): drawn at once, the page never shows the loader first (lazy-pages.tsx). At most
// a second, though: on a slow link the frame and its loader show meanwhile. It is a transition:
// React renders it in slices of a few milliseconds and lets the browser in between (no long task
// on a slow phone; docs/performance-web.md). Until it commits, index.html's header stands in.
const atMostASecond = new Promise<void>((resolve) => setTimeout(resolve, 1000));
void Promise.race([openingPage, atMostASecond]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <BrowserRouter>
            <Pages />
          </BrowserRouter>
        </Provider>
      </StrictMode>,
    ),
  ),
);
