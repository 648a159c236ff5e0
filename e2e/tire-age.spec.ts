import { expect, type Page, test } from './fixtures';
import { emptyCart, signIn, signOut, snap } from './helpers';

// Tire age (docs/domain.md, "Tire age"): the supplier's feed gives a tire three DOT-coded lots,
// one more than six years old, which its inventory page flags; the buyer's company admin sets a
// maximum of 24 months on /account; checkout then takes only the lot within it and the order
// names its code. The supplier's row and the company's setting are put back at the end, as the
// other specs of this server check out as the same company.

interface StockRow {
  productId: number;
  skuCode: string;
  makeName: string;
  quantity: number;
  reserved: number;
  costCents: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

async function uploadFeed(page: Page, warehouseId: number, lines: string[]) {
  // A multipart upload is no JSON body: it must come from the shop's own origin, as a browser's does.
  const res = await page.request.post(`/api/v1/supplier/warehouse/${warehouseId}/feed`, {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      file: { name: 'lots.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { goodRows: number; badRows: number };
}

for (const width of [1366, 390]) {
  test(`at ${width} px old lots are flagged and a company's maximum age keeps them out of its order`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'supplier');
    const warehouses = (await (await page.request.get('/api/v1/supplier/warehouse?pageSize=100')).json()).data
      .list as { id: number }[];
    const warehouseId = warehouses[0].id;
    const stock = (
      await (await page.request.get(`/api/v1/inventory?warehouseId=${warehouseId}&pageSize=100`)).json()
    ).data.list as StockRow[];
    const row = stock.find((r) => r.reserved === 0 && r.quantity > 0);
    if (!row) throw new Error('the supplier has no unreserved stock row');
    const line = (quantity: number, dot: string) =>
      `${row.skuCode},${row.makeName},${quantity},${dollars(row.costCents)},${dot}`;
    try {
      // Three lots and a line with a week that does not exist, refused by its line.
      const run = await uploadFeed(page, warehouseId, [
        'sku,make,quantity,cost,dot',
        line(2, '0119'),
        line(4, '2321'),
        line(4, '4026'),
        line(1, '5425'),
      ]);
      expect(run).toMatchObject({ goodRows: 3, badRows: 1 });

      await page.goto('/supplier/inventory');
      await page.getByLabel('Find a tire').fill(row.skuCode);
      const stockTable = page.getByRole('table', { name: 'Stock' });
      await expect(stockTable.getByText('DOT 0119 × 2 · over 6 years')).toBeVisible();
      await expect(stockTable.getByText('DOT 2321 × 4')).toBeVisible();
      await expect(stockTable.getByText('DOT 4026 × 4')).toBeVisible();
      await expect(page.getByText('has week 54: a week is 01 to 53').first()).toBeVisible();
      await stockTable.scrollIntoViewIfNeeded();
      await snap(page, `tire-age-supplier-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await signOut(page);

      await signIn(page, 'buyer');
      await page.goto('/account');
      const card = page.locator('.mantine-Card-root', { hasText: 'Maximum tire age' });
      const months = card.getByLabel('Maximum tire age');
      await months.fill('0');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByText('Must be at least 1 month')).toBeVisible();
      await months.fill('24');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Only tires made within 24 months are sent')).toBeVisible();
      await expect(card.getByText(/Only tires made within 24 months \(made 20\d\d or newer\)/)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await snap(page, `tire-age-account-${width}`);

      await emptyCart(page);
      const product = (await (await page.request.get(`/api/v1/product/${row.productId}`)).json()).data as {
        makeId: number;
        modelId: number;
      };
      const added = await page.request.post('/api/cart/item', {
        data: {
          orderItemMakeId: product.makeId,
          orderItemModelId: product.modelId,
          orderItemProductId: row.productId,
          orderItemQuantity: 4,
        },
      });
      expect(added.status(), await added.text()).toBe(200);
      await page.goto('/checkout');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('CVC').fill('123');
      const placed = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
      );
      await page.getByRole('button', { name: 'Place order' }).click();
      const answer = await placed;
      expect(answer.status(), await answer.text()).toBe(201);
      const order = await answer.json();
      const units = order.orderItems[0].orderItemQuantity as number;
      await page.goto(`/orders/${order.orderId}`);
      // Only the lot within 24 months: neither the six-year-old one, nor 2321, nor stock of unknown age.
      await expect(page.getByTestId('dot-codes').first()).toHaveText(`DOT 4026 × ${units}`);
      await snap(page, `tire-age-order-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await page.request.put('/api/v1/company/tire-age', { data: { maxAgeMonths: null } });
      await signOut(page).catch(() => undefined);
      await signIn(page, 'supplier');
      const now = (
        await (
          await page.request.get(`/api/v1/inventory?warehouseId=${warehouseId}&productId=${row.productId}`)
        ).json()
      ).data.list[0] as StockRow;
      // The row as it was, its units of unknown age again (what is still reserved stays).
      await uploadFeed(page, warehouseId, [
        'sku,make,quantity,cost',
        `${row.skuCode},${row.makeName},${Math.max(row.quantity, now.reserved)},${dollars(row.costCents)}`,
      ]);
    }
  });
}
