import { writeFileSync } from 'node:fs';
import { expect, request, test } from '@playwright/test';
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
  await page.getByRole('option', { name: /swiftship ground/ }).click();
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
