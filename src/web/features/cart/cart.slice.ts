import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import * as cartApi from '../../../contract/cart';
import type { Cart, CartCreate } from '../../../contract/order-shapes';
import type { CheckoutBody } from '../../../contract/cart';
import type { OrderDetail } from '../../../contract/order-shapes';
import { ApiError, call } from '../../api/client';

/** Cart state as spec §3 shapes it: cart, cartCount, order, loading (plus the checkout flag and error). */
export interface CartState {
  cart: Cart | null;
  cartCount: number;
  order: OrderDetail | null;
  loading: boolean;
  checkoutLoading: boolean;
  /** `during: 'checkout'` marks a refused payment, shown beside the payment form. */
  error: { message: string; status: number; reason?: string; during?: 'checkout' } | null;
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

const failure = (error: unknown) => ({
  status: error instanceof ApiError ? error.status : 0,
  message: error instanceof ApiError ? error.message : 'The server cannot be reached. Check your connection.',
  reason: error instanceof ApiError ? (error.problem?.reason as string | undefined) : undefined,
});

function thunk<A, R>(type: string, run: (arg: A) => Promise<R>) {
  return createAsyncThunk<R, A, { rejectValue: ReturnType<typeof failure> }>(
    type,
    async (arg, { rejectWithValue }) => {
      try {
        return await run(arg);
      } catch (error) {
        return rejectWithValue(failure(error));
      }
    },
  );
}

/** spec §4: cart action types get, post, put and checkout. */
export const getCart = thunk('cart/get', (_: undefined) => call(cartApi.getCart));
export const postCart = thunk(
  'cart/post',
  (body: Omit<CartCreate, 'orderItemRoadHazard'> & { orderItemRoadHazard?: boolean }) =>
    // Without `data` the answer is always the cart.
    call(cartApi.createCart, { body }) as Promise<Cart>,
);
export const putCart = thunk(
  'cart/put',
  (orderItems: { orderItemId: number; orderItemQuantity?: number; orderItemRoadHazard?: boolean }[]) =>
    call(cartApi.updateCart, { body: { orderItems } }),
);
export interface CheckoutRequest extends CheckoutBody {
  idempotencyKey: string;
  /** The provider's payment address when the money follows the order (crypto). */
  payTo?: string | null;
}
export const checkout = thunk('cart/checkout', (request: CheckoutRequest) => {
  const { idempotencyKey, payTo: _, ...payload } = request;
  return checkoutCall(payload, idempotencyKey);
});
/** Delivery and other cart changes that answer the whole cart. */
export const putShipping = thunk('cart/shipping', (body: z.input<typeof cartApi.ShippingChoice>) =>
  call(cartApi.setCartShipping, { body }),
);

/** Checkout carries an Idempotency-Key so a retried click never charges twice. */
async function checkoutCall(body: CheckoutBody, key: string): Promise<OrderDetail> {
  const res = await fetch(cartApi.checkout.path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (res.status < 200 || res.status > 299) throw new ApiError(res.status, data);
  return data as OrderDetail;
}

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
    for (const t of [getCart, postCart, putCart, putShipping]) {
      builder
        .addCase(t.pending, (state) => {
          state.loading = true;
        })
        .addCase(t.fulfilled, (state, action) => replaceCart(state, action.payload))
        .addCase(t.rejected, (state, action) => {
          state.loading = false;
          state.error = action.payload ?? { status: 0, message: 'Something went wrong' };
        });
    }
    builder
      .addCase(checkout.pending, (state) => {
        state.checkoutLoading = true;
        state.error = null;
      })
      .addCase(checkout.fulfilled, (state, action) => {
        // spec §4: after a checkout without error, cart, count and order are cleared.
        Object.assign(state, initialState, {
          lastPlaced: action.payload,
          lastPayTo: action.meta.arg.payTo ?? null,
        });
      })
      .addCase(checkout.rejected, (state, action) => {
        state.checkoutLoading = false;
        state.error = {
          ...(action.payload ?? { status: 0, message: 'Something went wrong' }),
          during: 'checkout',
        };
      });
  },
});

export const { cartErrorCleared } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
