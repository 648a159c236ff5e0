import { type APIRequestContext, expect, type Page, request, test } from './fixtures';
import sharp from 'sharp';
import { DEMO_PASSWORD, signIn, signOut, snap } from './helpers';

type Found = { makeId: number; modelId: number; productId: number };

async function staffContext(baseURL: string | undefined, username: string) {
  const ctx = await request.newContext({ baseURL });
  expect((await ctx.post('/api/v1/login', { data: { username, password: DEMO_PASSWORD } })).ok()).toBe(true);
  return ctx;
}

/** The buyer buys 4 tires with road hazard cover by card; staff send, confirm, ship and deliver them. */
async function deliveredOrder(page: Page, admin: APIRequestContext) {
  const found = await (
    await page.request.post('/api/search/items', { data: { query: 'michelin 225/65r17', pageSize: 1 } })
  ).json();
  const item = found.data.list[0] as Found;
  const added = await page.request.post('/api/cart', {
    data: {
      orderItemMakeId: item.makeId,
      orderItemModelId: item.modelId,
      orderItemProductId: item.productId,
      orderItemQuantity: 4,
      orderItemRoadHazard: true,
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
  const order = (await placed.json()) as {
    orderId: number;
    number: string;
    orderItems: { orderItemId: number }[];
    subOrders: { supplierCompanyId: number }[];
  };
  expect((await admin.post(`/api/v1/order/${order.orderId}/submit`, { data: {} })).ok()).toBe(true);
  const supplierId = order.subOrders[0].supplierCompanyId;
  const itemId = order.orderItems[0].orderItemId;
  expect(
    (
      await admin.post(`/api/v1/order/${order.orderId}/item/${itemId}/supplier/${supplierId}/confirm`, {
        data: {},
      })
    ).ok(),
  ).toBe(true);
  // Staff pack the line, buy its label, and the sandbox courier delivers it: logistics counts it.
  const staffView = await (await admin.get(`/api/v1/order/${order.orderId}`)).json();
  const lines = (
    (staffView.data ?? staffView).subOrders as { lines: { supplierLineId: number }[] }[]
  ).flatMap((x) => x.lines);
  for (const line of lines) {
    const made = await admin.post('/api/v1/fulfillment', {
      data: { supplierLineIds: [line.supplierLineId] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const label = await admin.post('/api/v1/fulfillment/label/gen', {
      data: {
        fulfillmentId: (await made.json()).data.fulfillmentId,
        courier: 'swiftship',
        service: 'ground',
      },
    });
    expect(label.ok(), await label.text()).toBe(true);
    const scanned = await admin.post('/api/sandbox/trackhub/advance', {
      data: { trackingNumber: (await label.json()).label.trackingNumber, status: 'delivered' },
    });
    expect(scanned.ok(), await scanned.text()).toBe(true);
  }
  return { ...order, supplierId, itemId };
}

test('a buyer returns 2 of 4 tires, staff approve, receive and refund them, the buyer sees the refund; a claim is prorated and paid; the supplier sees its bill reduced', async ({
  page,
  baseURL,
}) => {
  const admin = await staffContext(baseURL, 'admin');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  const order = await deliveredOrder(page, admin);

  // The buyer asks to return 2 of the 4 tires.
  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByRole('link', { name: 'Invoice PDF' })).toBeVisible();
  await page.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return items' });
  await dialog.getByRole('textbox').first().fill('2');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'defective' }).click();
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6b4f3a' } })
    .jpeg()
    .toBuffer();
  await dialog
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'sidewall.jpg', mimeType: 'image/jpeg', buffer: photo });
  await snap(page, 'aftersales-buyer-return-form-1366');
  await dialog.getByRole('button', { name: /Ask to return 2 tires/ }).click();
  await expect(page.getByText(/Return RMA-\d{6}: 2 tires, defective/)).toBeVisible();
  await expect(page.getByRole('img', { name: /photo 1$/ }).first()).toBeVisible();
  await snap(page, 'aftersales-buyer-return-requested-1366');

  // The buyer files a road hazard claim on one tire: 6/32" of 10/32" left is half its price.
  await page.getByRole('button', { name: 'File a claim' }).click();
  const claimDialog = page.getByRole('dialog', { name: 'File a road hazard claim' });
  await claimDialog.getByRole('textbox', { name: 'What happened' }).fill('Nail in the tread');
  await claimDialog.getByRole('combobox', { name: /Installer who inspects/ }).click();
  const installer = page.getByRole('listbox').getByRole('option').first();
  const installerName = ((await installer.textContent()) ?? '').split(',')[0];
  await installer.click();
  await claimDialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'nail.jpg', mimeType: 'image/jpeg', buffer: photo });
  await snap(page, 'aftersales-buyer-claim-form-1366');
  await claimDialog.getByRole('button', { name: 'File the claim' }).click();
  await expect(page.getByText(/Road hazard claim: .*covered \$/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-buyer-return-requested-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signOut(page);

  // Staff approve, receive and refund the return, with the preview first.
  await signIn(page, 'admin');
  await page.goto('/admin/returns');
  await expect(page.getByRole('heading', { name: 'Returns' })).toBeVisible();
  await snap(page, 'aftersales-staff-returns-queue-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-staff-returns-queue-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('link', { name: /RMA-/ }).first().click();
  // Staff see the buyer's photo on the return.
  await expect(page.getByRole('img', { name: /photo 1$/ })).toBeVisible();
  await snap(page, 'aftersales-staff-return-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-staff-return-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('button', { name: 'Receive' })).toBeVisible();
  await page.getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('button', { name: 'Preview refund' }).click();
  await expect(page.getByRole('columnheader', { name: 'Restocking' })).toBeVisible();
  await snap(page, 'aftersales-staff-return-preview-1366');
  // The preview's last column is within the page at 1366 px.
  const last = await page.getByRole('columnheader', { name: 'Refund', exact: true }).boundingBox();
  expect(last && last.x + last.width).toBeLessThanOrEqual(1366);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-staff-return-preview-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(page.getByText(/^refunded$/).first()).toBeVisible();

  // The claim is approved as a credit and paid.
  const claims = (await (await admin.get(`/api/v1/claim?orderId=${order.orderId}`)).json()).data.list;
  await page.goto(`/admin/claims/${claims[0].claimId}`);
  // The installer the buyer chose and the photo of the damage are on the claim.
  await expect(page.getByText(`Installer: ${installerName}`)).toBeVisible();
  await expect(page.getByRole('img', { name: /photo 1$/ })).toBeVisible();
  await snap(page, 'aftersales-staff-claim-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-staff-claim-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText(/^paid$/).first()).toBeVisible();
  await snap(page, 'aftersales-staff-claim-paid-1366');

  // A bill for the supplier: its lines at cost less the vendor refund record of the 2 returned tires.
  const today = new Date().toISOString().slice(0, 10);
  const bill = await admin.post('/api/v1/bill', {
    data: { companyId: order.supplierId, periodStart: '2020-01-01', periodEnd: today },
  });
  expect(bill.status(), await bill.text()).toBe(201);
  const billed = (await bill.json()).data;
  expect(billed.vendorRefundCents).toBeLessThan(0);
  expect(billed.totalCents).toBe(billed.linesCents + billed.vendorRefundCents + billed.labourCents);
  await page.goto(`/admin/bills/${billed.billId}`);
  await expect(page.getByText(/Vendor refunds -\$/)).toBeVisible();
  await snap(page, 'aftersales-staff-bill-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-staff-bill-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  const refunds = (await (await admin.get(`/api/v1/refund?orderId=${order.orderId}`)).json()).data.list;
  await page.goto(`/admin/refunds/${refunds[0].refundId}`);
  await expect(page.getByRole('heading', { name: `Refund ${refunds[0].refundId}` })).toBeVisible();
  await snap(page, 'aftersales-staff-refund-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-staff-refund-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signOut(page);

  // The buyer sees the return refunded and the refund.
  await signIn(page, 'buyer');
  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByText(/Refund \$[\d,.]+ · processed/)).toBeVisible();
  await snap(page, 'aftersales-buyer-refunded-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'aftersales-buyer-refunded-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signOut(page);

  // The supplier reads its bills and what it owes back (read only).
  const supplier = await staffContext(baseURL, 'supplier');
  const session = await (await supplier.get('/api/session')).json();
  if (session.location?.locationSupplierId === order.supplierId) {
    await signIn(page, 'supplier');
    await page.goto('/supplier/billing');
    const billLine = page.getByText(new RegExp(`^Bill ${billed.billId} ·`));
    await expect(billLine).toBeVisible();
    await billLine.click();
    await expect(page.getByText(/Vendor refunds -\$/)).toBeVisible();
    await snap(page, 'aftersales-supplier-billing-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'aftersales-supplier-billing-390');
  }
  await supplier.dispose();
  await admin.dispose();
});
