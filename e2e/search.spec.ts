import { expect, type Page, test } from './fixtures';
import { expectResultCards, signIn, snap } from './helpers';

interface SizeRecord {
  size: string;
  loadIndex: number;
  speedIndex: string;
}
interface Vehicle {
  year: number;
  make: string;
  model: string;
  option: string;
  sizes: SizeRecord[];
}

/** Picks a value of one of the home page's selects (native selects, labelled). */
async function choose(page: Page, label: string, value: string) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await expect(select).toBeEnabled();
  await select.selectOption({ label: value });
}

/** A vehicle of the demo data with exactly one, or with several, OE size records. */
async function findVehicle(page: Page, several: boolean): Promise<Vehicle> {
  const res = await page.request.get('/api/v1/vehicle/search?make=Toyota&model=Camry&pageSize=100');
  const list = (await res.json()).data.list as Vehicle[];
  const found = list.find((v) => (several ? v.sizes.length > 1 : v.sizes.length === 1));
  if (!found) throw new Error('no such vehicle in the demo data');
  return found;
}

async function chooseVehicle(page: Page, v: Vehicle) {
  await page.getByRole('tab', { name: 'Vehicle' }).click();
  await choose(page, 'Year', String(v.year));
  await choose(page, 'Make', v.make);
  await choose(page, 'Model', v.model);
  await choose(page, 'Options', v.option);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'buyer');
});

test('size search: chained selectors lead to results, filters, sort and more results', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await expect(page.getByRole('combobox', { name: 'Tire Ratio', exact: true })).toBeDisabled();
  await expect(search).toBeDisabled();
  await choose(page, 'Tire Width', '225');
  await choose(page, 'Tire Ratio', '45');
  await expect(search).toBeDisabled();
  await choose(page, 'Rim Size', '17');
  await snap(page, 'search-home-size');
  await search.click();

  await expect(page).toHaveURL(/\/shop\?width=225&ratio=45&rim=17/);
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await expectResultCards(page, 15);
  await snap(page, 'search-results-size');

  await page.getByRole('button', { name: 'More results' }).click();
  await expectResultCards(page, 30);
  await expect(page).toHaveURL(/page=1/);

  // A filter starts again at page 0 and shows as a chip.
  const facet = page.getByRole('checkbox').first();
  await facet.click();
  await expect(facet).toBeChecked();
  await expect(page).toHaveURL(/makes%5B%5D=|makes\[\]=/);
  await expect(page).not.toHaveURL(/page=1/);
  await expect(page.getByLabel('Applied filters')).toContainText('Brand:');
  await expect(page.getByTestId('result-card').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/sort=HTL/);
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  // Polled: in the tick after the URL changes the previous sort's cards may still be on screen.
  const cents = async () =>
    (await page.getByTestId('price').allTextContents()).map((p) => Number(p.replace(/[^0-9]/g, '')));
  await expect
    .poll(async () => {
      const now = await cents();
      return now.length > 1 && now.every((c, i) => i === 0 || now[i - 1] >= c);
    })
    .toBe(true);
  await snap(page, 'search-results-filtered');

  // The URL is the search: a reload shows the same results.
  await page.reload();
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await expect(page).toHaveURL(/sort=HTL/);
});

test('vehicle search with one OE size goes straight to the results', async ({ page }) => {
  const vehicle = await findVehicle(page, false);
  await page.goto('/');
  await chooseVehicle(page, vehicle);
  await snap(page, 'search-home-vehicle');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?.*size=/);
  await expect(page.getByTestId('result-count')).toContainText('tires');
});

test('vehicle search with several OE sizes offers them on /oe_selection', async ({ page }) => {
  const vehicle = await findVehicle(page, true);
  await page.goto('/');
  await chooseVehicle(page, vehicle);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/oe_selection\?year=/);
  await expect(page.getByTestId('oe-size').first()).toBeVisible();
  await expect(page.getByText('Plus-size alternatives').first()).toBeVisible();
  await expect(page.getByTestId('oe-size').first().getByRole('link').nth(1)).toBeVisible();
  await snap(page, 'search-oe-selection');
  await page.getByRole('link', { name: 'Shop this size' }).first().click();
  await expect(page).toHaveURL(/\/shop\?/);
  await expect(page.getByTestId('result-count')).toContainText('tires');
});

test('text search reads brand and size, and opens a product', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByPlaceholder('Tire Search...MPN, Size, Make, Model').fill('michelin 225/65r17');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/shop\?query=michelin/);
  await expect(page.getByTestId('result-card').first()).toContainText('Michelin');
  // The shipping estimate is written into the matching result (make id and SKU code).
  const first = page.getByTestId('result-card').first();
  await first.getByRole('button', { name: 'Estimate shipping' }).click();
  await expect(first).toContainText('Shipping (4 tires)');
  await snap(page, 'search-results-text');
  await page.getByTestId('result-card').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /Michelin/ })).toBeVisible();
  await snap(page, 'search-product');
});
