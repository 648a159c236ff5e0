import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import type { api } from '../api/api';
import { whenApiLoads } from '../api/api-loaded';
import { cartReducer } from '../features/cart/cart.slice';
import { shopReducer } from '../features/search/shop.slice';
import { sessionReducer } from '../features/sessions/session.slice';
import { searchPanelReducer } from '../features/sizing/search-panel.slice';
import { sizeSelectorReducer } from '../features/sizing/size-selector.slice';
import { vehicleSelectorReducer } from '../features/sizing/vehicle-selector.slice';
import type { AppDispatch, RootState } from '../lib/store-hooks';

// The state the app fixes is here from the start (the slices' reducers, under the keys their files
// declare in lib/store-hooks.ts); the RTK Query api's reducer and middleware
// join when the first page that calls the API loads it (api/api-loaded.ts).
const rootReducer = combineSlices({
  session: sessionReducer,
  cart: cartReducer,
  searchPanel: searchPanelReducer,
  sizeSelector: sizeSelectorReducer,
  vehicleSelector: vehicleSelectorReducer,
  shop: shopReducer,
}).withLazyLoadedSlices<WithSlice<typeof api>>();
const lateMiddleware = createDynamicMiddleware();

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().concat(lateMiddleware.middleware),
});

whenApiLoads((loaded) => {
  rootReducer.inject(loaded);
  lateMiddleware.addMiddleware(loaded.middleware);
  // An action through the reducers: the api's state is there before the first query reads it.
  store.dispatch(loaded.util.resetApiState());
});

// The features type the state and dispatch from lib/store-hooks.ts, never from here. This type
// does not compile when a slice declares a key there that this store does not hold, or when the
// store's dispatch is not the one declared there.
export type StoreMatchesItsDeclaration = Satisfies<
  [ReturnType<typeof store.getState>, typeof store.dispatch],
  [RootState, AppDispatch]
>;
type Satisfies<Actual extends Declared, Declared> = Actual;
