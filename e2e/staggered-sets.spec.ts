import { expect, type Page, test } from './fixtures';
import { apiAs, emptyCart, shipOrder, signIn, snap } from './helpers';

// A staggered set in a browser: a vehicle with different front and rear sizes, its pair added
// from the results as one set, the set together in the cart, checked out, and one set on the
// order, on a desktop and on a phone.

interface Size {
  size: string;
  fitment: number;
  position: 'both' | 'front' | 'rear';
}
interface Vehicle {
  year: number;
  make: string;
  model: string;
  option: string;
  sizes: Size[];
}
interface Item {
  skuCode: string;
  available: number;
  priceCents: number | null;
  rear: { skuCode: string; available: number; priceCents: number | null } | null;
}

const dims = (size: string) => {
  const m = size.match(/(\d{3})\/(\d{2})Z?R(\d{2})/);
  if (!m) throw new Error(`not a size: ${size}`);
  return { width: Number(m[1]), ratio: Number(m[2]), rim: Number(m[3]) };
};

/**
 * A staggered vehicle of the demo data whose search answers pairs with stock for a set of each
 * of them; `skip` passes over the first pairs (each run buys another tire).
 */
async function staggeredPair(page: Page, skip: number) {
  for (let p = 0; p < 40; p++) {
    const res = await page.request.get(`/api/v1/vehicle/search?pageSize=100&page=${p}`);
    const list = (await res.json()).data.list as Vehicle[];
    if (!list.length) break;
    for (const v of list) {
      const rear = v.sizes.find((s) => s.position === 'rear');
      const front = rear && v.sizes.find((s) => s.position === 'front' && s.fitment === rear.fitment);
      if (!rear || !front) continue;
      const r = dims(rear.size);
      const found = await page.request.post('/api/search/items', {
        data: { ...dims(front.size), rearWidth: r.width, rearRatio: r.ratio, rearRim: r.rim },
      });
      const items = ((await found.json()).data.list as Item[]).filter(
        (i) => i.rear && i.priceCents !== null && i.available >= 4 && i.rear.available >= 4,
      );
      if (items.length > skip) return { vehicle: v, item: items[skip] };
      skip -= items.length;
    }
  }
  throw new Error('no staggered vehicle with stocked pairs in the demo data');
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

for (const [width, size, skip] of [
  ['desktop', { width: 1366, height: 900 }, 0],
  ['phone', { width: 390, height: 844 }, 1],
] as const) {
  test(`a staggered set is bought as one set at ${size.width} px`, async ({ page, browser, baseURL }) => {
    await page.setViewportSize(size);
    await signIn(page, 'buyer');
    await emptyCart(page);
    const { vehicle, item } = await staggeredPair(page, skip);
    const rear = item.rear;
    if (!rear) throw new Error('the pair has no rear tire');

    // The vehicle's OE sizes: its staggered fitment opens the search on the front and rear size.
    const q = new URLSearchParams({
      year: String(vehicle.year),
      vmake: vehicle.make,
      vmodel: vehicle.model,
      option: vehicle.option,
    });
    await page.goto(`/oe_selection?${q}`);
    const fitment = page.getByTestId('oe-size').filter({ hasText: 'Staggered set' }).first();
    await fitment.getByRole('link', { name: 'Shop this size' }).click();
    const card = page.getByTestId('result-card').filter({ hasText: `MPN ${item.skuCode}` });
    await expect(async () => {
      await page.mouse.wheel(0, 1200);
      await expect(card).toBeVisible({ timeout: 500 });
    }).toPass();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('Rear:');
    // Two of each unless changed: three at the back this time.
    await expect(card.getByLabel(`Front quantity of ${item.skuCode}`)).toHaveValue('2');
    await card.getByLabel(`Rear quantity of ${rear.skuCode}`).fill('3');
    await expect(card.getByTestId('add-set')).toContainText('Set of 5');
    await card.getByRole('button', { name: 'Add set' }).click();
    await expect(
      page.getByText(`Added the set: 2 × ${item.skuCode} front and 3 × ${rear.skuCode} rear`),
    ).toBeVisible();
    await snap(page, `staggered-results-${width}`);

    // The cart: the two sizes under one heading.
    await page.goto('/checkout');
    const set = page.getByTestId('cart-set');
    await expect(set).toHaveCount(1);
    await expect(set).toContainText('Staggered set');
    await expect(set.getByTestId('cart-line')).toHaveCount(2);
    await expect(set.getByLabel(`Quantity of ${rear.skuCode}`)).toHaveValue('3');
    await noSidewaysScroll(page);
    await snap(page, `staggered-cart-${width}`);

    // Check out with a test card; the order shows one set of two lines.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('CVC').fill('123');
    const placed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(201);
    const order = await answer.json();
    await page.goto(`/orders/${order.orderId}`);
    const heading = page.getByTestId('order-set');
    await expect(heading).toHaveCount(1);
    await expect(heading).toContainText('Staggered set');
    await expect(page.getByText(item.skuCode, { exact: true })).toBeVisible();
    await expect(page.getByText(rear.skuCode, { exact: true })).toBeVisible();
    await noSidewaysScroll(page);
    await snap(page, `staggered-order-${width}`);

    // Delivered, the rear tires go back: the return is taken and the set is marked broken.
    const admin = await apiAs(baseURL, 'admin');
    await shipOrder(admin, order.orderId);
    const rearLine = (order.orderItems as { orderItemId: number; skuCode: string }[]).find(
      (l) => l.skuCode === rear.skuCode,
    );
    const opened = await page.request.post(`/api/v1/order/${order.orderId}/return`, {
      data: { reason: 'defective', items: [{ orderItemId: rearLine?.orderItemId, quantity: 3 }] },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    await page.reload();
    await expect(page.getByTestId('order-set')).toContainText('Set broken: rear returned');
    await noSidewaysScroll(page);
    await snap(page, `staggered-order-broken-${width}`);

    // Staff see the same set, broken, on the back office's order page.
    const staff = await (await browser.newContext({ baseURL, viewport: size })).newPage();
    await signIn(staff, 'admin');
    await staff.goto(`/admin/orders/${order.orderId}`);
    await expect(staff.getByTestId('order-set')).toContainText('Set broken: rear returned');
    await snap(staff, `staggered-staff-order-${width}`);
    await staff.context().close();
    await admin.dispose();
  });
}
