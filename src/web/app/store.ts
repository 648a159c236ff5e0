import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import type { api } from '../api/api';
import { whenApiLoads } from '../api/api-loaded';
import { cartReducer } from '../features/cart/cart.slice';
import { shopReducer } from '../features/search/shop.slice';
import { sessionReducer } from '../features/sessions/session.slice';
import { searchPanelReducer } from '../features/sizing/search-panel.slice';
import { sizeSelectorReducer } from '../features/sizing/size-selector.slice';
import { vehicleSelectorReducer } from '../features/sizing/vehicle-selector.slice';

// The state the app fixes is here from the start; the RTK Query api's reducer and middleware
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

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
