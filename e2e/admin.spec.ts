import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { signIn, signOut, snap } from './helpers';

const stamp = Date.now().toString(36);

interface Row {
  id: number;
  name: string;
  code: string;
  skuCode: string;
  priceCents: number;
}

async function json(
  res: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<{ data: Row & { list: Row[] } }> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { data: Row & { list: Row[] } };
}

/** A stocked SKU made through the catalogue-write API (the catalogue seed is another branch's). */
async function stockedProduct(page: Page, costCents: number, tag: string) {
  const r = page.request;
  const make = (await json(await r.post('/api/v1/make', { data: { name: `E2E Make ${tag} ${stamp}` } })))
    .data;
  const model = (
    await json(await r.post('/api/v1/model', { data: { makeId: make.id, name: `E2E Line ${tag} ${stamp}` } }))
  ).data;
  const product = (
    await json(
      await r.post('/api/v1/product', {
        data: {
          modelId: model.id,
          skuCode: `E2E-${tag}-${stamp}`,
          size: '225/45R17',
          width: 225,
          ratio: 45,
          rim: 17,
          overallDiameter: 24.97,
        },
      }),
    )
  ).data;
  const warehouses = (await json(await r.get('/api/v1/supplier/warehouse?q=DTS-FEEDS'))).data.list;
  await json(
    await r.post('/api/v1/inventory', {
      data: { warehouseId: warehouses[0].id, productId: product.id, quantity: 20, costCents },
    }),
  );
  return { make, product };
}

test('an admin previews and saves a markup for a price group, and the price moves', async ({ page }) => {
  await signIn(page, 'admin');
  const { make, product } = await stockedProduct(page, 10_000, 'markup');
  const groups = (await json(await page.request.get('/api/v1/pricing/group'))).data.list;
  const fleet = groups.find((g) => g.code === 'fleet')!;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back office' }).click();
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Pricing & markups' })
    .click();
  await page.getByRole('button', { name: 'New Markup rule' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Price group' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Fleet' }).click();
  const makePicker = page.getByRole('dialog').getByRole('combobox', { name: 'Make (empty = every make)' });
  await makePicker.fill(make.name);
  await page.getByRole('listbox').getByRole('option', { name: make.name }).click();
  await page.getByRole('textbox', { name: 'Markup on cost' }).fill('25');
  const preview = page.getByTestId('markup-preview');
  await expect(preview).toContainText('$125.00');
  await expect(preview).toContainText('$100.00');
  await snap(page, 'admin-markup-preview');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('table', { name: 'Pricing & markups' })).toContainText('25.00 %');
  await snap(page, 'admin-markups');

  // A buyer of the Fleet group (the demo buyer at its Denver yard) sees the new price in the shop.
  await signOut(page);
  await signIn(page, 'buyer');
  const session = (await (await page.request.get('/api/session')).json()) as {
    locations: { locationId: number; locationGroupPricing: number }[];
  };
  const denver = session.locations.find((l) => l.locationGroupPricing === fleet.id)!;
  expect(
    (await page.request.put('/api/location', { data: { locationId: denver.locationId } })).status(),
  ).toBe(200);
  await page.goto(`/shop?makes[]=${make.id}`);
  await expect(page.getByText(`MPN ${product.skuCode}`)).toBeVisible();
  await expect(page.getByText('$125.00').first()).toBeVisible();
  await snap(page, 'admin-markup-buyer-shop');
  // Put the demo buyer back at its first location: the choice is remembered across specs.
  await page.request.put('/api/location', { data: { locationId: session.locations[0].locationId } });
});

test('a supplier uploads a feed with one bad row and finds it in the failed list', async ({ page }) => {
  await signIn(page, 'admin');
  const { make, product } = await stockedProduct(page, 5_000, 'feed');
  await signOut(page);

  await signIn(page, 'supplier');
  await page.goto('/supplier/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory feeds' })).toBeVisible();
  const csv = `sku,make,quantity,cost\n${product.skuCode},${make.name},7,48.25\nNOT-A-SKU,${make.name},3,10\n`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload feed' }).click();
  await expect(page.getByRole('status')).toContainText('1 rows updated, 1 refused');
  const failed = page.getByRole('table', { name: 'Failed rows' });
  await expect(failed).toContainText('No product with sku NOT-A-SKU');
  await expect(failed.getByRole('row').nth(1)).toContainText('3');
  await snap(page, 'supplier-feed');
});

test('an admin approves a wholesale application and the new user signs in', async ({ page }) => {
  const username = `barn${stamp}`;
  const email = `${username}@barn.example`;
  await page.goto('/wholesale');
  await page.getByLabel('Company name').fill(`Tire Barn ${stamp}`);
  await page.getByLabel('Your name').fill('Wes Wholesale');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Username you want').fill(username);
  await page.getByLabel('City').fill('Tulsa');
  await page.getByLabel('State').fill('OK');
  await page.getByLabel('ZIP').fill('741');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Enter a 5-digit ZIP code')).toBeVisible();
  await page.getByLabel('ZIP').fill('74103');
  await snap(page, 'wholesale-form');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('status')).toContainText('Check your e-mail to confirm');
  await snap(page, 'wholesale-check-email');

  // The application reaches staff once the link mailed to the address is opened and confirmed.
  await signIn(page, 'admin');
  await page.goto('/admin/wholesale');
  await expect(page.getByRole('table', { name: 'Wholesale applications' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Tire Barn ${stamp}` })).toHaveCount(0);
  await page.goto('/admin/outbox');
  await page
    .getByRole('row')
    .filter({ hasText: 'wholesale_confirm' })
    .getByRole('cell', { name: email })
    .click();
  const confirmText = await page.getByRole('dialog').locator('pre').textContent();
  const confirmLink = (confirmText ?? '').match(/https?:\/\/\S+\/wholesale\/confirm\?token=\S+/)?.[0];
  expect(confirmLink).toBeTruthy();
  await page.keyboard.press('Escape');
  await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
  await expect(page.getByRole('status')).toContainText('your e-mail address is confirmed');
  await snap(page, 'wholesale-confirmed');

  await page.goto('/admin/wholesale');
  await page.getByRole('cell', { name: `Tire Barn ${stamp}` }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve this application?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByRole('table', { name: 'Wholesale applications' })).toContainText('approved');
  await snap(page, 'admin-wholesale');

  await page.goto('/admin/outbox');
  await page.getByRole('row').filter({ hasText: 'invitation' }).getByRole('cell', { name: email }).click();
  const text = await page.getByRole('dialog').locator('pre').textContent();
  const link = (text ?? '').match(/https?:\/\/\S+\/reset\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  await snap(page, 'admin-outbox');
  await page.keyboard.press('Escape');
  await signOut(page);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password').fill('barn-pass-123');
  await page.getByLabel('Repeat it').fill('barn-pass-123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await signIn(page, username, 'barn-pass-123');
});

test('an admin imports vehicle fitments and the new vehicle is in the sizing chain', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/vehicle-import');
  const make = `Ezcar ${stamp}`;
  const csv = `year,make,model,option,front,rear\n2025,${make},Coupe,GT,245/40ZR18 97Y,275/35ZR18 99Y\n2025,${make},Coupe,GT,not a size,\n`;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'fitments.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import fitments' }).click();
  await expect(page.getByRole('status')).toContainText('1 line(s) applied, 1 refused');
  await expect(page.getByRole('table', { name: 'Refused lines' })).toContainText(
    'front "not a size" is not a tire size',
  );
  await snap(page, 'admin-vehicle-import');
  const makes = (await (await page.request.get('/api/v1/sizing/years/2025/makes')).json()) as {
    data: { list: { value: string }[] };
  };
  expect(makes.data.list.map((m) => m.value)).toContain(make);
});

test('every console area opens for an admin with its heading and no error', async ({ page }) => {
  // Some forty pages, each loaded whole: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Vehicle fitments' })).toBeVisible();
  const links = await nav
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').filter((h) => h.startsWith('/admin/')));
  expect(links.length).toBeGreaterThan(15);
  for (const href of links) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded|went wrong/i)).toHaveCount(0);
    await snap(page, `console-${href.slice('/admin/'.length)}`);
  }
});
