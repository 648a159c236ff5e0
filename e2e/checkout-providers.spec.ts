import { expect, type Page, test } from '@playwright/test';
import { signIn, snap } from './helpers';

const narrow = { width: 390, height: 844 };

/** Another spec may have left items in the demo clerk's cart: start from an empty one. */
async function emptyCart(page: Page) {
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    orderItems: { orderItemId: number }[];
  };
  if (cart.orderItems.length === 0) return;
  const res = await page.request.put('/api/cart', {
    data: { orderItems: cart.orderItems.map((i) => ({ orderItemId: i.orderItemId, orderItemQuantity: 0 })) },
  });
  expect(res.status()).toBe(200);
}

async function cartWithOneTire(page: Page) {
  await emptyCart(page);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByPlaceholder('Tire Search...MPN, Size, Make, Model').fill('michelin 225/65r17');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByTestId('result-card').first().getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await page.getByRole('link', { name: /Basket/ }).click();
  await expect(page.getByRole('table', { name: 'Cart items' })).toContainText('Michelin');
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
  await hosted.getByRole('button', { name: /^Pay \$/ }).click();
  const history = await placedOrderInHistory(page, 'Hosted checkout (hostedpay) · paid');
  await snap(page, 'checkout-hosted-placed');
  await history();
  await snap(page, 'checkout-hosted-history');
});

test('a buyer pays in crypto: the order waits for the network, then is paid', async ({ page }) => {
  await signIn(page, 'clerk');
  await cartWithOneTire(page);
  await page.getByRole('radio', { name: 'Crypto (coinpay)' }).check();
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'BTC' }).click();
  await page.getByRole('button', { name: 'Pay with crypto' }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('coinpay:');
  await expect(sheet).toContainText('BTC');
  await snap(page, 'checkout-crypto-sheet');
  await sheet.getByRole('button', { name: 'Place order' }).click();
  const history = await placedOrderInHistory(page, 'Crypto (coinpay) · pending');
  await expect(page.getByText('Waiting for your payment')).toBeVisible();
  await snap(page, 'checkout-crypto-placed');
  const { number, row } = await history();
  await snap(page, 'checkout-crypto-history');
  await row.getByRole('link', { name: number }).click();
  await page.getByRole('button', { name: 'Check payment' }).click();
  await expect(page.getByText('Crypto (coinpay) · paid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check payment' })).toHaveCount(0);
  await snap(page, 'checkout-crypto-paid');
});

test('the hosted and crypto choices fit a phone screen', async ({ page }) => {
  await page.setViewportSize(narrow);
  await signIn(page, 'clerk');
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
