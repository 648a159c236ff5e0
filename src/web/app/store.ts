import { configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from '../api/api';
import { cartReducer } from '../features/cart/cart.slice';
import { sessionReducer } from '../features/sessions/session.slice';

import { shopReducer } from '../features/search/shop.slice';
import { searchPanelReducer } from '../features/sizing/search-panel.slice';
import { sizeSelectorReducer } from '../features/sizing/size-selector.slice';
import { vehicleSelectorReducer } from '../features/sizing/vehicle-selector.slice';

export const store = configureStore({
  reducer: {
    session: sessionReducer,
    cart: cartReducer,
    searchPanel: searchPanelReducer,
    sizeSelector: sizeSelectorReducer,
    vehicleSelector: vehicleSelectorReducer,
    shop: shopReducer,
    [api.reducerPath]: api.reducer,
  },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
