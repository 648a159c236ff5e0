// Renders a component of the web app as the app draws it, for component tests: a store of its own
// with the app's slices and the one RTK Query api, Mantine with the app's theme (and its toasts),
// and a router at a given address (docs/architecture.md, "Component tests").
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { api } from '../api/api';
import { theme } from '../app/theme';
import { cartReducer } from '../features/cart/cart.slice';
import { shopReducer } from '../features/search/shop.slice';
import { sessionReducer } from '../features/sessions/session.slice';
import { searchPanelReducer } from '../features/sizing/search-panel.slice';
import { sizeSelectorReducer } from '../features/sizing/size-selector.slice';
import { vehicleSelectorReducer } from '../features/sizing/vehicle-selector.slice';

// The app's store (app/store.ts) with the api in it from the start.
const reducer = combineSlices(
  {
    session: sessionReducer,
    cart: cartReducer,
    searchPanel: searchPanelReducer,
    sizeSelector: sizeSelectorReducer,
    vehicleSelector: vehicleSelectorReducer,
    shop: shopReducer,
  },
  api,
);
type State = ReturnType<typeof reducer>;
/** Some slices' state to start from: each given field replaces the slice's initial one. */
export type StartState = { [K in keyof State]?: Partial<State[K]> };

export function testStore(start: StartState = {}) {
  const initial = reducer(undefined, { type: 'test/start' });
  const preloadedState = { ...initial };
  for (const key of Object.keys(start) as (keyof State)[])
    Object.assign(preloadedState, { [key]: { ...initial[key], ...start[key] } });
  return configureStore({
    reducer,
    preloadedState,
    // The checks stay on; a slow machine shared by parallel tests must not make them warn.
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 1000 }, immutableCheck: { warnAfter: 1000 } }).concat(
        api.middleware,
      ),
  });
}

interface Options {
  /** The route pattern the component is drawn at, e.g. '/admin/quotes/:id'. */
  path?: string;
  /** The address the test opens, e.g. '/admin/quotes/7'. */
  at?: string;
  state?: StartState;
}

/** Draws `ui` in the app's providers; answers Testing Library's queries, the store and a user to act with. */
export function renderApp(ui: ReactNode, { path = '/', at = path, state }: Options = {}) {
  const store = testStore(state);
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: null },
    ],
    {
      initialEntries: [at],
    },
  );
  const user = userEvent.setup({ delay: null });
  const view = render(
    <Provider store={store}>
      {/* env="test": no transitions and no portals, so what opens is there at once. */}
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return { ...view, store, router, user };
}

// Toasts live in a store of their own, outside React: none outlives its test.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});
