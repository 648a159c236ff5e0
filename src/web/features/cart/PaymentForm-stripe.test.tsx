import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { problem, stubServer } from '../../test/server-stub';
import { PaymentForm } from './PaymentForm';

const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../lib/leave-for', () => ({ leaveFor }));

const CHECKOUT_PATH = '/api/cart/checkout';
const SESSION_PATH = '/api/v1/order/41/stripe/session';
const stripePayment = {
  companyId: 3,
  creditLimitCents: 0,
  paymentTermsDays: 30,
  openBalanceCents: 0,
  availableCreditCents: 0,
  defaultSourceId: null,
  sources: [],
  methods: ['card', 'finpay', 'hostedpay', 'coinpay'],
  cardProvider: 'stripe',
};
const placed = { orderId: 41, number: 'T-000041', totalCents: 123_450, paymentStatus: 'pending' };
const sessionUrl = 'http://127.0.0.1:9/pay/cs_test_1';

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  leaveFor.mockClear();
  server = stubServer()
    .on('GET', '/api/company/payment', { body: stripePayment })
    .on('POST', CHECKOUT_PATH, { status: 201, body: placed })
    .on('POST', SESSION_PATH, { body: { sessionId: 'cs_test_1', url: sessionUrl, amountCents: 123_450 } });
});

describe('paying a cart by card when Stripe takes the cards', () => {
  it("asks for no card data, places the order with none, and sends the browser to Stripe's page for it", async () => {
    const { user } = renderApp(<PaymentForm orderId={41} totalCents={123_450} />);
    const go = await screen.findByRole('button', { name: 'Continue to payment' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText(/Stripe's secure payment page/)).toBeVisible();
    await user.click(go);

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(sessionUrl));
    const [checkout] = server.sent('POST', CHECKOUT_PATH);
    expect(checkout.body).toEqual({ paymentMethod: 'card', orderId: 41 });
    expect(server.sent('POST', '/api/v1/vendor/cardpay/token')).toHaveLength(0);
    expect(server.sent('POST', SESSION_PATH)[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  /** Checks out with the company's saved card, whose charge ends as `paymentStatus`. */
  async function payWithSavedCard(paymentStatus: string) {
    const withCard = {
      ...stripePayment,
      defaultSourceId: 9,
      sources: [{ sourceId: 9, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: true }],
    };
    server
      .on('GET', '/api/company/payment', { body: withCard })
      .on('POST', CHECKOUT_PATH, { status: 201, body: { ...placed, paymentStatus } });
    const { user } = renderApp(<PaymentForm orderId={41} totalCents={123_450} />);
    await user.click(await screen.findByRole('radio', { name: 'Saved card' }));
    await user.click(screen.getByRole('combobox', { name: 'Saved card' }));
    await user.click(screen.getByRole('option', { name: 'visa •••• 4242 (4/2031)' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1));
    expect(server.sent('POST', CHECKOUT_PATH)[0].body).toMatchObject({ paymentMethod: 'card', sourceId: 9 });
  }

  it('a saved card charged at once needs no page: the browser stays', async () => {
    await payWithSavedCard('paid');
    await new Promise((done) => setTimeout(done, 100));
    expect(server.sent('POST', SESSION_PATH)).toHaveLength(0);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("a saved card its bank wants the cardholder to confirm leaves the order pending: the browser goes to Stripe's page", async () => {
    await payWithSavedCard('pending');
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(sessionUrl));
  });

  it('a refused checkout shows why and opens no payment page', async () => {
    server.on('POST', CHECKOUT_PATH, problem(409, 'The stock of this tire is gone'));
    const { user } = renderApp(<PaymentForm orderId={41} totalCents={123_450} />);
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The stock of this tire is gone');
    expect(server.sent('POST', SESSION_PATH)).toHaveLength(0);
    expect(leaveFor).not.toHaveBeenCalled();
  });
});
