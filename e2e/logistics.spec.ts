import { writeFileSync } from 'node:fs';
import { expect, request, test } from './fixtures';
import { DEMO_PASSWORD, signIn, signOut, snap } from './helpers';

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

// The road of an order: the buyer pays, staff send it to the supplier, the supplier confirms,
// makes a fulfillment, buys and prints the label in the fulfilment queue; the tracking sandbox
// delivers and the buyer sees the timeline and "Delivered".
test('a supplier ships an order and the buyer sees it delivered', async ({ page, baseURL }) => {
  const as = async (username: string) => {
    const ctx = await request.newContext({ baseURL });
    expect((await ctx.post('/api/v1/login', { data: { username, password: DEMO_PASSWORD } })).ok()).toBe(
      true,
    );
    return ctx;
  };
  const buyer = await as('buyer');
  const item = (
    await (await buyer.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } })).json()
  ).data.list[0];
  await buyer.post('/api/cart', {
    data: {
      orderItemMakeId: item.makeId,
      orderItemModelId: item.modelId,
      orderItemProductId: item.productId,
      orderItemQuantity: 2,
    },
  });
  const placed = await buyer.post('/api/cart/checkout', { data: { paymentMethod: 'card', card } });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const sales = await as('sales');
  expect((await sales.post(`/api/v1/order/${order.orderId}/submit`, { data: {} })).ok()).toBe(true);
  const supplierApi = await as('supplier');
  const sent = (await (await supplierApi.get('/api/supplier/fulfillments?status=sent&pageSize=100')).json())
    .data.list;
  const lines = sent.filter((l: { orderId: number }) => l.orderId === order.orderId);
  expect(lines.length).toBeGreaterThan(0);
  await supplierApi.put('/api/supplier/fulfillments', {
    data: {
      lines: lines.map((l: { supplierLineId: number }) => ({
        supplierLineId: l.supplierLineId,
        status: 'confirmed',
      })),
    },
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'supplier');
  await page.goto('/supplier/fulfillments');
  const waiting = page.getByRole('region', { name: 'Waiting to ship' });
  const proposal = waiting.locator('.mantine-Card-root', { hasText: `Order ${order.number}` });
  await proposal.getByRole('button', { name: 'Make fulfillment' }).click();
  const card1 = page.locator('[aria-label^="Fulfillment "]', { hasText: `order ${order.number}` });
  await expect(card1).toBeVisible();
  await card1.getByLabel('Rate').click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /swiftship ground/ })
    .click();
  await snap(page, 'logistics-queue-desktop');
  await card1.getByRole('button', { name: 'Buy label' }).click();
  const print = card1.getByRole('link', { name: 'Print label (PDF)' });
  await expect(print).toBeVisible();
  const trackingNumber = (await card1.getByTestId('tracking-number').textContent()) ?? '';
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-queue-phone');
  const pdf = await page.request.get((await print.getAttribute('href')) as string);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  writeFileSync('screenshots/logistics-label.pdf', await pdf.body());

  // The supplier books the courier's pickup for a window (shown in the warehouse's local time),
  // sees it booked, and may cancel it before it starts.
  await page.setViewportSize({ width: 1366, height: 900 });
  const pickups = page.getByRole('region', { name: 'Pickups' });
  await expect(pickups.getByText(/^Times at .+\(America\//)).toBeVisible();
  await pickups.getByRole('combobox', { name: 'Pickup window' }).click();
  const firstWindow = page.getByRole('listbox').getByRole('option').first();
  const windowLabel = (await firstWindow.textContent()) ?? '';
  expect(windowLabel).toMatch(/^(Mon|Tue|Wed|Thu|Fri), .+ [AP]M – .+ [AP]M [A-Z]{2,4}T?$/);
  await firstWindow.click();
  await pickups.getByRole('button', { name: 'Book pickup' }).click();
  const booked = pickups.getByTestId('booked-pickup').filter({ hasText: windowLabel });
  await expect(booked).toBeVisible();
  await expect(booked).toContainText('swiftship');
  await booked.scrollIntoViewIfNeeded();
  await snap(page, 'logistics-pickup-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-pickup-phone');
  await booked.getByRole('button', { name: 'Cancel pickup' }).click();
  await expect(booked).toHaveCount(0);
  await signOut(page);

  expect(trackingNumber).toMatch(/^SWS\d{13}$/);
  const advanced = await supplierApi.post('/api/sandbox/trackhub/advance', {
    data: { trackingNumber, status: 'delivered' },
  });
  expect((await advanced.json()).status).toBe('delivered');

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await page.goto(`/orders/${order.orderId}`);
  const delivery = page.getByLabel('Delivery');
  await expect(delivery.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(delivery.getByText(trackingNumber)).toBeVisible();
  await expect(delivery.getByText('out for delivery')).toBeVisible();
  await snap(page, 'logistics-order-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-order-phone');
});

// Staff follow shipments and fulfillments in the console: lists with filters, a shipment's
// timeline (the demo seed has one delivered and one in transit).
test('staff see shipments and fulfillments in the console', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'support');
  await page.goto('/admin/shipments');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'delivered', exact: true }).click();
  const rows = page.getByRole('table', { name: 'Shipments' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('delivered');
  await snap(page, 'logistics-console-shipments-desktop');
  await rows.nth(1).getByRole('link').first().click();
  const timeline = page.getByLabel('Tracking timeline');
  await expect(timeline.getByText('out for delivery')).toBeVisible();
  await expect(timeline.getByText('delivered', { exact: true })).toBeVisible();
  await snap(page, 'logistics-console-shipment-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-console-shipment-phone');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/fulfillments');
  const frows = page.getByRole('table', { name: 'Fulfillments' }).getByRole('row');
  await expect(frows.nth(1)).toBeVisible();
  await snap(page, 'logistics-console-fulfillments-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-console-fulfillments-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await frows.nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Fulfillment \d+$/ })).toBeVisible();
  await expect(page.getByText('Lines').or(page.getByText('Labels'))).toBeVisible();
  await snap(page, 'logistics-console-fulfillment-desktop');
});

// The demo's order that no warehouse could fill went to a distributor: staff see it on the order
// page; its ship confirmation (the sandbox) gives it a tracking number.
test('staff see an order sent to a distributor, and its ship confirmation', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'support');
  const lists = await Promise.all(
    ['tirewire/order', 'rubberline/orders', 'wheelway/orders'].map(
      async (p) => (await (await page.request.get(`/api/v1/vendor/${p}`)).json()).list,
    ),
  );
  const sent = lists.flat()[0] as { orderId: number; reference: string };
  expect(sent).toBeTruthy();
  await page.goto(`/admin/orders/${sent.orderId}`);
  const table = page.getByRole('table', { name: 'Distributor orders' });
  await expect(table.getByRole('row').nth(1)).toContainText(sent.reference);
  await expect(table.getByRole('row').nth(1)).toContainText('accepted');
  await expect(page.getByText('Every unit is with a warehouse or a distributor.')).toBeVisible();
  await snap(page, 'logistics-distributor-order-desktop');
  const shipped = await page.request.post('/api/sandbox/distributors/advance', {
    data: { reference: sent.reference, status: 'shipped' },
  });
  expect(shipped.ok()).toBe(true);
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toContainText('shipped');
  await expect(table.getByRole('row').nth(1)).toContainText((await shipped.json()).trackingNumber);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-distributor-order-phone');
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
