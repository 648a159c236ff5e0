import { expect, type Page, test } from './fixtures';
import { signIn, snap } from './helpers';

async function addFirstResultToCart(page: Page) {
  // Stay in the loaded app when it is already home: its caches are part of what a test checks.
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByPlaceholder('Tire Search...MPN, Size, Make, Model').fill('michelin 225/65r17');
  await page.getByRole('button', { name: 'Submit' }).click();
  const card = page.getByTestId('result-card').first();
  await expect(card).toBeVisible();
  // One tire, not four: the specs share the demo stock of this tire with the search spec.
  await card.getByRole('textbox', { name: /^Quantity of/ }).fill('1');
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
  // The results page has no Mantine: the toast's container comes with the first toast.
  await expect(page.getByText(/^Added 1 × /)).toBeVisible();
}

/**
 * Pays with a card through the tokenized form: answers the card provider's token request and the
 * checkout request the page sent, for the test to look into.
 */
async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('CVC').fill('123');
  const tokenized = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/vendor/cardpay/token'),
  );
  const checkout = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  return { tokenRequest: await tokenized, checkoutRequest: await checkout };
}

/** The checkout carries the provider's token and an Idempotency-Key, never the card number. */
async function expectTokenizedCheckout(sent: Awaited<ReturnType<typeof payWith>>, number: string) {
  const tokenAnswer = await (await sent.tokenRequest.response())?.json();
  expect(tokenAnswer.token).toMatch(/^tok_/);
  expect(tokenAnswer.last4).toBe(number.slice(-4));
  const body = sent.checkoutRequest.postDataJSON();
  expect(body).toMatchObject({ paymentMethod: 'card', cardToken: tokenAnswer.token });
  expect(body).not.toHaveProperty('card');
  expect(sent.checkoutRequest.postData()).not.toContain(number.slice(0, 12));
  expect(sent.checkoutRequest.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  return { token: tokenAnswer.token as string, key: sent.checkoutRequest.headers()['idempotency-key'] };
}

test('a buyer searches, adds to cart, checks out with a test card and sees the order', async ({ page }) => {
  await signIn(page, 'clerk');
  await expect(page.getByTestId('cart-count')).not.toContainText(/[1-9]/);
  // The order history is loaded (and cached) before the checkout, in the same page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await addFirstResultToCart(page);
  await snap(page, 'orders-added-to-cart');
  await page.getByRole('link', { name: /Basket/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('table', { name: 'Cart items' })).toContainText('Michelin');
  const hazard = page.getByRole('switch', { name: /Road hazard/ }).first();
  await hazard.click();
  await expect(hazard).toBeChecked();
  await expect(page.getByRole('table', { name: 'Totals' })).toContainText('Road hazard');
  await snap(page, 'orders-checkout');
  await expectTokenizedCheckout(await payWith(page, '4242 4242 4242 4242'), '4242424242424242');
  const placed = page.getByRole('status').filter({ hasText: 'Thank you: order TR-' });
  await expect(placed).toBeVisible();
  await expect(page.getByTestId('cart-count')).not.toContainText(/[1-9]/);
  await snap(page, 'orders-placed');
  const number = (await placed.textContent())?.match(/TR-\d+/)?.[0] ?? '';
  await page.getByRole('link', { name: 'See your orders' }).click();
  // The list was cached before the checkout; the checkout invalidated it, so the new order is there.
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(number);
  await snap(page, 'orders-history');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await snap(page, 'orders-detail');
  // On a phone the items are a list of lines, with quantity and total in view (no sideways scroll).
  await page.setViewportSize({ width: 360, height: 740 });
  const line = page.getByRole('list', { name: 'Order items' }).getByRole('listitem').first();
  await expect(line).toContainText('Michelin');
  await expect(line).toContainText(/1 × \$/);
  const box = (await line.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await snap(page, 'orders-detail-phone');
  // And the history is a list of cards, the new order among them.
  await page.goto('/orders');
  const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: number });
  await expect(card).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(360);
  await snap(page, 'orders-history-phone');
});

test('a declined card shows why and keeps the cart; the next attempt tokenizes again and pays', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await addFirstResultToCart(page);
  await page.goto('/checkout');
  const declined = await expectTokenizedCheckout(await payWith(page, '4000000000000002'), '4000000000000002');
  await expect(page.getByRole('alert')).toContainText('Your card was declined');
  await expect(page.getByRole('table', { name: 'Cart items' })).toContainText('Michelin');
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await snap(page, 'orders-declined');
  // A token pays once: the new attempt has a new token and a new Idempotency-Key.
  await page.getByLabel('Card number').fill('');
  const paid = await expectTokenizedCheckout(await payWith(page, '4242424242424242'), '4242424242424242');
  expect(paid.token).not.toBe(declined.token);
  expect(paid.key).not.toBe(declined.key);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you: order TR-' })).toBeVisible();
});

test('staff find the order in the back-office, send it to suppliers and see the analytics', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toContainText('TR-');
  await snap(page, 'orders-admin-list');
  await table.getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Supplier lines' })).toBeVisible();
  await page.getByRole('button', { name: 'Send to suppliers' }).click();
  await expect(page.getByRole('table', { name: 'Supplier lines' })).toContainText('sent');
  await snap(page, 'orders-admin-detail');
  await page.goto('/admin/orders/analytics');
  await expect(page.getByText('Sales by day ($)')).toBeVisible();
  await snap(page, 'orders-admin-analytics');
});
