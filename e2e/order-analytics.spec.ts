import { expect, test } from './fixtures';
import { signIn, snap } from './helpers';

test('staff see sales as the tires after discounts and, beside them, the tax and fees the orders collected', async ({
  page,
}) => {
  for (const [width, height, name] of [
    [1366, 900, 'orders-analytics-collected-1366'],
    [390, 844, 'orders-analytics-collected-390'],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (width === 1366) await signIn(page, 'admin');
    await page.goto('/admin/orders/analytics');
    const table = page.getByRole('table', { name: 'Sales and collected amounts' });
    await expect(table).toBeVisible();
    for (const label of [
      'Sales (tires after discounts)',
      'Federal excise tax',
      'State tire fees',
      'Sales tax',
    ])
      await expect(table).toContainText(label);
    await expect(table).toContainText('Order totals');
    await snap(page, name);
  }
});
