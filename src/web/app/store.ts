import { configureStore, createListenerMiddleware, isFulfilled } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from '../api/api';
import { cartReducer, checkout, getCart, postCart, putCart, putShipping } from '../features/cart/cart.slice';
import { cartCountChanged, sessionReducer } from '../features/session/session.slice';

import { shopReducer } from '../features/search/shop.slice';
import { searchPanelReducer } from '../features/sizing/search-panel.slice';
import { sizeSelectorReducer } from '../features/sizing/size-selector.slice';
import { vehicleSelectorReducer } from '../features/sizing/vehicle-selector.slice';

/** The header's basket count (session) follows the cart after every cart call (spec §4). */
const cartCount = createListenerMiddleware();
cartCount.startListening({
  matcher: isFulfilled(getCart, postCart, putCart, putShipping, checkout),
  effect: (action, api) => {
    const cart = (api.getState() as { cart: { cartCount: number } }).cart;
    api.dispatch(cartCountChanged(checkout.fulfilled.match(action) ? 0 : cart.cartCount));
  },
});

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
  middleware: (getDefault) => getDefault().prepend(cartCount.middleware).concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
