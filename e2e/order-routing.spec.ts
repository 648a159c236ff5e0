import { expect, request, test } from './fixtures';
import { DEMO_PASSWORD, signIn, signOut, snap } from './helpers';

type Stock = { warehouseId: number; warehouseCode: string; quantity: number; costCents: number };

// A supplier cancels its line and no other warehouse holds the tire: the units show as not
// routed on the staff order page, and staff send them to a warehouse that has them since.
// The spec sets the stock of one SKU and puts it back at the end.
test('staff route units that no warehouse holds from the order page', async ({ page, baseURL }) => {
  const admin = await request.newContext({ baseURL });
  expect(
    (await admin.post('/api/v1/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  await signIn(page, 'buyer');
  const session = await (await page.request.get('/api/session')).json();
  const list = (
    await (await page.request.post('/api/search/items', { data: { width: 265, ratio: 70, rim: 17 } })).json()
  ).data.list;
  const item = list[list.length - 1];
  const rows: Stock[] = (
    await (await admin.get(`/api/v1/inventory?productId=${item.productId}&pageSize=100`)).json()
  ).data.list;
  const setStock = (warehouseId: number, quantity: number, costCents: number) =>
    admin.post('/api/v1/inventory', {
      data: { warehouseId, productId: item.productId, quantity, costCents },
    });
  const [first, second] = rows;
  expect(second).toBeTruthy();
  try {
    for (const r of rows)
      expect((await setStock(r.warehouseId, r === first ? 4 : 0, r.costCents)).ok()).toBe(true);
    const created = await admin.post('/api/v1/order', {
      data: {
        companyId: session.user.companyId,
        locationId: session.location.locationId,
        items: [
          {
            orderItemMakeId: item.makeId,
            orderItemModelId: item.modelId,
            orderItemProductId: item.productId,
            orderItemQuantity: 4,
          },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const order = await created.json();
    const line = order.subOrders[0].lines[0];
    const cancelled = await admin.post(
      `/api/v1/order/${order.orderId}/item/${line.orderItemId}/supplier/${line.supplierCompanyId}/cancel`,
      { data: { note: 'out of stock at the supplier' } },
    );
    expect(cancelled.ok()).toBe(true);
    expect((await cancelled.json()).orderItems[0].unroutedQuantity).toBe(4);

    // Another warehouse has the tire now.
    expect((await setStock(second.warehouseId, 6, second.costCents)).ok()).toBe(true);
    await signOut(page);
    await signIn(page, 'admin');
    await page.goto(`/admin/orders/${order.orderId}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Not routed to a warehouse' });
    await expect(alert).toContainText(`4 × ${item.brand}`);
    await alert.getByRole('combobox', { name: 'Warehouse' }).fill(second.warehouseCode);
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${second.warehouseCode} ·`) })
      .click();
    await snap(page, 'admin-order-unrouted');
    await alert.getByRole('button', { name: 'Route 4' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Supplier lines' })).toContainText('pending');
    await snap(page, 'admin-order-routed');
    await admin.delete(`/api/v1/order/${order.orderId}`);
  } finally {
    for (const r of rows) await setStock(r.warehouseId, r.quantity, r.costCents);
    await admin.dispose();
  }
});
