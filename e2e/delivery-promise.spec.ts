import { expect, type Page, test } from './fixtures';
import { emptyCart, signIn, snap } from './helpers';

// The delivery promise in the browser (docs/domain.md, "Delivery promise"): the supplier sets a
// warehouse's cut-off, time zone, handling days and holidays; the buyer sees "Arrives by" on the
// product page and at checkout, and the order keeps the day it was placed with. Each page is
// looked at at 1366 and 390 px.

const day = /Arrives by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}/;

async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await check();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `delivery-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the supplier sets when a warehouse ships; bad input is shown beside its field', async ({ page }) => {
  await signIn(page, 'supplier');
  await page.goto('/supplier/inventory');
  const form = page.getByRole('form', { name: 'Shipping days' });
  await expect(form).toBeVisible();
  await form.getByLabel('Time zone').fill('America/Chicago');
  await page.keyboard.press('Escape');
  await form.getByLabel('Cut-off').fill('25:00');
  await form.getByRole('button', { name: 'Save shipping days' }).click();
  await expect(form).toContainText('is not a time HH:MM');
  await form.getByLabel('Cut-off').fill('16:30');
  await form.getByLabel('Handling days').fill('1');
  await form.getByRole('button', { name: 'Add a holiday' }).click();
  await form.getByLabel('Holiday 1 day').fill('2026-12-25');
  await form.getByLabel('Holiday 1 name').fill('Christmas Day');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/v1\/supplier\/warehouse\/\d+\/delivery$/.test(r.url()),
  );
  await form.getByRole('button', { name: 'Save shipping days' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Shipping days saved')).toBeVisible();
  await expect(form.getByTestId('ships-today')).toContainText(/ships on \w{3}, /);
  await page.reload();
  await expect(form.getByLabel('Cut-off')).toHaveValue('16:30');
  await expect(form.getByLabel('Holiday 1 name')).toHaveValue('Christmas Day');
  await atBothWidths(page, 'supplier-form', async () => {
    await expect(form.getByTestId('ships-today')).toBeVisible();
  });
  // Back to no handling days, so that the other specs' promises stay as the demo has them.
  await form.getByLabel('Handling days').fill('0');
  await form.getByRole('button', { name: 'Save shipping days' }).click();
  await expect(page.getByText('Shipping days saved').first()).toBeVisible();
});

test('the buyer sees "arrives by" on the product page and at checkout, and the order keeps it', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const found = await page.request.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } });
  const list = (await found.json()).data.list as { skuCode: string; makeId: number; available: number }[];
  const tire = list.find((i) => i.available >= 8);
  if (!tire) throw new Error('no 225/45R17 in stock');
  // An empty cart delivered to the current location.
  await emptyCart(page);

  await page.goto(`/shop/product/${encodeURIComponent(tire.skuCode)}?make=${tire.makeId}`);
  await atBothWidths(page, 'product', async () => {
    await expect(page.getByTestId('arrives-by')).toContainText(day);
    await expect(page.getByTestId('arrives-by')).toContainText('(4 tires)');
  });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');

  await page.goto('/checkout');
  const dates = page.getByLabel('Delivery dates');
  await atBothWidths(page, 'checkout', async () => {
    await expect(dates.getByTestId('arrives-by').first()).toContainText(day);
  });

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVC').fill('123');
  const placed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const order = await (await placed).json();
  expect(order.arrivesBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.goto(`/orders/${order.orderId}`);
  await atBothWidths(page, 'order', async () => {
    await expect(page.getByTestId('arrives-by')).toContainText(day);
  });
});
