import { expect, type Page, request, test } from './fixtures';
import { DEMO_PASSWORD, signIn, signOut, snap } from './helpers';

type Found = { makeId: number; modelId: number; productId: number };

/** Sales places an order for the buyer's company through the API, as the console would. */
async function salesOrder(baseURL: string | undefined, companyId: number, locationId: number, item: Found) {
  const sales = await request.newContext({ baseURL });
  expect(
    (await sales.post('/api/v1/login', { data: { username: 'sales', password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  const created = await sales.post('/api/v1/order', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      companyId,
      locationId,
      poNumber: 'PHONE-ORDER',
      items: [
        {
          orderItemMakeId: item.makeId,
          orderItemModelId: item.modelId,
          orderItemProductId: item.productId,
          orderItemQuantity: 1,
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { orderId: number; number: string; paymentStatus: string };
  expect(order.paymentStatus).toBe('unpaid');
  await sales.dispose();
  return order;
}

async function openStaffOrder(page: Page, orderId: number, number: string) {
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Order ${number}`) })).toBeVisible();
}

test('a staff-made order is paid by finance with the card the customer saved; sales cannot take money', async ({
  page,
  baseURL,
}) => {
  // The customer's company admin saves a card on the account page: the card goes to the card
  // provider, the shop keeps its token's card.
  await signIn(page, 'buyer');
  const session = await (await page.request.get('/api/session')).json();
  const found = await (
    await page.request.post('/api/search/items', { data: { query: 'michelin 225/65r17', pageSize: 1 } })
  ).json();
  const item = found.data.list[0] as Found;
  await page.goto('/account');
  const add = page.getByRole('form', { name: 'Add a card' });
  await add.getByLabel('Card number').fill('4242 4242 4242 4242');
  await add.getByLabel('CVC').fill('123');
  await add.getByRole('checkbox', { name: 'Make it the default card' }).check();
  const saved = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/customer/${session.user.companyId}`),
  );
  await add.getByRole('button', { name: 'Save card' }).click();
  const body = (await saved).postDataJSON();
  expect(body).toMatchObject({ makeDefault: true });
  expect(body.cardToken).toMatch(/^tok_/);
  expect(body).not.toHaveProperty('card');
  const cards = page.getByRole('table', { name: 'Saved cards' });
  await expect(cards).toContainText('visa •••• 4242');
  await expect(cards).toContainText('default');
  await snap(page, 'account-saved-cards');
  await signOut(page);

  const order = await salesOrder(baseURL, session.user.companyId, session.location.locationId, item);
  try {
    // Sales made the order but takes no money.
    await signIn(page, 'sales');
    await openStaffOrder(page, order.orderId, order.number);
    await expect(page.getByText("Finance takes the payments of customers' orders.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Charge card' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Record payment received' })).toHaveCount(0);
    await signOut(page);

    await signIn(page, 'finance');
    await openStaffOrder(page, order.orderId, order.number);
    await expect(page.getByText('Payment: Not chosen · unpaid')).toBeVisible();
    await page.getByRole('combobox', { name: 'Saved card of the customer' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /visa •••• 4242/ })
      .click();
    await snap(page, 'admin-order-take-payment');
    const charged = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/v1/order/${order.orderId}/cardpay/transaction`),
    );
    await page.getByRole('button', { name: 'Charge card' }).click();
    const charge = await charged;
    expect(charge.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(charge.postDataJSON())).toEqual(['sourceId']);
    await expect(page.getByText('Payment: Card · paid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Charge card' })).toHaveCount(0);
    await snap(page, 'admin-order-paid-by-finance');
    // The buyer sees the order paid.
    await signOut(page);
    await signIn(page, 'buyer');
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByText('Payment: Card · paid')).toBeVisible();
  } finally {
    const sources = (await (await page.request.get(`/api/customer/${session.user.companyId}`)).json())
      .sources as { sourceId: number }[];
    for (const s of sources)
      await page.request.delete(`/api/customer/${session.user.companyId}/${s.sourceId}`);
  }
});

test('finance settles an unpaid order on account, then records the money received', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'buyer');
  const session = await (await page.request.get('/api/session')).json();
  const found = await (
    await page.request.post('/api/search/items', { data: { query: 'michelin 225/65r17', pageSize: 1 } })
  ).json();
  await signOut(page);
  const order = await salesOrder(
    baseURL,
    session.user.companyId,
    session.location.locationId,
    found.data.list[0] as Found,
  );
  await signIn(page, 'finance');
  await openStaffOrder(page, order.orderId, order.number);
  const settled = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/v1/order/${order.orderId}/checkout`),
  );
  await page.getByRole('button', { name: 'Settle on account' }).click();
  expect((await settled).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment: On account · on account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settle on account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Record payment received' }).click();
  await expect(page.getByText(/Payment: On account · paid/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record payment received' })).toHaveCount(0);
});

test('a buyer pays a staff-made order by card from the order page; a decline then a new token pays', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'clerk');
  const session = await (await page.request.get('/api/session')).json();
  const found = await (
    await page.request.post('/api/search/items', { data: { query: 'michelin 225/65r17', pageSize: 1 } })
  ).json();
  const order = await salesOrder(
    baseURL,
    session.user.companyId,
    session.location.locationId,
    found.data.list[0] as Found,
  );
  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByText('This order waits for payment')).toBeVisible();
  await page.getByRole('button', { name: 'Pay this order' }).click();
  const dialog = page.getByRole('dialog');
  const pay = async (number: string) => {
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('CVC').fill('123');
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/v1/order/${order.orderId}/cardpay/transaction`),
    );
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    const req = await sent;
    const body = req.postDataJSON();
    expect(body.cardToken).toMatch(/^tok_/);
    expect(body).not.toHaveProperty('card');
    return { token: body.cardToken as string, key: req.headers()['idempotency-key'] };
  };
  const declined = await pay('4000 0000 0000 0002');
  await expect(dialog.getByRole('alert')).toContainText('declined');
  await snap(page, 'order-pay-declined');
  const paid = await pay('4242 4242 4242 4242');
  expect(paid.token).not.toBe(declined.token);
  expect(paid.key).not.toBe(declined.key);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Payment: Card · paid')).toBeVisible();
  await expect(page.getByText('This order waits for payment')).toHaveCount(0);
});
