import { expect, type Page, test } from './fixtures';
import { signIn, signOut, snap } from './helpers';

const stamp = Date.now().toString(36);
const narrow = { width: 390, height: 844 };

/** An order of the demo clerk, placed through the API, so that the console has one to open. */
async function placeOrder(page: Page) {
  await signIn(page, 'clerk');
  const found = (await (
    await page.request.post('/api/search/items', { data: { query: 'michelin 225/65r17', pageSize: 1 } })
  ).json()) as { data: { list: { makeId: number; modelId: number; productId: number }[] } };
  const item = found.data.list[0];
  expect(item).toBeTruthy();
  const cart = await page.request.post('/api/cart', {
    data: {
      orderItemMakeId: item.makeId,
      orderItemModelId: item.modelId,
      orderItemProductId: item.productId,
      orderItemQuantity: 1,
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  // As the card form does: the card goes to the provider, the checkout gets its single-use token.
  const token = await page.request.post('/api/v1/vendor/cardpay/token', {
    data: { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
  });
  expect(token.status(), await token.text()).toBe(201);
  const order = await page.request.post('/api/cart/checkout', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { paymentMethod: 'card', cardToken: (await token.json()).token },
  });
  expect(order.status(), await order.text()).toBe(201);
  await signOut(page);
  return ((await order.json()) as { number: string }).number;
}

test('an admin opens an order from /admin/orders inside the console frame', async ({ page }) => {
  const number = await placeOrder(page);
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back office' }).click();
  const consoleNav = page.getByRole('navigation', { name: 'Back office' });
  await consoleNav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(consoleNav.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Order ${number}`) })).toBeVisible();
  // Still inside the frame, with Orders highlighted.
  await expect(consoleNav.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(consoleNav.getByRole('link', { name: 'Companies' })).not.toHaveAttribute('aria-current');
  const badge = page.getByText('placed', { exact: true }).first();
  await expect(badge).toBeVisible();
  // The status badge shows its whole word (it used to be clipped to "PEN…").
  const clipped = await page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
  expect(clipped).toEqual([]);
  await snap(page, 'console-order-detail');
  await consoleNav.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByText('Sales by day ($)')).toBeVisible();
  await expect(consoleNav.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await snap(page, 'console-order-analytics');

  // On a phone the console navigation folds behind a button naming the area.
  await page.setViewportSize(narrow);
  await page.goto('/admin/orders');
  await expect(page.getByRole('button', { name: 'Back office: Orders' })).toBeVisible();
  await snap(page, 'console-orders-narrow');
  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: number }).click();
  await expect(page.getByRole('table', { name: 'Supplier lines' })).toBeVisible();
  const clippedNarrow = await page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
  expect(clippedNarrow).toEqual([]);
  await snap(page, 'console-order-detail-narrow');
  await page.getByRole('button', { name: 'Back office: Orders' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await snap(page, 'console-nav-narrow');
});

test("an admin picks a location's supplier company by typing", async ({ page }) => {
  await signIn(page, 'admin');
  const made = async (path: string, data: object) => {
    const res = await page.request.post(path, { data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  // A customer with a location, and a supplier among many: the picker must find it by name.
  const customer = await made('/api/v1/mts/company', { name: `Picker Fleet ${stamp}` });
  const groups = (await (await page.request.get('/api/v1/pricing/group')).json()) as {
    data: { list: { id: number }[] };
  };
  await made('/api/v1/mts/location', {
    companyId: customer.id,
    locationName: `Picker Yard ${stamp}`,
    locationZip: '73301',
    locationGroupPricing: groups.data.list[0].id,
  });
  const supplierName = `Zephyr Tire Supply ${stamp}`;
  await made('/api/v1/supplier/company', { name: supplierName });

  await page.goto('/admin/locations');
  await page.getByRole('textbox', { name: 'Search' }).fill(`Picker Yard ${stamp}`);
  await page
    .getByRole('table', { name: 'Locations' })
    .getByRole('row', { name: new RegExp(stamp) })
    .click();
  const drawer = page.getByRole('dialog');
  const picker = drawer.getByRole('combobox', { name: 'Supplier company' });
  await picker.click();
  await picker.pressSequentially('zephyr', { delay: 40 });
  const option = page.getByRole('listbox').getByRole('option', { name: supplierName });
  await expect(option).toBeVisible();
  await snap(page, 'console-location-supplier-picker');
  await option.click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('table', { name: 'Locations' }).getByRole('row', { name: new RegExp(stamp) });
  await expect(row).not.toContainText('—');
  // Opened again, the picker names the supplier instead of showing a number.
  await row.click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Supplier company' })).toHaveValue(
    supplierName,
  );
  await snap(page, 'console-location-supplier-saved');
  // A search that finds nothing says so.
  const again = page.getByRole('dialog').getByRole('combobox', { name: 'Supplier company' });
  await again.fill('no-such-supplier-anywhere');
  await expect(page.getByText('No supplier companies match “no-such-supplier-anywhere”')).toBeVisible();
});

test('a supplier moves between order lines and inventory in one supplier area', async ({ page }) => {
  await signIn(page, 'supplier');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Supplier' }).click();
  const tabs = page.getByRole('tablist', { name: 'Supplier area' });
  await expect(tabs.getByRole('tab', { name: 'Order lines' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Supplier orders' })).toBeVisible();
  await snap(page, 'supplier-area-lines');
  await tabs.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/supplier\/inventory$/);
  await expect(page.getByRole('heading', { name: 'Inventory feeds' })).toBeVisible();
  await snap(page, 'supplier-area-inventory');
  await page.goto('/supplier/inventory');
  await expect(tabs.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Order lines' }).click();
  await expect(page).toHaveURL(/\/supplier$/);
  await page.setViewportSize(narrow);
  await expect(page.getByRole('heading', { name: 'Supplier orders' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'supplier-area-lines-narrow');
  await tabs.getByRole('tab', { name: 'Inventory' }).click();
  await snap(page, 'supplier-area-inventory-narrow');
});
