import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { apiAs, shipOrder, signIn, snap } from './helpers';

// A company admin gives a new buyer of Demo Fleet Services a limit per order on /account; the
// buyer's order over it waits for approval (checkout says so before and after), the admin
// approves it on /approvals and it ships; a second order is rejected with a comment and its
// tires go back on sale. The buyer is new to this run, so other specs' buyers keep no limit.

const PASSWORD = 'Approvals-e2e-2026';

/** A new buyer at Fleet HQ Austin, the demo clerk's location. */
async function newBuyer(baseURL: string | undefined, admin: APIRequestContext, width: number) {
  // The demo clerk's company and locations, from its own session.
  const clerkApi = await apiAs(baseURL, 'clerk');
  const session = await (await clerkApi.get('/api/session')).json();
  await clerkApi.dispose();
  const clerk = {
    companyId: session.user.companyId as number,
    locationIds: (session.locations as { locationId: number }[]).map((l) => l.locationId),
  };
  const username = `approver-test-${width}-${Date.now()}`;
  const made = await admin.post('/api/v1/user', {
    data: {
      username,
      name: `Yard Clerk ${width}`,
      email: `${username}@example.com`,
      role: 'buyer',
      companyId: clerk.companyId,
      locationIds: clerk.locationIds,
      password: PASSWORD,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { username, name: `Yard Clerk ${width}` };
}

/** A 225/45R17 with stock, as search answers it now. */
async function stockedTire(api: APIRequestContext) {
  const found = await api.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } });
  const list = (await found.json()).data.list as {
    skuCode: string;
    makeId: number;
    modelId: number;
    productId: number;
    available: number;
  }[];
  const tire = list.find((i) => i.available >= 8);
  if (!tire) throw new Error('no 225/45R17 in stock');
  return tire;
}

const availableOf = async (api: APIRequestContext, productId: number) => {
  const found = await api.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } });
  const list = (await found.json()).data.list as { productId: number; available: number }[];
  return list.find((i) => i.productId === productId)?.available;
};

async function addTwo(page: Page, tire: Awaited<ReturnType<typeof stockedTire>>) {
  const added = await page.request.post('/api/cart', {
    data: {
      orderItemMakeId: tire.makeId,
      orderItemModelId: tire.modelId,
      orderItemProductId: tire.productId,
      orderItemQuantity: 2,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

for (const width of [1366, 390]) {
  test(`at ${width} px an order over a buyer's limit waits, the admin approves it and it ships; a rejected one releases its tires`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const staff = await apiAs(baseURL, 'admin');
    const buyer = await newBuyer(baseURL, staff, width);

    // The company admin sets the new buyer's limit per order to $100 on /account.
    const adminPage = await (await browser.newContext({ baseURL })).newPage();
    await adminPage.setViewportSize({ width, height: 900 });
    await signIn(adminPage, 'buyer');
    await adminPage.goto('/account');
    const row = adminPage.getByLabel(`Limits of ${buyer.name}`);
    await row.getByLabel('Per order').fill('100');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByText(`Limits of ${buyer.name} saved`)).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await snap(adminPage, `approvals-account-${width}`);

    // The buyer's cart is over it: checkout says the order will wait, and it does.
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, buyer.username, PASSWORD);
    const tire = await stockedTire(page.request);
    await addTwo(page, tire);
    await page.goto('/checkout');
    await expect(page.getByText('This order will wait for approval')).toBeVisible();
    await expect(page.getByText("over the buyer's limit per order")).toBeVisible();
    await snap(page, `approvals-checkout-${width}`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('CVC').fill('123');
    const placing = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    const order = await (await placing).json();
    expect(order.status).toBe('awaiting_approval');
    await expect(page.getByText(`Order ${order.number} waits for approval`)).toBeVisible();
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByTestId('approval-notice')).toContainText('Waiting for approval');
    await snap(page, `approvals-order-waiting-${width}`);

    // The admin approves it on /approvals with a comment.
    await adminPage.goto('/approvals');
    const card = adminPage.getByLabel(`Approval of order ${order.number}`);
    await expect(card).toContainText(buyer.name);
    await snap(adminPage, `approvals-queue-${width}`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByLabel('Comment').fill('Unit 42 is off the road');
    await snap(adminPage, `approvals-approve-dialog-${width}`);
    await adminPage.getByRole('button', { name: 'Approve order' }).click();
    await expect(adminPage.getByText(`Order ${order.number} approved`)).toBeVisible();
    await expect(card).toHaveCount(0);

    // Charged and placed: staff send it, the supplier confirms, a label ships it.
    const placed = await (await page.request.get(`/api/order/${order.orderId}`)).json();
    expect(placed).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    await shipOrder(staff, order.orderId, 'in_transit');
    await page.goto(`/orders/${order.orderId}`);
    await expect(page.getByTestId('approval-notice')).toContainText('Unit 42 is off the road');
    const shipped = await (await page.request.get(`/api/order/${order.orderId}`)).json();
    expect(shipped.status).toBe('shipped');
    await snap(page, `approvals-order-approved-${width}`);

    // A second order is rejected with a comment: cancelled, its tires on sale again.
    const before = await availableOf(page.request, tire.productId);
    await addTwo(page, tire);
    const second = await page.request.post('/api/cart/checkout', {
      data: {
        paymentMethod: 'card',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    });
    expect(second.status(), await second.text()).toBe(201);
    const waiting = await second.json();
    expect(await availableOf(page.request, tire.productId)).toBe((before ?? 0) - 2);
    await adminPage.reload();
    const next = adminPage.getByLabel(`Approval of order ${waiting.number}`);
    await next.getByRole('button', { name: 'Reject' }).click();
    await expect(adminPage.getByRole('button', { name: 'Reject order' })).toBeDisabled();
    await adminPage.getByLabel('Comment').fill('Buy these through the depot');
    await adminPage.getByRole('button', { name: 'Reject order' }).click();
    await expect(adminPage.getByText(`Order ${waiting.number} rejected`)).toBeVisible();
    await adminPage.getByText('Rejected', { exact: true }).click();
    await expect(adminPage.getByLabel(`Approval of order ${waiting.number}`)).toContainText(
      'Buy these through the depot',
    );
    await snap(adminPage, `approvals-rejected-${width}`);
    const rejected = await (await page.request.get(`/api/order/${waiting.orderId}`)).json();
    expect(rejected).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' });
    expect(await availableOf(page.request, tire.productId)).toBe(before);
    await page.goto(`/orders/${waiting.orderId}`);
    await expect(page.getByTestId('approval-notice')).toContainText('Rejected');
    await snap(page, `approvals-order-rejected-${width}`);
    await adminPage.context().close();
  });
}
