import { expect, type Page, test } from './fixtures';
import { matchPath } from 'react-router';
import { webRoutes } from '../scripts/web-routes';
import { DEMO_PASSWORD, snap } from './helpers';

// Phones: no page scrolls sideways at 360 px, for every demo role, on every route of
// the router (read from router.tsx, so a page added there is measured without touching this
// file). Routes with parameters (/orders/:id) and the console's areas (/admin/*) are reached
// through the links the role's pages show.

const PHONE = { width: 360, height: 740 };
const roles = ['buyer', 'clerk', 'supplier', 'installer', 'reseller', 'admin', 'sales', 'support', 'finance'];
/**
 * Roles whose pages are a subset of another role's, shown the same way or with fewer columns: a
 * page shape the wider role measured is not measured again (this keeps the sweep's time in CI
 * bounded). The shapes only the narrower role reaches are still measured.
 */
const measuredBy: Record<string, string> = {
  clerk: 'buyer',
  sales: 'admin',
  support: 'admin',
  finance: 'admin',
};
/** Page shapes each role measured (tests of this file run in order in one worker). */
const measured = new Map<string, Set<string>>();
const routes = webRoutes();
/** Pages that are not places: the catch-all not-found route (/logout only offers a button). */
const notVisited = ['/*'];

async function signInQuickly(page: Page, username: string) {
  const res = await page.request.post('/api/v1/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
}

/** Waits for a page's data: the network quiet (bounded) and no loader left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 8_000 });
}

/** How far the page is wider than the screen, and the elements that stick out. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroll = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const culprits: string[] = [];
    if (scroll > width) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0 && culprits.length < 4) {
          const h = el as HTMLElement;
          culprits.push(
            `${h.tagName.toLowerCase()}${h.className ? `.${String(h.className).split(' ')[0]}` : ''} "${(h.textContent ?? '').slice(0, 30)}"`,
          );
        }
      }
    }
    return { width, scroll, culprits };
  });
}

/** The router's route a link leads to, or undefined when none (mailto:, other sites). */
const routeOf = (href: string) => {
  const pathname = new URL(href, 'http://x').pathname;
  return routes.find((r) => !notVisited.includes(r.path) && matchPath({ path: r.path, end: true }, pathname));
};
/** One visit per shape of address: /orders/12 and /orders/13 are the same page. */
const shapeOf = (href: string) => new URL(href, 'http://x').pathname.replace(/\d+/g, '#');

for (const role of roles) {
  test(`no page scrolls sideways at 360 px: ${role}`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(PHONE);
    await signInQuickly(page, role);
    const queue = routes
      .map((r) => r.path)
      .filter((p) => !notVisited.includes(p) && !p.includes(':') && !p.includes('*'));
    const shapes = new Set(queue.map(shapeOf));
    const skip = measured.get(measuredBy[role] ?? '') ?? new Set<string>();
    const mine = new Set<string>();
    measured.set(role, mine);
    const wide: string[] = [];
    let visited = 0;
    let skipped = 0;
    while (queue.length && visited < 80) {
      const href = queue.shift()!;
      if (skip.has(shapeOf(href))) {
        skipped += 1;
        continue;
      }
      mine.add(shapeOf(href));
      visited += 1;
      await page.goto(href);
      await settle(page);
      const o = await overflowOf(page);
      if (o.scroll > o.width) wide.push(`${href}: ${o.scroll} px > ${o.width} px (${o.culprits.join('; ')})`);
      // Pages with parameters and the console's areas: through this page's links.
      const links = await page
        .locator('a[href^="/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      for (const link of links) {
        const shape = shapeOf(link);
        if (shapes.has(shape) || !routeOf(link)) continue;
        shapes.add(shape);
        queue.push(link);
      }
    }
    const as = measuredBy[role] ? `, ${skipped} more as ${measuredBy[role]}` : '';
    console.log(`${role}: ${visited} pages measured at ${PHONE.width} px${as}`);
    expect(wide, `pages wider than ${PHONE.width} px for ${role}`).toEqual([]);
  });
}

/** Inside the screen horizontally (what a phone user can reach without scrolling sideways). */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('on a phone (360 px)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInQuickly(page, 'buyer');
  });

  test('the header keeps the user name, Logout, the basket and the location switcher', async ({ page }) => {
    await page.goto('/');
    await expectOnScreen(page, page.getByTestId('user-name'));
    await expectOnScreen(page, page.getByRole('button', { name: 'Logout' }));
    await expectOnScreen(page, page.getByRole('link', { name: /^Basket/ }));
    // On a phone the switcher is a pin button: the select's own list opens from it.
    const pin = page.getByRole('combobox', { name: 'Current location' });
    await expectOnScreen(page, pin);
    expect((await pin.boundingBox())!.width).toBeLessThanOrEqual(40);
    // The buyer has two locations: switch and back.
    const chosen = () => pin.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text);
    const before = (await chosen())!;
    const other = ['Fleet HQ Austin', 'Fleet Yard Denver'].find((l) => l !== before)!;
    await pin.selectOption({ label: other });
    await expect(pin).toHaveAttribute('title', `Current location: ${other}`);
    await pin.selectOption({ label: before });
    await expect(pin).toHaveAttribute('title', `Current location: ${before}`);
    await page.getByTestId('user-name').click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('the size and vehicle selectors stack at full width', async ({ page }) => {
    await page.goto('/');
    // The width select is drawn anew once its list is in (SearchPanel): measure that one.
    await expect(page.getByRole('combobox', { name: 'Tire Width', exact: true })).toBeEnabled();
    const boxes = [];
    for (const label of ['Tire Width', 'Tire Ratio', 'Rim Size']) {
      const box = (await page.getByRole('combobox', { name: label, exact: true }).boundingBox())!;
      expect(box.width).toBeGreaterThan(250);
      boxes.push(box);
    }
    expect(boxes[1].y).toBeGreaterThan(boxes[0].y + boxes[0].height - 1);
    expect(boxes[2].y).toBeGreaterThan(boxes[1].y + boxes[1].height - 1);
    await snap(page, 'phone-360-home');
    await page.getByRole('tab', { name: 'Vehicle' }).click();
    await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toBeEnabled();
    for (const label of ['Year', 'Make', 'Model', 'Options']) {
      const box = (await page.getByRole('combobox', { name: label, exact: true }).boundingBox())!;
      expect(box.width).toBeGreaterThan(250);
    }
  });

  test('results: cards stack with price and Add to cart on screen; filters in a drawer, chips above', async ({
    page,
  }) => {
    await page.goto('/shop?width=225&ratio=45&rim=17');
    const card = page.getByTestId('result-card').first();
    await expect(card).toBeVisible();
    // The first result comes right after the toolbar, not after a panel of filters.
    expect((await card.boundingBox())!.y).toBeLessThan(400);
    await expectOnScreen(page, card.getByTestId('price'));
    await expectOnScreen(page, card.getByRole('button', { name: 'Add to cart' }));
    await expectOnScreen(page, card.getByRole('textbox', { name: /^Quantity of/ }));
    // The sidebar of wider screens is not shown above the results.
    await expect(page.locator('[aria-label="Filters"]')).toBeHidden();
    await snap(page, 'phone-360-results');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    // The box follows the URL (the search reloads), so click and wait rather than check().
    const box = drawer.getByRole('checkbox').first();
    await box.click();
    await expect(box).toBeChecked();
    await drawer.getByRole('button', { name: /^Show/ }).click();
    await expect(drawer).toBeHidden();
    const chips = page.getByLabel('Applied filters');
    // Width, ratio and rim, and the facet value just chosen (whichever facet the drawer lists first).
    await expect(chips.getByRole('button', { name: /^Remove / })).toHaveCount(4);
    expect((await chips.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);
    await expect(page.getByRole('button', { name: 'Filters (4)' })).toBeVisible();
    await snap(page, 'phone-360-results-filtered');
  });

  test('checkout: each cart line fits, with its quantity on screen', async ({ page }) => {
    await page.goto('/shop?width=225&ratio=45&rim=17');
    const card = page.getByTestId('result-card').first();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toContainText(/[1-9]/);
    await page.goto('/checkout');
    const line = page.getByTestId('cart-line').first();
    await expect(line).toBeVisible();
    await expectOnScreen(page, line.getByRole('textbox', { name: /^Quantity of/ }));
    await expectOnScreen(page, line.getByRole('button', { name: /^Remove/ }));
    const o = await overflowOf(page);
    expect(o.scroll).toBeLessThanOrEqual(o.width);
    await snap(page, 'phone-360-checkout');
    // Leave the cart as found: remove what this test added.
    const remove = page
      .getByTestId('cart-line')
      .first()
      .getByRole('button', { name: /^Remove/ });
    await remove.click();
  });
});
