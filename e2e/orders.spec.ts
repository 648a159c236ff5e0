import { expect, type Page, test } from '@playwright/test';
import { signIn, snap } from './helpers';

async function addFirstResultToCart(page: Page) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByPlaceholder('Tire Search...MPN, Size, Make, Model').fill('michelin 225/65r17');
  await page.getByRole('button', { name: 'Submit' }).click();
  const card = page.getByTestId('result-card').first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
}

test('a buyer searches, adds to cart, checks out with a test card and sees the order', async ({ page }) => {
  await signIn(page, 'clerk');
  await expect(page.getByTestId('cart-count')).not.toContainText(/[1-9]/);
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
  await payWith(page, '4242 4242 4242 4242');
  const placed = page.getByRole('status').filter({ hasText: 'Thank you: order TR-' });
  await expect(placed).toBeVisible();
  await expect(page.getByTestId('cart-count')).not.toContainText(/[1-9]/);
  await snap(page, 'orders-placed');
  const number = (await placed.textContent())?.match(/TR-\d+/)?.[0] ?? '';
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expect(page.getByRole('table', { name: 'Orders' })).toContainText(number);
  await snap(page, 'orders-history');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await snap(page, 'orders-detail');
});

test('a declined card shows why and keeps the cart', async ({ page }) => {
  await signIn(page, 'buyer');
  await addFirstResultToCart(page);
  await page.goto('/checkout');
  await payWith(page, '4000000000000002');
  await expect(page.getByRole('alert')).toContainText('Your card was declined');
  await expect(page.getByRole('table', { name: 'Cart items' })).toContainText('Michelin');
  await expect(page.getByTestId('cart-count')).toContainText('1');
  await snap(page, 'orders-declined');
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
