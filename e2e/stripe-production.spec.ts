// Card checkout with Stripe, in a server started as in production (NODE_ENV=production,
// CARD_PROVIDER=stripe) whose Stripe is the tests' local stand-in, not Stripe: its hosted page
// takes the test card, sends its signed webhooks a few seconds late and sends the browser back
// (e2e/stripe-production-server.ts). This spec starts that server itself, on its own port.
import { type ChildProcess, spawn } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { signIn, signOut, snap } from './helpers';
import { E2E_PORT } from './servers';

const port = E2E_PORT + 40;
const shop = `http://localhost:${port}`;
const wide = { width: 1366, height: 900 };
const narrow = { width: 390, height: 844 };
const STANDIN_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_/;

let server: ChildProcess | undefined;
/** The stand-in's address, as the server prints it when it is up. */
let standinBase = '';

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ baseURL: shop });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/stripe-production-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    standinBase ||= /stand-in at (http:\/\/\S+)\)/.exec(String(chunk))?.[1] ?? '';
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the production-mode server exited (${server.exitCode})`);
    // The server listens on 127.0.0.1; Node may resolve localhost to ::1 first.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the production-mode server did not start within 150 s');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** One tire in the buyer's cart (through the API: the checkout is what this spec is about). */
async function cartWithOneTire(page: Page) {
  const cart = (await (await page.request.get('/api/cart')).json()) as {
    orderItems: { orderItemId: number }[];
  };
  if (cart.orderItems.length > 0)
    await page.request.put('/api/cart', {
      data: {
        orderItems: cart.orderItems.map((i) => ({ orderItemId: i.orderItemId, orderItemQuantity: 0 })),
      },
    });
  const found = (await (await page.request.post('/api/search/items', { data: {} })).json()) as {
    data: {
      list: {
        productId: number;
        makeId: number;
        modelId: number;
        available: number;
        priceCents: number | null;
      }[];
    };
  };
  const tire = found.data.list.find((t) => t.available >= 2 && t.priceCents !== null);
  expect(tire, 'a priced tire in stock').toBeDefined();
  const res = await page.request.post('/api/cart', {
    data: {
      orderItemMakeId: tire?.makeId,
      orderItemModelId: tire?.modelId,
      orderItemProductId: tire?.productId,
      orderItemQuantity: 1,
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** At the checkout, the card option takes no card data and leads to Stripe's (the stand-in's) page. */
async function toStripePage(page: Page, width: string) {
  await cartWithOneTire(page);
  await page.goto('/checkout');
  const pay = page.getByRole('button', { name: 'Continue to payment' });
  await expect(pay).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Card', exact: true })).toBeChecked();
  // The sandbox providers take no real money: production without ALLOW_SANDBOX_PAYMENTS offers none.
  await expect(page.getByRole('radio', { name: /finpay|hostedpay|coinpay/ })).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByText("You enter your card on Stripe's secure payment page")).toBeVisible();
  await snap(page, `stripe-checkout-${width}`);
  await pay.click();
  await page.waitForURL(STANDIN_PAGE);
  await expect(page.getByRole('heading', { name: /^Pay \$\d/ })).toBeVisible();
  await snap(page, `stripe-hosted-${width}`);
}

for (const [name, size] of [
  ['1366', wide],
  ['390', narrow],
] as const)
  test(`at ${name} px a buyer checks out by card on Stripe's page, comes back, waits for the webhook and sees the order paid`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, 'clerk');
    await toStripePage(page, name);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/orders\/\d+\?checkout=done$/);
    // The stand-in sends its webhook a few seconds after the redirect: the page says it waits.
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for the payment to be confirmed' });
    await expect(waiting).toBeVisible();
    await expect(page.getByText(/Payment: .*pending/)).toBeVisible();
    await snap(page, `stripe-waiting-${name}`);
    // The page polls: once the webhook has landed the order shows paid, without a reload.
    await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(waiting).toHaveCount(0);
    await expect(page.getByText(/Payment: .*paid/)).toBeVisible();
    await snap(page, `stripe-paid-${name}`);
  });

test("a buyer who leaves Stripe's page unpaid comes back to the order cancelled, and Pay now re-opens the page of an order still waiting", async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'clerk');
  await toStripePage(page, 'cancel-1366');
  // Back on the shop without paying, then to the order page: it still waits for its card payment.
  const back = await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href');
  const orderId = Number(back?.match(/\/orders\/(\d+)\?checkout=cancelled$/)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  await page.goto(`/orders/${orderId}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(STANDIN_PAGE);
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await page.waitForURL(/\/orders\/\d+\?checkout=cancelled$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Order cancelled: nothing was charged' }),
  ).toBeVisible();
  await expect(page.getByText('the tires held for it are back in stock')).toBeVisible();
  await snap(page, 'stripe-cancelled-1366');
  const order = (await (await page.request.get(`/api/order/${orderId}`)).json()) as {
    status: string;
    paymentStatus: string;
  };
  expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' });
  // A reload of the page asks nothing more: the order is already cancelled.
  const cancels: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/stripe/session/cancel')) cancels.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toBeVisible();
  expect(cancels).toHaveLength(0);
});

test("a company admin saves a card on Stripe's setup page and finds it on /account once the webhook lands", async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'buyer');
  await page.goto('/account');
  const cards = page.getByRole('button', { name: 'Save a card' });
  await expect(cards).toBeVisible();
  // Stripe takes the card on its page: the account page has no card fields.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await cards.click();
  await page.waitForURL(STANDIN_PAGE);
  await expect(page.getByRole('heading', { name: 'Save a card' })).toBeVisible();
  await page.getByLabel('Test card').fill('4000056655665556');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(/\/account\?card=saved$/);
  await expect(page.getByRole('status').filter({ hasText: 'Stripe is saving your card' })).toBeVisible();
  await snap(page, 'stripe-card-saving-1366');
  const saved = page.getByRole('table', { name: 'Saved cards' });
  await expect(saved).toContainText('visa •••• 5556', { timeout: 20_000 });
  await expect(saved).toContainText(/12\/20\d\d/);
  await expect(page.getByRole('status').filter({ hasText: 'Your card is saved with Stripe.' })).toBeVisible();
  await snap(page, 'stripe-card-saved-1366');
});

test('finance finds the dispute Stripe opened on a paid order in the Disputes queue, with its order and reason, and closes it', async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await signIn(page, 'clerk');
  await toStripePage(page, 'dispute-1366');
  const sessionId = new URL(page.url()).pathname.split('/')[2];
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({
    timeout: 20_000,
  });
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/TR-\d+/)?.[0] ?? '';
  expect(number).not.toBe('');
  // The cardholder's bank disputes the charge; Stripe's webhook says so.
  expect(standinBase).not.toBe('');
  const disputed = await page.request.post(`${standinBase}/_control/dispute/${sessionId}`);
  expect(disputed.status()).toBe(204);
  await signOut(page);

  await signIn(page, 'finance');
  await page.goto('/admin/finance-tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes and finance tasks' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Finance tasks' }).getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('fraudulent');
  await expect(row).toContainText(/\$\d+\.\d\d/);
  await expect(row.getByRole('link', { name: number })).toHaveAttribute('href', /\/admin\/orders\/\d+$/);
  await snap(page, 'stripe-disputes-1366');
  await row.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(`Task on ${number} closed`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.setViewportSize(narrow);
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('closed', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Finance tasks' })).toContainText(number);
  await snap(page, 'stripe-disputes-closed-390');
});
