import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText(username);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Saves a full-page screenshot under screenshots/ for a person to look at. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Scrolls down the results page until it shows `count` result cards: the cards are drawn as
 * they come near the screen (docs/performance-web.md, "Seventh round").
 */
export async function expectResultCards(page: Page, count: number) {
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    await expect(page.getByTestId('result-card')).toHaveCount(count, { timeout: 500 });
  }).toPass();
}

/**
 * Empties the signed-in user's cart and delivers it to their current location again: another
 * spec, or a test that stopped half-way, may have left lines or another delivery in it.
 */
export async function emptyCart(page: Page) {
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    orderItems?: { orderItemId: number }[];
  };
  if (cart.orderItems?.length) {
    const emptied = await page.request.put('/api/cart', {
      data: {
        orderItems: cart.orderItems.map((i) => ({ orderItemId: i.orderItemId, orderItemQuantity: 0 })),
      },
    });
    expect(emptied.status()).toBe(200);
  }
  await page.request.put('/api/cart/shipping', { data: { kind: 'location' } });
}

/** An API client signed in as `username` (staff included), apart from any page. */
export async function apiAs(baseURL: string | undefined, username: string, password = DEMO_PASSWORD) {
  const ctx = await request.newContext({ baseURL });
  expect((await ctx.post('/api/v1/login', { data: { username, password } })).ok()).toBe(true);
  return ctx;
}

/**
 * Staff send the order, its suppliers confirm every line, a label is bought for each, and the
 * sandbox courier moves each parcel to `status` (in transit: the order is shipped).
 */
export async function shipOrder(
  staff: APIRequestContext,
  orderId: number,
  status: 'in_transit' | 'delivered' = 'delivered',
) {
  expect((await staff.post(`/api/v1/order/${orderId}/submit`, { data: {} })).ok()).toBe(true);
  const view = async () => {
    const body = await (await staff.get(`/api/v1/order/${orderId}`)).json();
    return (body.data ?? body).subOrders as {
      supplierCompanyId: number;
      lines: { supplierLineId: number; orderItemId: number; status: string }[];
    }[];
  };
  for (const sub of await view())
    for (const line of sub.lines) {
      const url = `/api/v1/order/${orderId}/item/${line.orderItemId}/supplier/${sub.supplierCompanyId}/confirm`;
      const confirmed = await staff.post(url, { data: {} });
      expect(confirmed.ok(), await confirmed.text()).toBe(true);
    }
  for (const line of (await view()).flatMap((x) => x.lines)) {
    const made = await staff.post('/api/v1/fulfillment', {
      data: { supplierLineIds: [line.supplierLineId] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const label = await staff.post('/api/v1/fulfillment/label/gen', {
      data: {
        fulfillmentId: (await made.json()).data.fulfillmentId,
        courier: 'swiftship',
        service: 'ground',
      },
    });
    expect(label.ok(), await label.text()).toBe(true);
    const scanned = await staff.post('/api/sandbox/trackhub/advance', {
      data: { trackingNumber: (await label.json()).label.trackingNumber, status },
    });
    expect(scanned.ok(), await scanned.text()).toBe(true);
  }
}
