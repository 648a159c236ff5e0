import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, type Page, test } from './fixtures';
import { signIn, snap } from './helpers';

// The company admin's webhooks on /account: endpoints to a receiver on 127.0.0.1 (the e2e server
// runs in development, where private URLs are allowed) that checks each delivery's signature with
// the `standardwebhooks` package, as a company's own system would.

interface Received {
  webhookId: string;
  type: string | null;
  /** Whether the signature verified with the receiver's secret. */
  verified: boolean;
}

/** A node:http receiver answering `status` to every POST and keeping what it got. */
async function receiver(status: number) {
  const received: Received[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let type: string | null = null;
      let verified = false;
      try {
        type = (new Webhook(secret).verify(body, headers) as { type: string }).type;
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ webhookId: headers['webhook-id'], type, verified });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tread`,
    received,
    useSecret: (s: string) => {
      secret = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A screenshot of what the window shows (a dialog is drawn over the window, not the page), once
 * the toasts of the steps before have closed: at 390 px they cover the dialog's top.
 */
async function snapWindow(page: Page, name: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: `screenshots/${name}.png` });
}

const section = (page: Page) => page.getByRole('heading', { name: 'Webhooks', exact: true });

/** The page does not scroll sideways. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(section(page)).toBeVisible();
  await expect(page.getByLabel('Loading webhook endpoints')).toHaveCount(0);
}

async function addEndpoint(page: Page, url: string, events: string[]) {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('form', { name: 'Add endpoint' });
  await form.getByRole('textbox', { name: 'URL' }).fill(url);
  for (const label of events) await form.getByRole('checkbox', { name: label }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const box = page.getByTestId('webhook-secret');
  const secret = (await box.getByLabel('Signing secret').textContent())!.trim();
  await box.getByRole('button', { name: 'I have saved it' }).click();
  return secret;
}

/** The buyer places an order by card through the cart API: the shop emits order.placed. */
async function placeOrder(page: Page) {
  const found = await (
    await page.request.post('/api/search/items', { data: { query: 'michelin 225/65r17', pageSize: 1 } })
  ).json();
  const item = found.data.list[0] as { makeId: number; modelId: number; productId: number };
  const added = await page.request.post('/api/cart', {
    data: {
      orderItemMakeId: item.makeId,
      orderItemModelId: item.modelId,
      orderItemProductId: item.productId,
      orderItemQuantity: 4,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const placed = await page.request.post('/api/cart/checkout', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

test('a buyer who is not the company admin sees no webhooks on the account page', async ({ page }) => {
  await signIn(page, 'clerk');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expect(section(page)).toHaveCount(0);
});

test('the company admin adds an endpoint, sees its secret once, edits, pauses, rotates and removes it', async ({
  page,
}) => {
  const ok = await receiver(200);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await openAccount(page);
  await expect(page.getByTestId('webhooks-empty')).toContainText('ERP');
  await section(page).scrollIntoViewIfNeeded();
  await snap(page, 'webhooks-empty-1366');

  // The form's own check, then the server's refusal on the field its pointer names.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('form', { name: 'Add endpoint' });
  await expect(form.getByRole('checkbox')).toHaveCount(9);
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Choose at least one event')).toBeVisible();
  await form.getByRole('textbox', { name: 'URL' }).fill('ftp://erp.example.com/hooks');
  await form.getByRole('checkbox', { name: 'A refund was paid out' }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('must be an https URL, not ftp')).toBeVisible();
  await form.getByRole('textbox', { name: 'URL' }).fill(ok.url);
  await form.getByRole('textbox', { name: 'Description' }).fill('ERP order import');
  await form.getByRole('checkbox', { name: 'An order was placed' }).check();
  await snap(page, 'webhooks-add-form-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await snap(page, 'webhooks-add-form-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const box = page.getByTestId('webhook-secret');
  await expect(box).toContainText('will not be shown again');
  const secret = (await box.getByLabel('Signing secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(box.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await snap(page, 'webhooks-secret-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await snap(page, 'webhooks-secret-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  const item = page.getByRole('article', { name: `Endpoint ${ok.url}` });
  await expect(item).toContainText('active');
  await expect(item).toContainText('ERP order import');
  await expect(item).toContainText('refund.processed');
  await expect(item).toContainText(`whsec_…${secret.slice(-4)}`);
  // Once: gone after "saved", and not on the page again after a reload.
  await box.getByRole('button', { name: 'I have saved it' }).click();
  await expect(box).toHaveCount(0);
  await openAccount(page);
  await expect(item).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await snap(page, 'webhooks-list-1366');

  await item.getByRole('button', { name: 'Edit' }).click();
  const edit = item.getByRole('form', { name: 'Save endpoint' });
  await edit.getByRole('textbox', { name: 'Description' }).fill('ERP: orders and refunds');
  await edit.getByRole('checkbox', { name: 'An order shipped' }).check();
  await edit.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(item).toContainText('ERP: orders and refunds');
  await expect(item).toContainText('order.shipped');

  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item).toContainText('disabled');
  await expect(item).toContainText('paused: no new events are sent');
  await item.getByRole('button', { name: 'Resume' }).click();
  await expect(item).toContainText('active');

  await item.getByRole('button', { name: 'Rotate secret' }).click();
  const ask = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
  await ask.getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = item.getByTestId('webhook-secret');
  await expect(rotated).toContainText('old secret keeps signing deliveries too for 24 hours');
  const second = (await rotated.getByLabel('Signing secret').textContent())!.trim();
  expect(second).toMatch(/^whsec_/);
  expect(second).not.toBe(secret);
  await expect(item).toContainText(`whsec_…${second.slice(-4)}`);
  await expect(item).toContainText('the previous secret signs too until');
  await snap(page, 'webhooks-rotated-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await snap(page, 'webhooks-rotated-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  await item.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: /Delivery log/ });
  await expect(log.getByTestId('deliveries-empty')).toContainText('No deliveries yet');
  await snapWindow(page, 'webhooks-log-empty-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapWindow(page, 'webhooks-log-empty-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await log.getByRole('button', { name: 'Close' }).click();
  await expect(log).toHaveCount(0);

  await item.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this endpoint?' })
    .getByRole('button', { name: 'Remove endpoint' })
    .click();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId('webhooks-empty')).toBeVisible();
  await ok.close();
});

test('the server refuses a plain buyer the webhook API with 403', async ({ page }) => {
  await signIn(page, 'clerk');
  expect((await page.request.get('/api/v1/webhook')).status()).toBe(403);
});

test('a placed order reaches the receiver signed; the log shows it delivered, resends it, and shows a failing one pending', async ({
  page,
}) => {
  const ok = await receiver(200);
  const down = await receiver(500);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await openAccount(page);
  ok.useSecret(await addEndpoint(page, ok.url, ['An order was placed']));
  down.useSecret(await addEndpoint(page, down.url, ['An order was placed', "An order's invoice was issued"]));

  await placeOrder(page);
  await expect.poll(() => ok.received.filter((r) => r.verified && r.type === 'order.placed').length).toBe(1);
  await expect.poll(() => down.received.length).toBeGreaterThanOrEqual(2);
  expect(down.received.every((r) => r.verified)).toBe(true);
  const webhookId = ok.received[0].webhookId;

  const item = page.getByRole('article', { name: `Endpoint ${ok.url}` });
  await item.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: /Delivery log/ });
  const row = log.getByRole('row', { name: new RegExp(webhookId) });
  await expect(row).toContainText('order.placed');
  await expect(row).toContainText('delivered');
  await expect(row).toContainText('HTTP 200');
  await snapWindow(page, 'webhooks-log-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await snapWindow(page, 'webhooks-log-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Resend: the same webhook-id arrives again, signed.
  await row.getByRole('button', { name: 'Resend' }).click();
  await expect.poll(() => ok.received.filter((r) => r.webhookId === webhookId && r.verified).length).toBe(2);
  await log.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toContainText('delivered');
  await log.getByRole('button', { name: 'Close' }).click();

  // The 500 receiver: its deliveries wait for their next attempt, and a pending one has no Resend.
  const failing = page.getByRole('article', { name: `Endpoint ${down.url}` });
  await failing.getByRole('button', { name: 'Delivery log' }).click();
  await expect(log.getByRole('row', { name: /order\.placed/ })).toContainText('pending');
  await expect(log.getByRole('row', { name: /invoice\.created/ })).toContainText('HTTP 500');
  await expect(log.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await snapWindow(page, 'webhooks-log-failing-1366');
  await log.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'delivered' }).click();
  await expect(log.getByTestId('deliveries-empty')).toHaveText('No delivered deliveries.');
  await snapWindow(page, 'webhooks-log-filtered-1366');
  await ok.close();
  await down.close();
});
