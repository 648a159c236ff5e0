import { expect, type Page, request, test } from './fixtures';
import { DEMO_PASSWORD, signIn, signOut, snap } from './helpers';

// The installer area: a buyer checks out to an installer chosen near a ZIP (with its distance),
// and the installer opens the order from its list with the keyboard, sets the appointment,
// marks the tires received and mounted with the labour. Desktop and phone screenshots.

const shots = (page: Page, name: string) => snap(page, `installer-${name}`);

async function pay(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'Thank you: order TR-' });
  await expect(placed).toBeVisible();
  return (await placed.textContent())?.match(/TR-\d+/)?.[0] ?? '';
}

test('a buyer orders to the installer, and the installer receives and mounts it', async ({
  page,
  baseURL,
}) => {
  const buyer = await request.newContext({ baseURL });
  expect(
    (await buyer.post('/api/v1/login', { data: { username: 'buyer', password: DEMO_PASSWORD } })).ok(),
  ).toBe(true);
  const item = (
    await (await buyer.post('/api/search/items', { data: { width: 225, ratio: 45, rim: 17 } })).json()
  ).data.list[2];
  await buyer.post('/api/cart', {
    data: {
      orderItemMakeId: item.makeId,
      orderItemModelId: item.modelId,
      orderItemProductId: item.productId,
      orderItemQuantity: 4,
    },
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'An installer' }).check();
  await page.getByLabel('Installers near ZIP').fill('85004');
  await page.getByRole('combobox', { name: 'Installer', exact: true }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /^0 mi · Demo Install Co – 100 Van Buren St, Phoenix, AZ/ })
    .click();
  await expect(page.getByText('Delivery ZIP: 85004')).toBeVisible();
  await shots(page, 'checkout-desktop');
  const number = await pay(page);
  await signOut(page);

  await signIn(page, 'installer');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Installer' }).click();
  await expect(page).toHaveURL(/\/installer$/);
  const list = page.getByRole('region', { name: 'Incoming orders' });
  const row = list.getByRole('button', { name: new RegExp(`Order ${number}`) });
  await expect(row).toBeVisible();
  // The demo installer's two seeded orders are there too.
  await expect(list.getByRole('button', { name: /Order TR-/ })).toHaveCount(3);
  await shots(page, 'list-desktop');

  await row.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: `Order ${number}` });
  await expect(detail.getByRole('heading', { name: `Order ${number}` })).toBeFocused();
  await expect(detail).toContainText('Demo Fleet Services');
  await expect(detail).toContainText('not shipped (0 of 4 tires delivered)');
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
  const local = `${inTwoDays.toISOString().slice(0, 10)}T09:30`;
  await detail.getByLabel('Appointment').fill(local);
  await detail.getByLabel('Vehicle').fill('2019 Ford F-150');
  await detail.getByRole('button', { name: 'Save appointment' }).click();
  await expect(detail.getByText('scheduled', { exact: true })).toBeVisible();
  await expect(detail).toContainText('Vehicle: 2019 Ford F-150');
  await detail.getByRole('button', { name: 'Mark tires received' }).click();
  await expect(detail.getByText('received', { exact: true })).toBeVisible();
  await shots(page, 'detail-desktop');

  // Mounting needs the labour: the field says so, then the order is mounted with it.
  await detail.getByRole('button', { name: 'Mark mounted' }).click();
  await expect(detail.getByText('is needed to mark the tires mounted')).toBeVisible();
  await detail.getByLabel('Mounting labour ($)').fill('80');
  await detail.getByRole('button', { name: 'Mark mounted' }).click();
  await expect(detail.getByText('mounted', { exact: true })).toBeVisible();
  await expect(detail).toContainText('Mounting labour for the bill run: $80.00');
  await expect(detail.getByRole('list', { name: 'History' })).toContainText('mounted by Ines Installer');
  await shots(page, 'mounted-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await shots(page, 'mounted-phone');
  await page.goto('/installer');
  await expect(row).toBeVisible();
  await shots(page, 'list-phone');
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wide).toBe(false);
});

test('a buyer sees no Installer link, and the page says the location is not a bay', async ({ page }) => {
  await signIn(page, 'clerk');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Installer' }),
  ).toHaveCount(0);
  await page.goto('/installer');
  await expect(page.getByText('Your current location is not an installer location')).toBeVisible();
});
