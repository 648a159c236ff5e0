import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../contract/sessions';
import type { Cart, OrderDetail } from '../../../contract/order-shapes';
import { UNREACHABLE } from '../../api/client';
import { fetchSession, login, logout, switchLocation } from '../sessions/session.slice';
import { type CheckoutRequest, cartReducer, checkout, getCart } from './cart.slice';

const cart = { orderId: 9, orderItems: [{ orderItemId: 1 }, { orderItemId: 2 }] } as unknown as Cart;
const order = { orderId: 9, number: 'TR-000009', paymentStatus: 'pending' } as OrderDetail;
const crypto: CheckoutRequest = {
  paymentMethod: 'coinpay',
  token: 'cp_123456',
  idempotencyKey: 'k1',
  payTo: 'coinpay:usdc?amount_usd=1.00&ref=cp_123456',
};
const withCart = cartReducer(undefined, getCart.fulfilled(cart, 'r', undefined));

describe('cart state', () => {
  it('follows the server cart and counts its items', () => {
    expect(withCart.cartCount).toBe(2);
    expect(withCart.cart?.orderId).toBe(9);
  });

  it('clears cart, count and order after a checkout, keeping the placed order and where to pay it', () => {
    const s = cartReducer(withCart, checkout.fulfilled(order, 'r', crypto));
    expect(s).toMatchObject({ cart: null, cartCount: 0, order: null, checkoutLoading: false });
    expect(s.lastPlaced?.number).toBe('TR-000009');
    expect(s.lastPayTo).toBe(crypto.payTo);
    const card = cartReducer(withCart, checkout.fulfilled(order, 'r', { ...crypto, payTo: undefined }));
    expect(card.lastPayTo).toBeNull();
  });

  it('keeps the cart when the payment is refused and marks the error as the checkout’s', () => {
    let s = cartReducer(withCart, checkout.pending('r', crypto));
    expect(s.checkoutLoading).toBe(true);
    s = cartReducer(
      s,
      checkout.rejected(null, 'r', crypto, {
        status: 422,
        message: 'The coinpay payment was declined',
        reason: 'card_declined',
      }),
    );
    expect(s.cartCount).toBe(2);
    expect(s.error).toMatchObject({ message: 'The coinpay payment was declined', during: 'checkout' });
    expect(s.checkoutLoading).toBe(false);
  });

  it('leaves other cart errors on the page, not beside the payment form', () => {
    const s = cartReducer(
      withCart,
      getCart.rejected(null, 'r', undefined, { status: 0, message: 'offline', reason: undefined }),
    );
    expect(s.error?.during).toBeUndefined();
  });
});

describe('the cart count (one place: cart.cartCount)', () => {
  const session = { cart_count: 3, order: { orderId: 9 } } as unknown as Session;

  it('is seeded by the session answer at session load, sign-in and location switch', () => {
    expect(cartReducer(undefined, fetchSession.fulfilled(session, 'r', undefined)).cartCount).toBe(3);
    expect(
      cartReducer(undefined, login.fulfilled(session, 'r', { username: 'u', password: 'p' })).cartCount,
    ).toBe(3);
    // Another location has another cart: the one loaded before is dropped, the count follows.
    const other = { cart_count: 0, order: null } as unknown as Session;
    const s = cartReducer(withCart, switchLocation.fulfilled(other, 'r', 2));
    expect(s).toMatchObject({ cartCount: 0, cart: null });
  });

  it('is zero again after sign-out', () => {
    expect(cartReducer(withCart, logout.fulfilled(undefined, 'r', undefined)).cartCount).toBe(0);
  });
});

describe('checkout through the one thunk helper', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Idempotency-Key header and invalidates the order lists once the order is placed', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(order), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const dispatched: { type: string }[] = [];
    const dispatch = (a: unknown) => {
      dispatched.push(a as { type: string });
      return a;
    };
    const card: CheckoutRequest = { paymentMethod: 'card', cardToken: 'tok_abcdef12', idempotencyKey: 'k-1' };
    const result = await checkout(card)(dispatch, () => ({}), undefined);
    expect(result.type).toBe('cart/checkout/fulfilled');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cart/checkout');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
    expect(JSON.parse(String(init.body))).toEqual({ paymentMethod: 'card', cardToken: 'tok_abcdef12' });
    const invalidation = dispatched.find((a) => a.type === 'api/invalidateTags') as
      | { payload: unknown[] }
      | undefined;
    expect(invalidation?.payload).toEqual([{ type: 'Order', id: 'LIST' }]);
  });

  it('rejects with a typed problem: the server’s detail and reason, or one message when unreachable', async () => {
    const problem = {
      status: 422,
      detail: 'Your card was declined.',
      code: 'unprocessable',
      reason: 'card_declined',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ type: 'about:blank', title: 'x', ...problem }), {
            status: 422,
            headers: { 'content-type': 'application/problem+json' },
          }),
      ),
    );
    const noop = (a: unknown) => a;
    const req: CheckoutRequest = { paymentMethod: 'account', idempotencyKey: 'k-2' };
    const declined = await checkout(req)(noop, () => ({}), undefined);
    expect(declined.payload).toMatchObject({
      status: 422,
      message: 'Your card was declined.',
      reason: 'card_declined',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await checkout(req)(noop, () => ({}), undefined);
    expect(offline.payload).toEqual({ status: 0, message: UNREACHABLE });
  });
});
