import { type Browser, expect, type Page, test } from './fixtures';
import { signIn, snap } from './helpers';

// A fleet buyer asks for 3 sizes × 16 tires; sales generates options (the progress bar moves),
// prices one under its floor and is refused, fixes it, finalizes and e-mails; the buyer opens the
// e-mailed link, sees each option's tax and fees and the landed total, accepts, and the order
// costs exactly the quote's total, tax and fees included.
const sizes = ['225/45R17', '205/55R16', '215/60R16'];

async function staffPage(browser: Browser, username: string, width = 1366): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signIn(page, username);
  return page;
}

test('a fleet quote from request to an order at the quoted total', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await page.goto('/quotes/new');
  await page.getByLabel('What is it for?').fill('Spring fleet rotation');
  for (const [i, size] of sizes.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel(`Line ${i + 1}: tire size`).fill(size);
    await page.getByLabel('Tires').nth(i).fill('16');
  }
  await snap(page, 'quotes-request-1366');
  // The request form on a narrow phone: a vehicle line with its constraints open, no sideways scroll.
  const narrow = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signIn(narrow, 'buyer');
  await narrow.goto('/quotes/new');
  await narrow.getByRole('radiogroup', { name: 'Line 1: ask by' }).getByText('Vehicle').click();
  await narrow.getByRole('button', { name: 'Constraints for line 1' }).click();
  await expect(narrow.getByRole('combobox', { name: 'Line 1: brands' })).toBeVisible();
  expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await snap(narrow, 'quotes-request-360');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteId = Number(page.url().split('/').pop());
  await expect(page.getByText('Sales is preparing your options')).toBeVisible();

  const sales = await staffPage(browser, 'sales');
  await sales.goto(`/admin/quotes/${quoteId}`);
  await sales.getByRole('button', { name: 'Generate options' }).click();
  await expect(sales.getByTestId('generation-progress')).toHaveText('3 of 3 lines · done');
  await expect(sales.getByText('Line 1: 16 × 225/45R17')).toBeVisible();
  await snap(sales, 'quotes-workspace-1366');

  // One dollar a tire is under any floor: finalizing is refused, naming the line and its floor.
  await sales.getByLabel('Price per tire, good').first().fill('1');
  await sales.getByRole('button', { name: 'Set', exact: true }).first().click();
  await expect(sales.getByText('price is below the floor')).toBeVisible();
  await sales.getByRole('button', { name: 'Finalize' }).click();
  await expect(sales.getByText(/Prices below their floor: line 1 good/)).toBeVisible();
  await snap(sales, 'quotes-floor-refused-1366');
  await sales.getByRole('button', { name: 'Re-price line' }).first().click();
  await expect(sales.getByText('price is below the floor')).toHaveCount(0);
  await sales.getByRole('button', { name: 'Finalize' }).click();
  await expect(sales.getByRole('button', { name: 'E-mail the quote' })).toBeVisible();
  await sales.getByRole('button', { name: 'E-mail the quote' }).click();
  await expect(sales.getByText('Sent.')).toBeVisible();

  const admin = await staffPage(browser, 'admin');
  const mails = (await (await admin.request.get('/api/v1/mailbox?pageSize=100')).json()).data.list as {
    subject: string;
    text: string;
  }[];
  const mail = mails.find((m) => m.subject.includes(`Q-${quoteId}`));
  expect(mail).toBeTruthy();
  const link = mail?.text.match(/https?:\/\/\S+\/quotes\/\d+/)?.[0] ?? '';
  expect(link).toContain(`/quotes/${quoteId}`);

  await page.goto(new URL(link).pathname);
  for (let line = 1; line <= 3; line++) await page.getByLabel(`Choose Good for line ${line}`).check();
  const totalText = (await page.getByTestId('quote-total').textContent()) ?? '';
  // Delivered to the buyer's Austin location: tax at Austin's rate; Texas has no tire fee, these
  // tires no excise tax and the delivery no installer, so none of those is listed.
  const totals = page.getByRole('table', { name: 'Totals' });
  await expect(totals).toContainText('Tax (TX 8.25 %)');
  for (const part of ['Federal excise tax', 'TX tire fee', 'Installer services'])
    await expect(totals).not.toContainText(part);
  await expect(page.getByText(/at the rates in force on \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await snap(page, 'quotes-accept-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'quotes-accept-390');
  await page.getByRole('button', { name: 'Accept and check out' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const answer = await (await page.request.get(`/api/order/${orderId}`)).json();
  const order = answer.data ?? answer;
  const quoted = Number(totalText.replace(/[^0-9.]/g, ''));
  expect(order.totals.totalCents).toBe(Math.round(quoted * 100));
  expect(order.totals.taxCents).toBeGreaterThan(0);
  await snap(page, 'quotes-order-390');

  const mobileSales = await staffPage(browser, 'sales', 390);
  await mobileSales.goto(`/admin/quotes/${quoteId}`);
  await expect(mobileSales.getByText('accepted').first()).toBeVisible();
  await snap(mobileSales, 'quotes-workspace-390');
});

test('a quote mounted at the Phoenix installer is out the door, and its order costs exactly that', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'buyer');
  await page.goto('/quotes/new');
  await page.getByLabel('What is it for?').fill('Mounted set for the Phoenix van');
  await page.getByRole('combobox', { name: 'Deliver to' }).click();
  await page.getByRole('option', { name: /Install Bay Phoenix/ }).click();
  await page.getByLabel('Line 1: tire size').fill('225/45R17');
  await page.getByLabel('Tires').first().fill('4');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteId = Number(page.url().split('/').pop());

  const sales = await staffPage(browser, 'sales');
  await sales.goto(`/admin/quotes/${quoteId}`);
  await expect(sales.getByText(/mounted at Install Bay Phoenix/)).toBeVisible();
  await sales.getByRole('button', { name: 'Generate options' }).click();
  await expect(sales.getByTestId('generation-progress')).toHaveText('1 of 1 lines · done');
  await sales.getByRole('button', { name: 'Finalize' }).click();
  await sales.getByRole('button', { name: 'E-mail the quote' }).click();
  await expect(sales.getByText('Sent.')).toBeVisible();

  await page.goto(`/quotes/${quoteId}`);
  await expect(page.getByText(/mounted at Install Bay Phoenix/)).toBeVisible();
  await page.getByLabel('Choose Good for line 1').check();
  await expect(page.getByRole('table', { name: 'Out-the-door total' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the parts' }).click();
  const parts = page.getByRole('table', { name: 'Totals' });
  await expect(parts).toContainText('Installer services');
  await expect(parts).toContainText('AZ tire fee');
  await expect(parts).toContainText('Tax (AZ');
  // The parts have slid open (the screenshot would catch them half-drawn): the collapse is as tall as its table.
  await expect
    .poll(async () => {
      const [shown, table] = await Promise.all([
        parts.locator('xpath=..').boundingBox(),
        parts.boundingBox(),
      ]);
      return Math.round((table?.height ?? 0) - (shown?.height ?? 0));
    })
    .toBeLessThanOrEqual(0);
  await expect(page.getByTestId('option-services').first()).toContainText('Installer services');
  const totalText = (await page.getByTestId('quote-total').textContent()) ?? '';
  await snap(page, 'quotes-installer-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'quotes-installer-390');
  await page.getByRole('button', { name: 'Accept and check out' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const answer = await (await page.request.get(`/api/order/${orderId}`)).json();
  const order = answer.data ?? answer;
  expect(order.totals.totalCents).toBe(Math.round(Number(totalText.replace(/[^0-9.]/g, '')) * 100));
  expect(order.totals.servicesCents).toBeGreaterThan(0);
  expect(order.delivery.kind).toBe('installer');
});

test('sales opens a quote in the console; admin sets the floors (margin and MAP)', async ({ browser }) => {
  test.setTimeout(90_000);
  const sales = await staffPage(browser, 'sales');
  await sales.goto('/admin/quotes');
  await sales.getByRole('link', { name: 'New quote' }).click();
  await expect(sales).toHaveURL(/\/admin\/quotes\/new$/);
  await sales.getByRole('combobox', { name: 'Customer company' }).fill('Demo Fleet');
  await sales.getByRole('listbox').getByRole('option', { name: 'Demo Fleet Services' }).click();
  await sales.getByRole('combobox', { name: 'Ships to (location)' }).click();
  await sales.getByRole('listbox').getByRole('option').first().click();
  await sales.getByLabel('Title').fill('Console fleet quote');
  await sales.getByLabel('Line 1: tire size').fill('225/45R17');
  await sales.getByLabel('Tires').first().fill('8');
  // Line 1 carries constraints: a brand, a minimum speed rating and a budget per tire.
  await sales.getByRole('button', { name: 'Constraints for line 1' }).click();
  await sales.getByRole('combobox', { name: 'Line 1: brands' }).fill('Michelin');
  await sales.getByRole('combobox', { name: 'Line 1: brands' }).press('Enter');
  await sales.getByRole('combobox', { name: 'Min. speed rating' }).click();
  await sales.getByRole('listbox').getByRole('option', { name: 'V', exact: true }).click();
  await sales.getByLabel('Budget per tire ($)').fill('180');
  // Line 2 asks by vehicle (year → make → model → option), line 3 by MPN.
  await sales.getByRole('button', { name: 'Add a line' }).click();
  await sales.getByRole('radiogroup', { name: 'Line 2: ask by' }).getByText('Vehicle').click();
  await sales.getByRole('combobox', { name: 'Line 2: year' }).fill('2020');
  await sales.getByRole('listbox').getByRole('option', { name: '2020', exact: true }).click();
  await sales.getByRole('combobox', { name: 'Make' }).fill('Toyota');
  await sales.getByRole('listbox').getByRole('option', { name: 'Toyota', exact: true }).click();
  await sales.getByRole('combobox', { name: 'Model' }).fill('Camry');
  await sales.getByRole('listbox').getByRole('option', { name: 'Camry', exact: true }).click();
  await sales.getByRole('combobox', { name: 'Option' }).click();
  await sales.getByRole('listbox').getByRole('option').first().click();
  await sales.getByRole('button', { name: 'Add a line' }).click();
  await sales.getByRole('radiogroup', { name: 'Line 3: ask by' }).getByText('MPN').click();
  await sales.getByLabel('Line 3: MPN').fill('E2E-MPN-1');
  await sales.getByLabel('Tires').nth(2).fill('2');
  await snap(sales, 'quotes-new-1366');
  await sales.getByRole('button', { name: 'Create the quote' }).click();
  await expect(sales).toHaveURL(/\/admin\/quotes\/\d+$/);
  await expect(sales.getByText('Line 1: 8 × 225/45R17')).toBeVisible();
  await expect(sales.getByText('Constraints: Michelin · speed ≥ V · ≤ $180.00 a tire')).toBeVisible();
  await expect(sales.getByText(/Line 2: 4 × 2020 Toyota Camry \S/)).toBeVisible();
  await expect(sales.getByText('Line 3: 2 × MPN E2E-MPN-1')).toBeVisible();
  await snap(sales, 'quotes-workspace-lines-1366');
  // The workspace edits the same lines: they come back as typed, and a change is saved.
  await sales.getByRole('button', { name: 'Edit lines' }).click();
  await expect(sales.getByRole('combobox', { name: 'Model' })).toHaveValue('Camry');
  await expect(sales.getByLabel('Line 3: MPN')).toHaveValue('E2E-MPN-1');
  await sales.getByLabel('Tires').nth(2).fill('6');
  await snap(sales, 'quotes-workspace-edit-1366');
  await sales.getByRole('button', { name: 'Save lines' }).click();
  await expect(sales.getByText('Line 3: 6 × MPN E2E-MPN-1')).toBeVisible();
  await expect(sales.getByText(/Line 2: 4 × 2020 Toyota Camry \S/)).toBeVisible();
  await expect(sales.getByText('Constraints: Michelin · speed ≥ V · ≤ $180.00 a tire')).toBeVisible();
  await expect(sales.getByText(/Demo Fleet Services/)).toBeVisible();

  const admin = await staffPage(browser, 'admin');
  await admin.goto('/admin/quote-floors');
  const margin = admin.getByLabel(/Minimum margin of .*, percent of cost/).first();
  await margin.fill('12.5');
  await admin.getByRole('button', { name: 'Save' }).first().click();
  await expect(admin.getByRole('table', { name: 'Minimum margin per price group' })).toContainText('12.50 %');
  await admin.getByRole('combobox', { name: 'SKU' }).fill('225/45R17');
  await admin.getByRole('listbox').getByRole('option').first().click();
  await admin.getByLabel('Minimum advertised price').fill('150');
  await admin.getByRole('button', { name: 'Set MAP' }).click();
  await expect(admin.getByRole('table', { name: 'Minimum advertised prices' })).toContainText('$150.00');
  await snap(admin, 'quotes-floors-1366');
  const phone = await staffPage(browser, 'admin', 390);
  await phone.goto('/admin/quote-floors');
  await expect(phone.getByRole('table', { name: 'Minimum advertised prices' })).toBeVisible();
  await snap(phone, 'quotes-floors-390');
  await phone.goto('/admin/quotes/new');
  await expect(phone.getByRole('button', { name: 'Create the quote' })).toBeVisible();
  await phone.getByRole('button', { name: 'Add a line' }).click();
  await phone.getByRole('radiogroup', { name: 'Line 2: ask by' }).getByText('Vehicle').click();
  await phone.getByRole('button', { name: 'Constraints for line 2' }).click();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(phone, 'quotes-new-390');
});
