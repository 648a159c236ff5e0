import { expect, type Page, test } from './fixtures';
import { signIn, snap } from './helpers';

// The search box as a buyer uses it: partial sizes narrowed by the Ratio facet, chips removed one
// by one, type-ahead by keyboard, and suggestions when nothing is found. Screenshots at desktop
// (1366 px) and phone (390 px) widths.

test.beforeEach(async ({ page }) => {
  await signIn(page, 'buyer');
});

async function typeSearch(page: Page, text: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Tire search' });
  await box.fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/shop\?query=/);
}

const count = async (page: Page) =>
  Number((await page.getByTestId('result-count').textContent())?.replace(/[^0-9]/g, ''));

test('“225” finds every width-225 size and the Ratio facet narrows it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await typeSearch(page, '225');
  await expect(page).toHaveURL(/query=225$/);
  await expect(page.getByLabel('Search understood as')).toContainText('Width 225');
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  const all = await count(page);
  await snap(page, 'searchbox-225-desktop');
  await page
    .getByLabel('Ratio')
    .getByRole('button', { name: /^45 \(/ })
    .click();
  await expect(page).toHaveURL(/ratio=45/);
  await expect(page).toHaveURL(/query=225/);
  await expect(page.getByTestId('result-card').first()).toContainText('225/45');
  // The count follows the narrowed answer once it arrives: poll it rather than read it once.
  await expect.poll(() => count(page)).toBeLessThan(all);
  for (const card of await page.getByTestId('result-card').all()) await expect(card).toContainText('225/45');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'searchbox-225-ratio-phone');
});

test('“all season 225/45r17” reads as chips; removing the category keeps the size', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await typeSearch(page, 'all season 225/45r17');
  const chips = page.getByLabel('Search understood as');
  await expect(chips).toContainText('Category: All-Season');
  await expect(chips).toContainText('Size 225/45R17');
  await expect(page.getByTestId('result-card').first()).toContainText('All-Season');
  const narrow = await count(page);
  await snap(page, 'searchbox-chips-desktop');
  await page.getByRole('button', { name: 'Remove Category: All-Season' }).click();
  await expect(page).toHaveURL(/query=225%2F45r17$/);
  await expect(chips).not.toContainText('All-Season');
  await expect(chips).toContainText('Size 225/45R17');
  await expect.poll(() => count(page)).toBeGreaterThan(narrow);
  // The URL keeps the typed query: a shared link shows the same page.
  await page.reload();
  await expect(chips).toContainText('Size 225/45R17');
});

test('type-ahead completes by keyboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Tire search' });
  await box.pressSequentially('mich', { delay: 30 });
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Michelin');
  await page.setViewportSize({ width: 1366, height: 900 });
  await snap(page, 'searchbox-typeahead-desktop');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/query=Michelin/);
  await expect(page.getByLabel('Search understood as')).toContainText('Brand: Michelin');
});

test('a query with no result shows suggestions that lead to results', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await typeSearch(page, 'michelin 225/50r16');
  // The notice is an alert (announced when the answer comes), titled "No tires match — try one of these".
  const suggestions = page.getByRole('alert').filter({ hasText: 'try one of these' });
  await expect(suggestions).toBeVisible();
  await expect(page.getByTestId('result-card')).toHaveCount(0);
  await snap(page, 'searchbox-suggestions-phone');
  await suggestions.getByRole('link').first().click();
  await expect(page).toHaveURL(/width=/);
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await expect(page.getByTestId('result-card').first()).toContainText('Michelin');
});

test('the results of a text search keep the search box; a size’s service description is a chip of its own', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/shop?query=225&ratio=45');
  const box = page.getByRole('form', { name: 'Search again' }).getByRole('combobox', { name: 'Tire search' });
  await expect(box).toHaveValue('225');
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  // A new text there is a new search: the facet chosen before goes.
  await box.fill('michelin 225');
  await box.press('Escape');
  await page.getByRole('form', { name: 'Search again' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/shop\?query=michelin(\+|%20)225$/);
  const chips = page.getByLabel('Search understood as');
  await expect(chips).toContainText('Brand: Michelin');
  await expect(page.getByTestId('result-card').first()).toContainText('Michelin');

  await box.fill('225/45r17 94w');
  await box.press('Escape');
  await page.getByRole('form', { name: 'Search again' }).getByRole('button', { name: 'Submit' }).click();
  await expect(chips).toContainText('Size 225/45R17');
  await expect(chips).toContainText('Load index 94, speed rating W');
  await snap(page, 'searchbox-service-desktop');
  await page.getByRole('button', { name: 'Remove Load index 94, speed rating W' }).click();
  await expect(page).toHaveURL(/query=225%2F45r17$/);
  await expect(box).toHaveValue('225/45r17');
  await expect(chips).not.toContainText('Load index');
});

test('every state of the search box, at desktop and phone widths', async ({ page }) => {
  for (const [width, height, name] of [
    [1366, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Chips and the Ratio/Rim facet of a partial size.
    await page.goto('/shop?query=225');
    await expect(page.getByTestId('result-card').first()).toBeVisible();
    await snap(page, `searchbox-state-partial-${name}`);
    await page.goto('/shop?query=all%20season%20225%2F45r17');
    await expect(page.getByLabel('Search understood as')).toContainText('Category: All-Season');
    await expect(page.getByTestId('result-card').first()).toBeVisible();
    await snap(page, `searchbox-state-chips-${name}`);
    // Nothing found, with suggestions; and with none (one notice either way).
    await page.goto('/shop?query=michelin%20225%2F50r16');
    await expect(page.getByText('try one of these')).toBeVisible();
    await expect(page.getByText('No tires match')).toHaveCount(1);
    await snap(page, `searchbox-state-suggestions-${name}`);
    await page.goto('/shop?query=qqqqqq');
    await expect(page.getByText('No tires match')).toHaveCount(1);
    await snap(page, `searchbox-state-zero-${name}`);
    // The Sizes facet of a vehicle with several OE sizes.
    const res = await page.request.get('/api/v1/vehicle/search?make=Toyota&model=Camry&pageSize=100');
    const list = (await res.json()).data.list as {
      year: number;
      make: string;
      model: string;
      option: string;
      sizes: unknown[];
    }[];
    const v = list.find((x) => x.sizes.length > 1);
    if (v) {
      const q = new URLSearchParams({
        year: String(v.year),
        vmake: v.make,
        vmodel: v.model,
        option: v.option,
      });
      await page.goto(`/shop?${q}`);
      await expect(page.getByTestId('result-card').first()).toBeVisible();
      await snap(page, `searchbox-state-vehicle-sizes-${name}`);
    }
    // Type-ahead open.
    await page.goto('/');
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Tire search' }).pressSequentially('225', { delay: 30 });
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('225/');
    await page.screenshot({ path: `screenshots/searchbox-state-typeahead-${name}.png` });
  }
});

test('the results of a text search, with their search box and chips, do not scroll sideways at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const query of ['all season 225/45r17 94v', 'michelin 225/50r16', 'qqqqqq']) {
    await page.goto(`/shop?query=${encodeURIComponent(query)}`);
    await expect(page.getByRole('form', { name: 'Search again' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText('tires');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});
