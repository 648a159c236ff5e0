import { expect, request, test } from './fixtures';
import { DEMO_PASSWORD, signIn, snap } from './helpers';

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

// A discount made in the back office shows in the shop: the buyer's price, with the list price
// struck through. The discount names one product and the demo buyer's company, and is deleted
// at the end so that later specs see the demo prices.
test('a discount for the buyer company shows as a struck-through list price on the result card and the product view', async ({
  page,
  baseURL,
}) => {
  const admin = await request.newContext({ baseURL });
  expect(
    (await admin.post('/api/v1/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  const users = (await (await admin.get('/api/v1/user?q=buyer&pageSize=100')).json()).data.list;
  const companyId = users.find((u: { userName: string }) => u.userName === 'buyer').companyId;

  await signIn(page, 'buyer');
  const size = { width: 225, ratio: 45, rim: 17 };
  const found = await page.request.post('/api/search/items', { data: size });
  const item = (await found.json()).data.list[0];
  const created = await admin.post('/api/v1/discount', {
    data: {
      name: `e2e shop price ${Date.now()}`,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      productId: item.productId,
      companyId,
      basisPoints: 1000,
    },
  });
  expect(created.status()).toBe(201);
  const discountId = (await created.json()).data.id;
  try {
    await page.goto('/shop?width=225&ratio=45&rim=17');
    const card = page
      .getByTestId('result-card')
      .filter({ hasText: `MPN ${item.skuCode}` })
      .first();
    await expect(card.getByTestId('list-price')).toHaveText(usd(item.priceCents));
    const discounted = item.priceCents - Math.floor((item.priceCents * 1000 + 5000) / 10000);
    await expect(card.getByTestId('price')).toHaveText(usd(discounted));
    await expect(card.getByTestId('list-price')).toHaveCSS('text-decoration-line', 'line-through');
    await card.screenshot({ path: 'screenshots/search-result-discounted.png' });

    // The product view shows the same two prices.
    await page.goto(`/shop/product/${encodeURIComponent(item.skuCode)}?make=${item.skuMakeId}`);
    await expect(page.getByTestId('list-price')).toHaveText(usd(item.priceCents));
    await expect(page.getByTestId('price')).toHaveText(usd(discounted));
    await snap(page, 'product-discounted');
  } finally {
    expect((await admin.delete(`/api/v1/discount/${discountId}`)).ok()).toBe(true);
    await admin.dispose();
  }
});

// Sales makes a discount that takes a price under its floor: it waits, the console says why, and
// admin approves it from the drawer. Deleted at the end so that later specs see the demo prices.
test('a discount under the price floor waits in the console with its reasons until admin approves it', async ({
  page,
  baseURL,
}) => {
  const sales = await request.newContext({ baseURL });
  expect(
    (await sales.post('/api/v1/login', { data: { username: 'sales', password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  const found = await sales.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } });
  const item = (await found.json()).data.list[0];
  const name = `e2e under the floor ${Date.now()}`;
  const created = await sales.post('/api/v1/discount', {
    data: {
      name,
      // Starts tomorrow: even approved, no other spec's price moves.
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      productId: item.productId,
      basisPoints: 9000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discount = (await created.json()).data;
  expect(discount.approvalStatus).toBe('pending');
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'admin');
    await page.goto('/admin/discounts');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('waits: under the floor')).toBeVisible();
    await snap(page, 'discounts-pending-list-1366');
    await row.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Waits for admin or finance: not in force until approved')).toBeVisible();
    await expect(
      drawer.getByText(new RegExp(`^${item.skuCode} \\(\\w+\\) \\$[\\d,.]+ < floor \\$`)).first(),
    ).toBeVisible();
    // The reasons sit under the form: the drawer scrolls to them.
    await drawer.getByRole('button', { name: 'Approve below the floor' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/discounts-pending-approval-1366.png' });
    await drawer.getByRole('button', { name: 'Approve below the floor' }).click();
    await expect(row.getByText('approved under the floor')).toBeVisible();
    await snap(page, 'discounts-approved-1366');
  } finally {
    expect((await sales.delete(`/api/v1/discount/${discount.id}`)).ok()).toBe(true);
    await sales.dispose();
  }
});
