import { expect, type Page, test } from './fixtures';
import { emptyCart, signIn, snap } from './helpers';

const narrow = { width: 390, height: 844 };

async function cartWithOneTire(page: Page) {
  await emptyCart(page);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByPlaceholder('Tire Search...MPN, Size, Make, Model').fill('michelin 225/65r17');
  await page.getByRole('button', { name: 'Submit' }).click();
  // One tire, not four: the specs share the demo stock of this tire with the search spec.
  const card = page.getByTestId('result-card').first();
  await card.getByRole('textbox', { name: /^Quantity of/ }).fill('1');
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
  // The add's toast sits over the basket at the top right until it closes.
  await expect(page.getByText(/^Added 1 × .+ to the cart$/)).toBeHidden({ timeout: 10_000 });
  await page.getByRole('link', { name: /Basket/ }).click();
  // A table on a wide screen, a list of lines on a phone: both are named Cart items.
  await expect(page.getByLabel('Cart items').filter({ visible: true })).toContainText('Michelin');
}

/** The confirmation names the order; the history lists it with how it was paid. */
async function placedOrderInHistory(page: Page, payment: string) {
  const placed = page.getByRole('status').filter({ hasText: 'Thank you: order TR-' });
  await expect(placed).toBeVisible();
  await expect(page.getByTestId('cart-count')).not.toContainText(/[1-9]/);
  const number = (await placed.textContent())?.match(/TR-\d+/)?.[0] ?? '';
  expect(number).not.toBe('');
  return async () => {
    await page.getByRole('link', { name: 'See your orders' }).click();
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: number });
    await expect(row).toContainText(payment);
    return { number, row };
  };
}

test('a buyer pays on the hosted checkout page, sees a decline first, and finds the order in /orders', async ({
  page,
}) => {
  await signIn(page, 'clerk');
  await cartWithOneTire(page);
  await page.getByRole('radio', { name: 'Hosted checkout (hostedpay)' }).check();
  await snap(page, 'checkout-hosted-choice');
  await page.getByRole('button', { name: 'Continue to hostedpay' }).click();
  const hosted = page.getByRole('dialog');
  await expect(hosted).toContainText('hostedpay');
  await hosted.getByLabel('Card number').fill('4000 0000 0000 0002');
  await hosted.getByLabel('CVC').fill('123');
  await hosted.getByRole('button', { name: /^Pay \$/ }).click();
  // The provider's refusal is shown on its page and nothing is placed.
  await expect(hosted.getByRole('alert')).toContainText('declined');
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await snap(page, 'checkout-hosted-declined');
  await hosted.getByLabel('Card number').fill('4242 4242 4242 4242');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/cart/hostedpay/transaction'),
  );
  await hosted.getByRole('button', { name: /^Pay \$/ }).click();
  // The hosted page hands hostedpay the card provider's token, never the number.
  const body = (await sent).postDataJSON();
  expect(body.cardToken).toMatch(/^tok_/);
  expect(body).not.toHaveProperty('card');
  const history = await placedOrderInHistory(page, 'Hosted checkout (hostedpay) · paid');
  await snap(page, 'checkout-hosted-placed');
  await history();
  await snap(page, 'checkout-hosted-history');
});

const wide = { width: 1366, height: 900 };

/** Places the cart with crypto and opens the order's page from the confirmation. */
async function placeCryptoOrder(page: Page) {
  await page.getByRole('radio', { name: 'Crypto (coinpay)' }).check();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'BTC' }).click();
  await page.getByRole('button', { name: 'Pay with crypto' }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('coinpay:');
  await expect(sheet).toContainText('BTC');
  return sheet;
}

test('a crypto order stays pending until the chain confirms it, then shows paid without a reload', async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'clerk');
  await cartWithOneTire(page);
  await snap(page, 'checkout-payment-form-1366');
  const sheet = await placeCryptoOrder(page);
  await snap(page, 'checkout-crypto-sheet');
  await sheet.getByRole('button', { name: 'Place order' }).click();
  await placedOrderInHistory(page, 'Crypto (coinpay) · pending');
  await expect(page.getByText('Waiting for your payment')).toBeVisible();
  await snap(page, 'checkout-crypto-placed');
  await page.getByRole('link', { name: 'Follow the payment on the order page' }).click();
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for the chain to confirm' });
  await expect(waiting).toBeVisible();
  await expect(page.getByText('Crypto (coinpay) · pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sandbox: confirm on chain' })).toBeVisible();
  await snap(page, 'order-crypto-pending-1366');

  // Nothing the buyer can call marks it paid: reading the order's charge changes nothing.
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const checked = await page.request.post(`/api/v1/order/${orderId}/coinpay/checkout`, { data: {} });
  expect(checked.status()).toBe(200);
  expect((await checked.json()).paymentStatus).toBe('pending');
  await expect(page.getByText('Crypto (coinpay) · pending')).toBeVisible();

  // The chain confirms (outside this page): the provider's signed webhook marks the order paid,
  // and the page, which polls, shows it without being reloaded.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const order = await (await page.request.get(`/api/order/${orderId}`)).json();
  const charge = order.payments.find((p: { provider: string }) => p.provider === 'coinpay');
  const confirmed = await page.request.post(`/api/sandbox/coinpay/confirm/${charge.reference}`, { data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect(await confirmed.json()).toEqual({ received: true, applied: true });
  await expect(page.getByText('Crypto (coinpay) · paid')).toBeVisible({ timeout: 10_000 });
  await expect(waiting).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await snap(page, 'order-crypto-paid');
});

test('a buyer finances the cart through finpay: a declined application places nothing, an approved one pays', async ({
  page,
}) => {
  await signIn(page, 'clerk');
  await cartWithOneTire(page);
  await page.getByRole('radio', { name: 'Financing (finpay)' }).check();
  await page.getByRole('button', { name: 'Apply with finpay' }).click();
  const application = page.getByRole('dialog');
  await expect(application).toContainText('finpay');
  await application.getByRole('checkbox', { name: 'Sandbox: have finpay decline this application' }).check();
  await application.getByRole('button', { name: 'Apply and place order' }).click();
  await expect(application.getByRole('alert')).toContainText('finpay declined the application');
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await snap(page, 'checkout-finpay-declined');
  await application
    .getByRole('checkbox', { name: 'Sandbox: have finpay decline this application' })
    .uncheck();
  const bound = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/cart/finpay/token'),
  );
  const checkout = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
  );
  await application.getByRole('button', { name: 'Apply and place order' }).click();
  const token = (await bound).postDataJSON().token as string;
  expect(token).toMatch(/^fin_/);
  expect((await checkout).postDataJSON()).toMatchObject({ paymentMethod: 'finpay', token });
  const history = await placedOrderInHistory(page, 'Financing (finpay) · paid');
  await snap(page, 'checkout-finpay-placed');
  await history();
});

test('the payment choices and a pending crypto order fit a phone screen; the sandbox button confirms', async ({
  page,
}) => {
  await page.setViewportSize(narrow);
  await signIn(page, 'clerk');
  await cartWithOneTire(page);
  await snap(page, 'checkout-payment-form-390');
  const sheet = await placeCryptoOrder(page);
  await sheet.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('link', { name: 'Follow the payment on the order page' }).click();
  await expect(page.getByText('Waiting for the chain to confirm')).toBeVisible();
  await snap(page, 'order-crypto-pending-390');
  await page.getByRole('button', { name: 'Sandbox: confirm on chain' }).click();
  await expect(page.getByText('Crypto (coinpay) · paid')).toBeVisible();
  await expect(page.getByText('Waiting for the chain to confirm')).toHaveCount(0);
  await cartWithOneTire(page);
  await page.getByRole('radio', { name: 'Crypto (coinpay)' }).check();
  await snap(page, 'checkout-narrow');
  await page.getByRole('radio', { name: 'Hosted checkout (hostedpay)' }).check();
  await page.getByRole('button', { name: 'Continue to hostedpay' }).click();
  await expect(page.getByRole('dialog').getByLabel('Card number')).toBeVisible();
  await snap(page, 'checkout-hosted-narrow');
  await page.getByRole('button', { name: 'Back to the shop' }).click();
  await emptyCart(page);
});
