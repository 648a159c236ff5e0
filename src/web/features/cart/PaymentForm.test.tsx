import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { held, problem, stubServer } from '../../test/server-stub';
import { PaymentForm } from './PaymentForm';

const TOKEN_PATH = '/api/v1/vendor/cardpay/token';
const CHECKOUT_PATH = '/api/cart/checkout';

const companyPayment = {
  companyId: 3,
  creditLimitCents: 500_000,
  paymentTermsDays: 30,
  openBalanceCents: 376_550,
  availableCreditCents: 123_450,
  defaultSourceId: 9,
  sources: [{ sourceId: 9, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: true }],
  methods: ['card', 'account', 'finpay', 'hostedpay', 'coinpay'],
};
const cardToken = (n: number) => ({
  token: `tok_test_${n}abcdef`,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
});
/** The order a checkout answers: only what the confirmation reads of it matters here. */
const placed = { orderId: 41, number: 'T-000041', totalCents: 123_450, paymentStatus: 'captured' };

let server: ReturnType<typeof stubServer>;
let tokens = 0;
beforeEach(() => {
  tokens = 0;
  server = stubServer()
    .on('GET', '/api/company/payment', { body: companyPayment })
    .on('POST', TOKEN_PATH, () => ({ status: 201, body: cardToken(++tokens) }))
    .on('POST', CHECKOUT_PATH, { status: 201, body: placed });
});

function drawForm() {
  return renderApp(<PaymentForm orderId={41} totalCents={123_450} />);
}

async function enterCard(user: ReturnType<typeof drawForm>['user']) {
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

describe('paying a cart by card', () => {
  it('sends the card to the provider only, and the checkout gets its token and the cart, never the number', async () => {
    const { user } = drawForm();
    await enterCard(user);
    await user.click(placeOrder());

    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1));
    const [tokenCall] = server.sent('POST', TOKEN_PATH);
    expect(tokenCall.body).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    });
    const [checkout] = server.sent('POST', CHECKOUT_PATH);
    expect(checkout.body).toEqual({ paymentMethod: 'card', cardToken: 'tok_test_1abcdef', orderId: 41 });
    expect(checkout.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the card fields before anything is sent', async () => {
    const { user } = drawForm();
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.click(placeOrder());

    expect(await screen.findByText('Enter the card number')).toBeVisible();
    expect(screen.getByText('Enter the 3 or 4 digit code')).toBeVisible();
    expect(server.sent('POST', TOKEN_PATH)).toHaveLength(0);
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(0);
  });

  it("shows the provider's refusal of a card number beside the field and places no order", async () => {
    server.on(
      'POST',
      TOKEN_PATH,
      problem(400, 'The card was refused', {
        errors: [{ pointer: '/body/card/number', detail: 'is not a valid card number' }],
      }),
    );
    const { user } = drawForm();
    await enterCard(user);
    await user.click(placeOrder());

    expect(await screen.findByText('is not a valid card number')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The card was refused');
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(0);
  });

  it('while the order is being placed the button is busy, and a second click charges nothing more', async () => {
    const answer = held();
    server.on('POST', CHECKOUT_PATH, answer.answer);
    const { user } = drawForm();
    await enterCard(user);
    await user.click(placeOrder());

    await waitFor(() => expect(placeOrder()).toBeDisabled());
    await user.click(placeOrder());
    answer.release({ status: 201, body: placed });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    expect(server.sent('POST', TOKEN_PATH)).toHaveLength(1);
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1);
  });

  it("a refused payment shows the server's message, and the next attempt is a new one with a new card token", async () => {
    server.on('POST', CHECKOUT_PATH, problem(402, 'Your card was declined.', { reason: 'card_declined' }));
    const { user } = drawForm();
    await enterCard(user);
    await user.click(placeOrder());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment not completed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1);

    server.on('POST', CHECKOUT_PATH, { status: 201, body: placed });
    await user.click(placeOrder());
    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(2));
    const [first, second] = server.sent('POST', CHECKOUT_PATH);
    expect(second.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
    expect(second.body).toMatchObject({ cardToken: 'tok_test_2abcdef' });
  });

  it('a retry after the server could not be reached is the same attempt: same key, same card token', async () => {
    server.on('POST', CHECKOUT_PATH, { network: true });
    const { user } = drawForm();
    await enterCard(user);
    await user.click(placeOrder());

    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached');
    server.on('POST', CHECKOUT_PATH, { status: 201, body: placed });
    await user.click(placeOrder());

    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(2));
    const [first, second] = server.sent('POST', CHECKOUT_PATH);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(second.body).toEqual(first.body);
    expect(server.sent('POST', TOKEN_PATH)).toHaveLength(1);
  });

  it('a cart already checked out (409) says so and places nothing more', async () => {
    server.on(
      'POST',
      CHECKOUT_PATH,
      problem(409, 'This cart was already checked out.', { code: 'conflict' }),
    );
    const { user } = drawForm();
    await enterCard(user);
    await user.click(placeOrder());

    expect(await screen.findByRole('alert')).toHaveTextContent('This cart was already checked out.');
    expect(placeOrder()).toBeEnabled();
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1);
  });
});

describe('the other ways to pay', () => {
  it('on account shows the net terms and the credit left in dollars and cents, and sends the PO number', async () => {
    const { user } = drawForm();
    await user.click(await screen.findByRole('radio', { name: 'On account' }));

    expect(screen.getByText('Net 30 terms · available credit $1,234.50 of $5,000.00')).toBeVisible();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('PO number (optional)'), '  PO-7 ');
    await user.click(placeOrder());

    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1));
    expect(server.sent('POST', CHECKOUT_PATH)[0].body).toEqual({
      paymentMethod: 'account',
      poNumber: 'PO-7',
      orderId: 41,
    });
    expect(server.sent('POST', TOKEN_PATH)).toHaveLength(0);
  });

  it('on account is offered only to a company that may pay on account', async () => {
    server.on('GET', '/api/company/payment', { body: { ...companyPayment, methods: ['card'], sources: [] } });
    drawForm();

    expect(await screen.findByRole('radio', { name: 'Card' })).toBeChecked();
    await waitFor(() => expect(server.sent('GET', '/api/company/payment')).toHaveLength(1));
    expect(screen.queryByRole('radio', { name: 'On account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Saved card' })).not.toBeInTheDocument();
  });

  it('the sandbox providers are offered only where the server lets them take payments', async () => {
    server.on('GET', '/api/company/payment', { body: { ...companyPayment, methods: ['card', 'account'] } });
    drawForm();

    expect(await screen.findByRole('radio', { name: 'On account' })).toBeVisible();
    for (const name of ['Financing (finpay)', 'Hosted checkout (hostedpay)', 'Crypto (coinpay)'])
      expect(screen.queryByRole('radio', { name })).not.toBeInTheDocument();
  });

  it('a saved card pays by its source id, and is not paid with until the buyer picks one', async () => {
    const { user } = drawForm();
    await user.click(await screen.findByRole('radio', { name: 'Saved card' }));
    await user.click(placeOrder());

    expect(await screen.findByText('Choose a saved card')).toBeVisible();
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Saved card' }));
    await user.click(screen.getByRole('option', { name: 'visa •••• 4242 (4/2031)' }));
    await user.click(placeOrder());

    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1));
    expect(server.sent('POST', CHECKOUT_PATH)[0].body).toEqual({
      paymentMethod: 'card',
      sourceId: 9,
      orderId: 41,
    });
  });
});

describe('paying through a provider', () => {
  const session = (provider: string, token: string, redirectUrl: string | null) => ({
    provider,
    token,
    status: 'open',
    amountCents: 123_450,
    redirectUrl,
  });

  it("financing applies for the cart's total in dollars, binds finpay's approval, then places the order with it", async () => {
    server
      .on('POST', '/api/sandbox/finpay/apply', {
        body: { token: 'fin_approved_1', status: 'approved', amountCents: 123_450 },
      })
      .on('POST', '/api/cart/finpay/token', { body: session('finpay', 'fin_approved_1', null) });
    const { user } = drawForm();
    await user.click(await screen.findByRole('radio', { name: 'Financing (finpay)' }));
    await user.click(screen.getByRole('button', { name: 'Apply with finpay' }));

    expect(await screen.findByText('$1,234.50')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Apply and place order' }));

    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1));
    expect(server.sent('POST', '/api/sandbox/finpay/apply')[0].body).toEqual({ decline: false });
    expect(server.sent('POST', '/api/cart/finpay/token')[0].body).toEqual({ token: 'fin_approved_1' });
    expect(server.sent('POST', CHECKOUT_PATH)[0].body).toEqual({
      paymentMethod: 'finpay',
      token: 'fin_approved_1',
      orderId: 41,
    });
  });

  it('a declined financing application says so and places no order', async () => {
    server.on('POST', '/api/sandbox/finpay/apply', {
      body: { token: 'fin_declined_1', status: 'declined', amountCents: 123_450 },
    });
    const { user } = drawForm();
    await user.click(await screen.findByRole('radio', { name: 'Financing (finpay)' }));
    await user.click(screen.getByRole('button', { name: 'Apply with finpay' }));
    await user.click(await screen.findByRole('button', { name: 'Apply and place order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'finpay declined the application. Choose another payment method.',
    );
    expect(server.sent('POST', '/api/cart/finpay/token')).toHaveLength(0);
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(0);
  });

  it('crypto opens a charge in the chosen currency, shows what to pay, and places the order with its token', async () => {
    server.on('POST', '/api/cart/coinpay/checkout', {
      body: session('coinpay', 'coin_charge_1', 'bc1qtreadsandboxaddress'),
    });
    const { user } = drawForm();
    await user.click(await screen.findByRole('radio', { name: 'Crypto (coinpay)' }));
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'BTC' }));
    await user.click(screen.getByRole('button', { name: 'Pay with crypto' }));

    const sheet = await screen.findByLabelText('Crypto payment');
    expect(sheet).toHaveTextContent('Pay $1,234.50 in BTC.');
    expect(sheet).toHaveTextContent('bc1qtreadsandboxaddress');
    await user.click(within(sheet).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(1));
    expect(server.sent('POST', '/api/cart/coinpay/checkout')[0].body).toEqual({ currency: 'BTC' });
    expect(server.sent('POST', CHECKOUT_PATH)[0].body).toEqual({
      paymentMethod: 'coinpay',
      token: 'coin_charge_1',
      orderId: 41,
    });
  });

  it("a hosted page the provider will not open shows the provider's message, and nothing is placed", async () => {
    server.on('POST', '/api/cart/hostedpay/token', problem(409, 'The cart total changed; review it first.'));
    const { user } = drawForm();
    await user.click(await screen.findByRole('radio', { name: 'Hosted checkout (hostedpay)' }));
    await user.click(screen.getByRole('button', { name: 'Continue to hostedpay' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment not completed');
    expect(alert).toHaveTextContent('The cart total changed; review it first.');
    expect(server.sent('POST', '/api/cart/hostedpay/token')).toHaveLength(1);
    expect(server.sent('POST', CHECKOUT_PATH)).toHaveLength(0);
  });
});
