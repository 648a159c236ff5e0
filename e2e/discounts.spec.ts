import { expect, request, test } from '@playwright/test';
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
