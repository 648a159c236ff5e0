import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../contract/order-shapes';
import type { OrderDetail } from '../../../contract/order-shapes';
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

describe('cart state (spec §4)', () => {
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
