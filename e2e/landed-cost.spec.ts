import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Cart } from '../src/contract/order-shapes';
import { formatCents as money } from '../src/domain/money';
import { pdfTexts } from '../src/server/test/pdf-text';
import { expect, type Page, test } from './fixtures';
import { signIn, snap } from './helpers';

// Landed cost in the browser (docs/domain.md, "Landed cost"): sales tax by the delivery, the
// exemption of a verified certificate, the excise tax of a heavy LT tire, the California tire
// fee, the installer's out-the-door figure on the card and in the cart, and the invoice PDF.
// The baskets are put together through the API (the cart's own calls); the pages are looked at
// at 1366 and 390 px, and the figures are checked to the cent against the cart's answer.

interface Item {
  productId: number;
  makeId: number;
  modelId: number;
  skuCode: string;
  size: string;
  loadIndex: number | null;
  fetUnitCents: number;
  available: number;
}

/** A line's tax: its taxable part at parts per million, half up (docs/domain.md). */
const taxOf = (taxableCents: number, ppm: number) => Math.floor((taxableCents * ppm + 500_000) / 1_000_000);

async function json<T>(res: {
  ok(): boolean;
  text(): Promise<string>;
  json(): Promise<unknown>;
}): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function search(page: Page, body: object): Promise<Item[]> {
  return (
    await json<{ data: { list: Item[] } }>(await page.request.post('/api/search/items', { data: body }))
  ).data.list;
}

/** The demo's heavy light-truck tire: LT325/65R18, load index 127 (3,858 lb). */
async function heavyTire(page: Page) {
  const tire = (await search(page, { width: 325, ratio: 65, rim: 18 })).find(
    (i) => i.size === 'LT325/65R18' && i.loadIndex === 127,
  );
  if (!tire) throw new Error('the demo LT325/65R18 is not for sale');
  return tire;
}

/** A passenger tire in stock that carries no excise tax. */
async function passengerTire(page: Page) {
  const tire = (await search(page, { width: 225, ratio: 45, rim: 17 })).find(
    (i) => i.fetUnitCents === 0 && i.available >= 8,
  );
  if (!tire) throw new Error('no 225/45R17 in stock');
  return tire;
}

/** Empties the cart, delivers it to the location and puts these tires in it: the cart's answer. */
async function basket(page: Page, items: [Item, number][]): Promise<Cart> {
  const before = await json<Cart & { orderItems: { orderItemId: number }[] }>(
    await page.request.get('/api/cart'),
  );
  if (before.orderItems.length)
    await json(
      await page.request.put('/api/cart', {
        data: {
          orderItems: before.orderItems.map((l) => ({
            orderItemId: (l as unknown as { orderItemId: number }).orderItemId,
            orderItemQuantity: 0,
          })),
        },
      }),
    );
  await json(await page.request.put('/api/cart/shipping', { data: { kind: 'location' } }));
  for (const [item, quantity] of items)
    await json(
      await page.request.post('/api/cart/item', {
        data: {
          orderItemMakeId: item.makeId,
          orderItemModelId: item.modelId,
          orderItemProductId: item.productId,
          orderItemQuantity: quantity,
        },
      }),
    );
  return json<Cart>(await page.request.get('/api/cart'));
}

const deliverTo = async (page: Page, body: object) =>
  json<Cart>(await page.request.put('/api/cart/shipping', { data: body }));

/** The demo installer location Install Bay Phoenix (AZ 85004). */
async function phoenixBay(page: Page) {
  const bays = await json<{ list: { locationId: number; name: string }[] }>(
    await page.request.get('/api/installer/locations?zip=85004&radiusMiles=50'),
  );
  const bay = bays.list.find((l) => l.name === 'Install Bay Phoenix');
  if (!bay) throw new Error('Install Bay Phoenix is not listed');
  return bay.locationId;
}

/** Screenshots of the page as it is at 1366 px wide, then at 390 px (a phone), each after `check`. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await check();
    // From the top: a full-page shot of a scrolled page draws the sticky header where it was.
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `landed-${name}-${width}`);
  }
}

/** The checkout page's totals table row of a part, by its name. */
const totalsRow = (page: Page, name: string | RegExp) =>
  page.getByRole('table', { name: 'Totals' }).getByRole('row', { name });

async function openCheckout(page: Page, cart: Cart) {
  await page.goto('/checkout');
  await expect(page.getByTestId('cart-total')).toHaveText(money(cart.totals.totalCents));
}

test.describe.configure({ timeout: 120_000 });

test('a delivery to Fleet HQ Austin is taxed at the Austin rate, and the heavy LT tire carries its FET as its own line', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const heavy = await heavyTire(page);
  expect(heavy.fetUnitCents).toBe(338);
  const cart = await basket(page, [[heavy, 4]]);
  expect(cart.tax).toEqual({ state: 'TX', ratePpm: 82_500, certificate: null });
  const [line] = cart.orderItems;
  expect(line.fetUnitCents).toBe(338);
  expect(cart.totals.fetCents).toBe(4 * 338);
  // Texas taxes the tires, their excise tax and the shipping.
  expect(line.taxCents).toBe(taxOf(line.lineTotalCents + 4 * 338 + line.shippingCents, 82_500));
  expect(cart.totals.taxCents).toBe(line.taxCents);

  // The result card says what comes on top of the price.
  await page.goto(`/shop?query=${encodeURIComponent(heavy.skuCode)}`);
  const card = page.getByTestId('result-card').filter({ hasText: heavy.skuCode });
  await atBothWidths(page, 'card-fet', async () => {
    await expect(card.getByTestId('fet-note')).toHaveText('+ $3.38 FET');
    await card.scrollIntoViewIfNeeded();
  });

  await openCheckout(page, cart);
  await atBothWidths(page, 'austin-taxed', async () => {
    await expect(totalsRow(page, 'Federal excise tax')).toContainText('$13.52');
    await expect(totalsRow(page, /^Tax \(TX 8\.25 %\)/)).toContainText(money(cart.totals.taxCents));
    await expect(page.getByTestId('line-charges').first()).toHaveText('+ FET $3.38 / tire');
  });
});

test('the same basket for Resale Houston, with its verified Texas resale certificate, is not taxed and names the certificate', async ({
  page,
}) => {
  await signIn(page, 'reseller');
  const session = await json<{ locations: { locationId: number; locationName: string }[] }>(
    await page.request.get('/api/session'),
  );
  const houston = session.locations.find((l) => l.locationName === 'Resale Houston');
  await json(await page.request.put('/api/location', { data: { locationId: houston?.locationId } }));
  const cart = await basket(page, [[await heavyTire(page), 4]]);
  expect(cart.tax).toMatchObject({
    state: 'TX',
    ratePpm: 0,
    certificate: { kind: 'resale', number: '1-23-4567890-1' },
  });
  expect(cart.totals.taxCents).toBe(0);
  expect(cart.totals.fetCents).toBe(4 * 338);
  await openCheckout(page, cart);
  await atBothWidths(page, 'houston-exempt', async () => {
    await expect(totalsRow(page, 'Tax (TX exempt: resale 1-23-4567890-1)')).toContainText('$0.00');
    await expect(totalsRow(page, 'Federal excise tax')).toContainText('$13.52');
  });
});

test('a delivery into Los Angeles carries the California tire fee per tire, untaxed, and the Los Angeles rate', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await basket(page, [[await passengerTire(page), 4]]);
  const cart = await deliverTo(page, {
    kind: 'address',
    address: { name: 'LA Yard', address1: '200 N Spring St', city: 'Los Angeles', state: 'CA', zip: '90012' },
  });
  expect(cart.tax).toEqual({ state: 'CA', ratePpm: 97_500, certificate: null });
  const [line] = cart.orderItems;
  expect(line.tireFeeUnitCents).toBe(175);
  expect(cart.totals.tireFeeCents).toBe(700);
  // California taxes the tires, not the separately stated delivery or its own fee.
  expect(line.taxCents).toBe(taxOf(line.lineTotalCents, 97_500));
  await openCheckout(page, cart);
  await atBothWidths(page, 'california-fee', async () => {
    await expect(totalsRow(page, 'CA tire fee')).toContainText('$7.00');
    await expect(totalsRow(page, /^Tax \(CA 9\.75 %\)/)).toContainText(money(cart.totals.taxCents));
    await expect(page.getByTestId('line-charges').first()).toHaveText('+ tire fee $1.75 / tire');
  });
});

test('delivered to Install Bay Phoenix, the card shows the out-the-door figure of the cart line, and the cart its total with the services', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const heavy = await heavyTire(page);
  await basket(page, []);
  await deliverTo(page, { kind: 'installer', installerLocationId: await phoenixBay(page) });

  // The card, before anything of this tire is in the cart: per tire and for the 4 of its field.
  await page.goto(`/shop?query=${encodeURIComponent(heavy.skuCode)}`);
  const card = page.getByTestId('result-card').filter({ hasText: heavy.skuCode });
  const note = card.getByTestId('out-the-door');
  await expect(note).toContainText('a tire out the door at Install Bay Phoenix');
  const cardTotal = await note.getByTestId('out-the-door-total').textContent();
  const cardUnit = await note.getByTestId('out-the-door-unit').textContent();
  await atBothWidths(page, 'card-out-the-door', async () => {
    await card.scrollIntoViewIfNeeded();
    await expect(note).toContainText('4 for');
  });
  // The product page says the same.
  await page.goto(`/shop/product/${encodeURIComponent(heavy.skuCode)}?make=${heavy.makeId}`);
  await atBothWidths(page, 'product-out-the-door', async () => {
    await expect(page.getByTestId('out-the-door-total')).toHaveText(cardTotal ?? '');
    await expect(page.getByTestId('out-the-door-unit')).toHaveText(cardUnit ?? '');
  });
  await page.goBack();
  await card.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(/^Added 4 × /)).toBeVisible();

  const cart = await json<Cart>(await page.request.get('/api/cart'));
  expect(cart.tax.state).toBe('AZ');
  const [line] = cart.orderItems;
  expect(line.orderItemQuantity).toBe(4);
  expect(line.fetUnitCents).toBe(338);
  expect(line.servicesUnitCents).toBeGreaterThan(0);
  expect(line.tireFeeUnitCents).toBeGreaterThan(0);
  // The card's 4 = the cart line without its shipping (Arizona does not tax shipping), to the cent.
  const lineOutTheDoor =
    line.lineTotalCents +
    4 * (line.fetUnitCents + line.tireFeeUnitCents + line.servicesUnitCents) +
    line.taxCents;
  expect(cardTotal).toBe(money(lineOutTheDoor));
  const one = line.lineTotalCents / 4 + 338 + line.tireFeeUnitCents + line.servicesUnitCents;
  expect(cardUnit).toBe(money(one + taxOf(line.lineTotalCents / 4 + 338, cart.tax.ratePpm)));

  await openCheckout(page, cart);
  await page.getByRole('button', { name: 'Show the parts' }).click();
  await expect(page.getByRole('button', { name: 'Hide the parts' })).toBeVisible();
  // The parts open with Mantine's Collapse transition (200 ms): the shots show them whole.
  await page.waitForTimeout(400);
  await atBothWidths(page, 'phoenix-out-the-door', async () => {
    await expect(page.getByRole('table', { name: 'Out-the-door total' })).toContainText(
      money(cart.totals.totalCents),
    );
    await expect(page.getByRole('combobox', { name: 'Installer' })).toHaveValue('Install Bay Phoenix');
    await expect(totalsRow(page, 'Installer services')).toContainText(money(cart.totals.servicesCents));
    await expect(totalsRow(page, 'AZ tire fee')).toContainText(money(cart.totals.tireFeeCents));
    await expect(totalsRow(page, /^Tax \(AZ/)).toContainText(money(cart.totals.taxCents));
  });
});

test('the invoice PDF of an order to Install Bay Phoenix lists each line with its excise tax, fee, installation and tax', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const cart = await basket(page, [
    [await heavyTire(page), 2],
    [await passengerTire(page), 2],
  ]);
  // To the installer: the invoice then has every part, excise tax, Arizona's fee, the services, tax.
  await deliverTo(page, { kind: 'installer', installerLocationId: await phoenixBay(page) });
  const placed = await json<Cart & { orderId: number; number: string }>(
    await page.request.post('/api/cart/checkout', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        paymentMethod: 'card',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    }),
  );
  expect(placed.orderItems).toHaveLength(cart.orderItems.length);
  const res = await page.request.get(`/api/order/${placed.orderId}/invoice`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const pdf = await res.body();
  mkdirSync('screenshots', { recursive: true });
  writeFileSync('screenshots/landed-invoice.pdf', pdf);
  // Rendered to a picture for a person to look at (poppler-utils' pdftoppm, where installed).
  if (spawnSync('pdftoppm', ['-v']).status === 0)
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      'screenshots/landed-invoice.pdf',
      'screenshots/landed-invoice',
    ]);
  else
    test.info().annotations.push({ type: 'note', description: 'no pdftoppm: the invoice is not rendered' });
  const text = pdfTexts(pdf).join('\n');
  for (const l of placed.orderItems) {
    const charged =
      l.lineTotalCents +
      l.orderItemQuantity * (l.fetUnitCents + l.tireFeeUnitCents + l.servicesUnitCents) +
      l.shippingCents +
      l.taxCents;
    expect(text).toContain(money(charged));
    expect(text).toContain(money(l.taxCents));
  }
  expect(placed.totals.servicesCents).toBeGreaterThan(0);
  expect(text).toContain(`Installer services: ${money(placed.totals.servicesCents)}`);
  expect(text).toContain(money(placed.totals.fetCents));
  expect(text).toContain(money(placed.totals.tireFeeCents));
  expect(text).toContain(money(placed.totals.taxCents));
  expect(text).toContain(money(placed.totals.totalCents));
});
