import { expect, type Page, test } from './fixtures';
import { emptyCart, signIn, snap } from './helpers';

// A company admin requires a PO number on /account; checkout then asks for it before placing,
// and the order shows the number given. The rule is switched off again at the end, as the other
// specs of this server check out as the same company without one.

async function emptyCartWithOneTire(page: Page) {
  await emptyCart(page);
  const found = await page.request.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } });
  const list = (await found.json()).data.list as { skuCode: string; makeId: number; available: number }[];
  const tire = list.find((i) => i.available >= 8);
  if (!tire) throw new Error('no 225/45R17 in stock');
  await page.goto(`/shop/product/${encodeURIComponent(tire.skuCode)}?make=${tire.makeId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toContainText('1');
}

for (const width of [1366, 390]) {
  test(`at ${width} px a company admin requires a PO number and checkout asks for it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'buyer');
    try {
      await page.goto('/account');
      const rule = page.getByRole('switch', { name: 'Require a PO number on every order' });
      await expect(rule).not.toBeChecked();
      await rule.click();
      await expect(page.getByText('Checkout now requires a PO number')).toBeVisible();
      await expect(rule).toBeChecked();
      await snap(page, `buying-rules-account-${width}`);

      await emptyCartWithOneTire(page);
      await page.goto('/checkout');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByText('Your company requires a PO number on every order')).toBeVisible();
      await snap(page, `buying-rules-checkout-${width}`);

      await page.getByLabel('PO number').fill(`PO-${width}`);
      const placed = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
      );
      await page.getByRole('button', { name: 'Place order' }).click();
      const order = await (await placed).json();
      expect(order.poNumber).toBe(`PO-${width}`);
      await page.goto(`/orders/${order.orderId}`);
      await expect(page.getByText(`PO: PO-${width}`)).toBeVisible();
    } finally {
      await page.request.put('/api/v1/approval/settings', { data: { poRequired: false } });
    }
  });
}
