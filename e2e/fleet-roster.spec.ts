import { expect, type Page, test } from './fixtures';
import { emptyCart, signIn, snap } from './helpers';

// The fleet roster in a browser: a unit of the demo fleet, its search, a set bought for it, and
// "Reorder the last set" from its page, on a desktop and in the yard on a phone.

interface Vehicle {
  year: number;
  make: string;
  model: string;
  option: string;
  sizes: { size: string; position: string }[];
}

/** A unit of the demo data's Toyota Camry with one OE size, made through the API. */
async function unitOnRoster(page: Page, unitNumber: string) {
  const res = await page.request.get('/api/v1/vehicle/search?make=Toyota&model=Camry&pageSize=100');
  const list = (await res.json()).data.list as Vehicle[];
  const v = list.find((x) => x.sizes.length === 1);
  if (!v) throw new Error('no Camry with one OE size in the demo data');
  const made = await page.request.post('/api/v1/fleet/unit', {
    data: {
      unitNumber,
      year: v.year,
      make: v.make,
      model: v.model,
      option: v.option,
      route: 'North',
      depot: 'Yard A',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data as { id: number; unitNumber: string };
}

async function reorderFlow(page: Page, width: string) {
  await signIn(page, 'buyer');
  await emptyCart(page);
  const unitNumber = `${width === 'phone' ? 'P' : 'D'}${Date.now() % 100000}`;
  const unit = await unitOnRoster(page, unitNumber);

  await page.goto('/fleet');
  await page.getByLabel('Search').fill(unitNumber);
  await expect(page.getByTestId('fleet-unit')).toHaveCount(1);
  await snap(page, `fleet-roster-${width}`);
  await page.getByRole('link', { name: `#${unitNumber}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Unit #${unitNumber}` })).toBeVisible();

  // Its search: the results say the tires are for the unit, and the card adds them for it.
  await page.getByRole('link', { name: `Tires for unit #${unitNumber}` }).click();
  await expect(page.getByTestId('unit-search')).toBeVisible();
  // Each run its own tire: the cheapest has stock for one set bought and reordered, not for two.
  const card = page.getByTestId('result-card').nth(width === 'phone' ? 1 : 0);
  await card.getByRole('button', { name: 'Add for unit' }).click();
  await expect(page.getByText(/for the unit$/)).toBeVisible();
  await snap(page, `fleet-shop-for-unit-${width}`);

  const lines = (await (await page.request.get('/api/v1/fleet/cart')).json()).list as { unitId: number }[];
  expect(lines.filter((l) => l.unitId === unit.id)).toHaveLength(1);
  const placed = await page.request.post('/api/cart/checkout', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto(`/fleet/${unit.id}`);
  await expect(page.getByTestId('unit-purchase')).toHaveCount(1);
  await page.getByRole('button', { name: 'Reorder the last set' }).click();
  await expect(page.getByTestId('reorder-done')).toBeVisible();
  await snap(page, `fleet-unit-reorder-${width}`);
  const again = (await (await page.request.get('/api/v1/fleet/cart')).json()).list as { unitId: number }[];
  expect(again.filter((l) => l.unitId === unit.id)).toHaveLength(1);

  // The cart names the unit on its line.
  await page.goto('/checkout');
  await expect(page.locator('input[aria-label="For unit"]').first()).toHaveValue(
    new RegExp(`#${unitNumber}`),
  );
  await snap(page, `fleet-cart-unit-${width}`);
  // Leave the demo cart empty for the other specs of this server.
  await emptyCart(page);
}

test('a unit is reordered from its page at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await reorderFlow(page, 'desktop');
});

test('a unit is reordered from its page at 390 px, in the yard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await reorderFlow(page, 'phone');
  // Nothing of the roster runs off the side of a phone.
  await page.goto('/fleet');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const [width, size] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a roster CSV with an unknown vehicle is refused line by line at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, 'buyer');
    await page.goto('/fleet');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const csv = [
      'unit,year,make,model,option,route',
      `C${Date.now() % 100000},2020,Nosuchmake,Van,Cargo,North`,
      'C2,20x0,Toyota,Camry,LE,',
    ].join('\n');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import roster' }).click();
    const problem = page.getByTestId('import-problem');
    await expect(problem).toContainText('nothing was imported');
    await expect(problem).toContainText('Line 2, make:');
    await expect(problem).toContainText('Line 3, year:');
    await snap(page, `fleet-import-errors-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
