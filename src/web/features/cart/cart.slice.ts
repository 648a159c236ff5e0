import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session } from '../../../contract/sessions';
import type { z } from 'zod';
import type * as cartContract from '../../../contract/cart';
import type { CheckoutBody } from '../../../contract/cart';
import type { Cart, CartCreate, OrderDetail } from '../../../contract/order-shapes';
import { type ApiProblem, call } from '../../api/client';
import { cartRoutes as cartApi } from '../../api/routes';
import { apiThunk, problemIn } from '../../api/thunk';

/** Cart state in the shape the product fixes: cart, cartCount, order, loading (plus the checkout flag and error). */
interface CartState {
  cart: Cart | null;
  /** The one cart count of the app: the header's basket shows it. */
  cartCount: number;
  order: OrderDetail | null;
  loading: boolean;
  checkoutLoading: boolean;
  /** `during: 'checkout'` marks a refused payment, shown beside the payment form. */
  error: (Pick<ApiProblem, 'status' | 'message' | 'reason'> & { during?: 'checkout' }) | null;
  /** The order the last checkout placed, for the confirmation. */
  lastPlaced: OrderDetail | null;
  /** Where the buyer still sends the money of that order (a crypto payment address), if anywhere. */
  lastPayTo: string | null;
}

const initialState: CartState = {
  cart: null,
  cartCount: 0,
  order: null,
  loading: false,
  checkoutLoading: false,
  error: null,
  lastPlaced: null,
  lastPayTo: null,
};

/** The cart's action types: get, post, put and checkout. */
export const getCart = apiThunk('cart/get', (_: undefined) => call(cartApi.getCart));
export const postCart = apiThunk(
  'cart/post',
  (body: Omit<CartCreate, 'orderItemRoadHazard'> & { orderItemRoadHazard?: boolean }) =>
    // Without `data` the answer is always the cart.
    call(cartApi.createCart, { body }) as Promise<Cart>,
);
/** Puts a staggered set (front and rear of one line) into the cart as one set. */
export const postCartSet = apiThunk('cart/postSet', (body: z.input<typeof cartContract.CartSetCreate>) =>
  call(cartApi.addCartSet, { body }),
);
export const putCart = apiThunk(
  'cart/put',
  (orderItems: { orderItemId: number; orderItemQuantity?: number; orderItemRoadHazard?: boolean }[]) =>
    call(cartApi.updateCart, { body: { orderItems } }),
);
export interface CheckoutRequest extends CheckoutBody {
  /** One per attempt: a double click or a retry after a network error replays, never charges twice. */
  idempotencyKey: string;
  /** The provider's payment address when the money follows the order (crypto). */
  payTo?: string | null;
}
/**
 * Places the cart as an order: the new order belongs in every order list at once. (The api is
 * loaded by then with the checkout page; it is not in the shell, docs/performance-web.md.)
 */
export const checkout = apiThunk('cart/checkout', async (request: CheckoutRequest, { dispatch }) => {
  const { idempotencyKey, payTo: _, ...body } = request;
  const order = await call(cartApi.checkout, { body, headers: { 'idempotency-key': idempotencyKey } });
  const { api } = await import('../../api/api');
  dispatch(api.util.invalidateTags([{ type: 'Order', id: 'LIST' }]));
  return order;
});
/** Delivery and other cart changes that answer the whole cart. */
export const putShipping = apiThunk('cart/shipping', (body: z.input<typeof cartContract.ShippingChoice>) =>
  call(cartApi.setCartShipping, { body }),
);

/**
 * The session feature's thunks that answer a Session (session/get, session/login,
 * session/location, session/group): matched by type, as features never import one another.
 */
const sessionAnswers = ['session/get', 'session/login', 'session/location', 'session/group'].map(
  (t) => `${t}/fulfilled`,
);
const isSessionAnswer = (action: { type: string }): action is PayloadAction<Session> =>
  sessionAnswers.includes(action.type);
const signedOut = (action: { type: string }) => action.type === 'session/logout/fulfilled';

const replaceCart = (state: CartState, cart: Cart) => {
  state.cart = cart;
  state.cartCount = cart.orderItems.length;
  state.loading = false;
  state.error = null;
};

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartErrorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    for (const t of [getCart, postCart, postCartSet, putCart, putShipping]) {
      builder
        .addCase(t.pending, (state) => {
          state.loading = true;
        })
        .addCase(t.fulfilled, (state, action) => replaceCart(state, action.payload))
        .addCase(t.rejected, (state, action) => {
          const { status, message, reason } = problemIn(action);
          state.loading = false;
          state.error = { status, message, reason };
        });
    }
    builder
      .addCase(checkout.pending, (state) => {
        state.checkoutLoading = true;
        state.error = null;
      })
      .addCase(checkout.fulfilled, (state, action) => {
        // After a checkout without error, cart, count and order are cleared.
        Object.assign(state, initialState, {
          lastPlaced: action.payload,
          lastPayTo: action.meta.arg.payTo ?? null,
        });
      })
      .addCase(checkout.rejected, (state, action) => {
        const { status, message, reason } = problemIn(action);
        state.checkoutLoading = false;
        state.error = { status, message, reason, during: 'checkout' };
      });
    builder
      .addMatcher(signedOut, () => initialState)
      // The session answer (session load, sign-in, location or price group switch) carries the
      // count of the cart at the session's location: it seeds the count until the cart is loaded.
      .addMatcher(isSessionAnswer, (state, action) => {
        state.cartCount = action.payload.cart_count;
        // Another location's cart is not this one.
        if (state.cart && state.cart.orderId !== (action.payload.order?.orderId ?? null)) state.cart = null;
      });
  },
});

export const { cartErrorCleared } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

// This slice's key in the store's state (lib/store-hooks.ts; app/store.ts puts the reducer there).
declare module '../../lib/store-hooks' {
  interface RootState {
    cart: ReturnType<typeof cartSlice.reducer>;
  }
}
