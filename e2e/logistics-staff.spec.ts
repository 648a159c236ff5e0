import { type APIRequestContext, expect, type Page, request, test } from './fixtures';
import { DEMO_PASSWORD, signIn, signOut, snap } from './helpers';

// Checkout's "Did you mean this address?" (the shop's one address rule), and the console's
// installer orders: support undoes a mistaken mount and the installer sees it. Desktop and phone.

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

async function as(baseURL: string | undefined, username: string) {
  const ctx = await request.newContext({ baseURL });
  expect((await ctx.post('/api/v1/login', { data: { username, password: DEMO_PASSWORD } })).ok()).toBe(true);
  return ctx;
}

async function addTires(buyer: APIRequestContext, pick: number, quantity: number) {
  const item = (
    await (await buyer.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } })).json()
  ).data.list[pick];
  const added = await buyer.post('/api/cart', {
    data: {
      orderItemMakeId: item.makeId,
      orderItemModelId: item.modelId,
      orderItemProductId: item.productId,
      orderItemQuantity: quantity,
    },
  });
  expect(added.ok()).toBe(true);
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('checkout to another address: an invalid ZIP is marked, a wrong city is corrected and taken', async ({
  page,
  baseURL,
}) => {
  const buyer = await as(baseURL, 'buyer');
  await addTires(buyer, 1, 2);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Another address' }).check();
  await page.getByLabel('Name').fill('Fleet Dock 4');
  await page.getByLabel('Street').fill('1500 marilla street');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP').fill('00000');
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The ZIP code is not a US ZIP code' }),
  ).toBeVisible();
  await expect(page.getByTestId('address-suggestion')).toHaveCount(0);
  await snap(page, 'address-invalid-desktop');

  // A city misspelt for its ZIP: the rule suggests the ZIP's city, with the street written its way.
  await page.getByLabel('City').fill('Dalas');
  await page.getByLabel('ZIP').fill('75201');
  await page.getByRole('button', { name: 'Use this address' }).click();
  const suggestion = page.getByTestId('address-suggestion');
  await expect(suggestion).toContainText('Did you mean this address?');
  await expect(suggestion).toContainText('1500 Marilla St, Dallas, TX 75201');
  await snap(page, 'address-suggestion-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await suggestion.scrollIntoViewIfNeeded();
  await snap(page, 'address-suggestion-phone');
  expect(await noSideScroll(page)).toBe(true);
  await page.setViewportSize({ width: 1366, height: 900 });
  await suggestion.getByRole('button', { name: 'Use this address' }).click();
  await expect(suggestion).toHaveCount(0);
  await expect(page.getByText('Delivery ZIP: 75201')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Dallas');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'Thank you: order TR-' });
  await expect(placed).toBeVisible();
  const number = (await placed.textContent())?.match(/TR-\d+/)?.[0];

  // The order goes to the corrected address.
  const mine = (await (await buyer.get('/api/orders?pageSize=20')).json()).data.list as {
    orderId: number;
    number: string;
  }[];
  const order = mine.find((o) => o.number === number);
  expect(order).toBeTruthy();
  const detail = await (await buyer.get(`/api/order/${order?.orderId}`)).json();
  expect(detail.delivery).toMatchObject({
    kind: 'address',
    zip: '75201',
    address: { name: 'Fleet Dock 4', address1: '1500 Marilla St', city: 'Dallas', state: 'TX', zip: '75201' },
  });
});

test('support undoes a mistaken mount in the console, and the installer sees the order received again', async ({
  page,
  baseURL,
}) => {
  // An order delivered to the demo bay, received and mounted by the installer.
  const buyer = await as(baseURL, 'buyer');
  await addTires(buyer, 3, 4);
  const bays = (await (await buyer.get('/api/installer/locations?zip=85004')).json()).list as {
    locationId: number;
    companyName: string;
  }[];
  const bay = bays.find((b) => b.companyName === 'Demo Install Co');
  expect(bay).toBeTruthy();
  expect(
    (
      await buyer.put('/api/cart/shipping', {
        data: { kind: 'installer', installerLocationId: bay?.locationId },
      })
    ).ok(),
  ).toBe(true);
  const placed = await buyer.post('/api/cart/checkout', { data: { paymentMethod: 'card', card } });
  expect(placed.status()).toBe(201);
  const { orderId, number } = await placed.json();
  const installer = await as(baseURL, 'installer');
  for (const change of [{ status: 'received' }, { status: 'mounted', labourCents: 9_000 }]) {
    const res = await installer.put('/api/installer/order', { data: { orderId, ...change } });
    expect(res.status(), await res.text()).toBe(200);
  }
  // Sales reads the console's page but may not correct: the API says 403.
  const sales = await as(baseURL, 'sales');
  expect(
    (await sales.put('/api/v1/mts/installer/order', { data: { orderId, status: 'received' } })).status(),
  ).toBe(403);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'support');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Installer orders' })
    .click();
  await expect(page).toHaveURL(/\/admin\/installer-orders$/);
  const list = page.getByRole('region', { name: 'Installer orders' });
  await expect(list.getByRole('button', { name: /Order TR-/ }).first()).toBeVisible();
  await list.getByLabel('Search').fill(number);
  const row = list.getByRole('button', { name: new RegExp(`Order ${number}`) });
  await expect(row).toBeVisible();
  await expect(list.getByRole('button', { name: /Order TR-/ })).toHaveCount(1);
  await expect(row).toContainText('Install Bay Phoenix');
  await snap(page, 'installer-console-list-desktop');

  await row.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: `Order ${number}` });
  await expect(detail.getByRole('heading', { name: `Order ${number}` })).toBeFocused();
  await expect(detail.getByText('mounted', { exact: true })).toBeVisible();
  await expect(detail).toContainText('Mounting labour for the bill run: $90.00');
  await detail.getByLabel('Correction note').fill('Mounted on the wrong truck');
  await snap(page, 'installer-console-mounted-desktop');
  await detail.getByRole('button', { name: 'Undo mount (back to received)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo mount (back to received)' }).click();
  await expect(detail.getByText('received', { exact: true })).toBeVisible();
  await expect(detail.getByRole('list', { name: 'History' })).toContainText(
    'received by Sue Support · Mounted on the wrong truck',
  );
  await expect(detail.getByRole('button', { name: 'Mark mounted' })).toBeVisible();
  await snap(page, 'installer-console-corrected-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'installer-console-corrected-phone');
  expect(await noSideScroll(page)).toBe(true);
  await signOut(page);

  // Sales sees the same order read-only: no buttons.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'sales');
  await page.goto(`/admin/installer-orders?order=${orderId}`);
  const readOnly = page.getByRole('region', { name: `Order ${number}` });
  await expect(readOnly.getByText('received', { exact: true })).toBeVisible();
  await expect(page.getByText('Read only: support and admin correct installer orders.')).toBeVisible();
  await expect(readOnly.getByRole('button')).toHaveCount(0);
  await snap(page, 'installer-console-readonly-desktop');
  await signOut(page);

  // The installer finds the order received again, to be mounted anew.
  await signIn(page, 'installer');
  await page.goto(`/installer?order=${orderId}`);
  const theirs = page.getByRole('region', { name: `Order ${number}` });
  await expect(theirs.getByText('received', { exact: true })).toBeVisible();
  await expect(theirs.getByRole('list', { name: 'History' })).toContainText('Mounted on the wrong truck');
  await expect(theirs.getByRole('button', { name: 'Mark mounted' })).toBeVisible();
  await snap(page, 'installer-console-installer-sees-desktop');
});

test('the console offers "Send to suppliers" only while lines wait to be sent', async ({ page, baseURL }) => {
  const buyer = await as(baseURL, 'buyer');
  await addTires(buyer, 4, 2);
  const placed = await buyer.post('/api/cart/checkout', { data: { paymentMethod: 'card', card } });
  expect(placed.status()).toBe(201);
  const { orderId } = await placed.json();

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin');
  await page.goto(`/admin/orders/${orderId}`);
  const send = page.getByRole('button', { name: /^Send to suppliers \(\d+ lines?\)$/ });
  await expect(send).toBeVisible();
  await snap(page, 'console-order-to-send-desktop');
  await send.click();
  await expect(page.getByRole('table', { name: 'Supplier lines' })).toContainText('sent');
  await expect(page.getByRole('button', { name: /Send to suppliers/ })).toHaveCount(0);
  await snap(page, 'console-order-sent-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'console-order-sent-phone');
  expect(await noSideScroll(page)).toBe(true);

  // Sending again is a clear 409 that changes nothing.
  const again = await page.request.post(`/api/v1/order/${orderId}/submit`, { data: {} });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ reason: 'nothing_to_send' });
});
