import { type APIRequestContext, expect, request, test } from './fixtures';
import sharp from 'sharp';
import { signIn, signOut, snap } from './helpers';

// Reviews, comparisons and the newsletter as users meet them: a buyer reviews a delivered tire
// with a photo, staff publish it and it shows on the result card; three tires compared, saved and
// reopened on a desktop and a phone; a newsletter sign-up confirmed through the outbox link.

const desktop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/v1/login', { data: { username: 'admin', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  return api;
}

test('a buyer reviews a delivered tire with a photo, staff publish it, the result card shows it', async ({
  page,
  baseURL,
}) => {
  const staff = await staffApi(baseURL ?? '');
  // The demo's shipped order of Demo Fleet Services arrives.
  const shipped = (await (await staff.get('/api/v1/order?status=shipped')).json()).data.list[0];
  expect(shipped).toBeTruthy();
  const delivered = await staff.put(`/api/v1/order/${shipped.orderId}/status`, {
    data: { status: 'delivered' },
  });
  expect(delivered.status()).toBe(200);
  const sku = (await delivered.json()).orderItems[0].skuCode as string;

  await page.setViewportSize(desktop);
  await signIn(page, 'buyer');
  await page.goto(`/orders/${shipped.orderId}`);
  const invitation = page.getByTestId('review-invitation');
  await expect(invitation).toBeVisible();
  await invitation.getByRole('link', { name: 'Write a review' }).first().click();
  await expect(page).toHaveURL(/\/reviews\/new\?product=\d+&order=\d+/);

  // Mantine's Rating has a label per value from 0: the fifth is 4 stars.
  await page.getByLabel('Overall stars').locator('label').nth(4).click();
  await page.getByLabel('Wet grip stars').locator('label').nth(5).click();
  await page.getByLabel('Title').fill('Even wear on our delivery vans');
  await page.getByLabel('Your review').fill('38,000 miles on six Transit vans, quiet and even wear.');
  await page.getByLabel('Vehicle').fill('Ford Transit 2022');
  await page.getByLabel('Miles driven on them').fill('38000');
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#556677' } })
    .jpeg()
    .toBuffer();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'tread.jpg', mimeType: 'image/jpeg', buffer: photo });
  await snap(page, 'reviews-form-1366');
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page).toHaveURL(/\/reviews\/\d+\/edit$/);
  await expect(page.getByText('pending')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  await signOut(page);

  await signIn(page, 'admin');
  await page.goto('/admin/reviews');
  const queued = page.getByTestId('review').filter({ hasText: 'Even wear on our delivery vans' });
  await expect(queued).toBeVisible();
  await snap(page, 'reviews-queue-1366');
  await queued.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await signOut(page);

  await signIn(page, 'buyer');
  await page.goto(`/shop?query=${encodeURIComponent(sku)}`);
  const card = page.getByTestId('result-card').first();
  await expect(card.getByTestId('rating-badge')).toContainText('4.0 (1)');
  await expect(card.getByRole('img', { name: 'Rated 4 of 5 by 1' })).toBeVisible();
  await card.screenshot({ path: 'screenshots/reviews-result-card.png' });
  await card.getByRole('link').first().click();
  await expect(page.getByTestId('review').first()).toContainText('Verified fleet purchase');
  await expect(page.getByTestId('rating-average')).toContainText('4.0');
  await snap(page, 'reviews-product-1366');
  await page.setViewportSize(phone);
  await snap(page, 'reviews-product-390');
  await staff.dispose();
});

test('three tires compared side by side, saved and reopened, on a desktop and a phone', async ({ page }) => {
  await page.setViewportSize(desktop);
  await signIn(page, 'buyer');
  await page.goto('/shop?width=225&ratio=65&rim=17');
  const cards = page.getByTestId('result-card');
  await expect(cards.nth(2)).toBeVisible();
  for (let i = 0; i < 3; i++) await cards.nth(i).getByLabel('Compare').check();
  await expect(page.getByTestId('compare-tray')).toContainText('3 of 4');
  await page.getByTestId('compare-tray').getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+,\d+/);
  const table = page.getByTestId('comparison');
  await expect(table).toContainText('Overall diameter');
  await expect(table).toContainText('reference');
  await snap(page, 'compare-1366');

  await page.getByLabel('Comparison name').fill('Fleet vans 225/65R17');
  await page.getByRole('button', { name: 'Save comparison' }).click();
  await expect(page).toHaveURL(/\/compare\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Fleet vans 225/65R17' })).toBeVisible();

  await page.goto('/compare');
  await page.getByRole('link', { name: /Fleet vans 225\/65R17/ }).click();
  await expect(page.getByTestId('comparison')).toContainText('Your price');
  await page.setViewportSize(phone);
  await expect(page.getByTestId('comparison').locator('.mantine-Card-root')).toHaveCount(3);
  // Nothing sticks out sideways: the page is no wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(phone.width);
  await snap(page, 'compare-390');
});

test('a newsletter sign-up is confirmed through the link of the outbox mail', async ({ page, baseURL }) => {
  await page.setViewportSize(desktop);
  await signIn(page, 'clerk');
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const email = `fleet-news-${Date.now()}@example.com`;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('newsletter-answer')).toContainText('confirmation link');
  await page.getByLabel('Subject').fill('Invoice copy');
  await page.getByLabel('Message').fill('Please send a copy of last month’s invoice.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('contact-sent')).toBeVisible();
  await snap(page, 'contact-1366');
  await page.setViewportSize(phone);
  await snap(page, 'contact-390');

  const staff = await staffApi(baseURL ?? '');
  const mails = (await (await staff.get('/api/v1/mailbox?kind=newsletter_confirm&pageSize=50')).json()).data
    .list;
  const mail = mails.find((m: { to: string }) => m.to === email);
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';
  expect(link).not.toBe('');
  await staff.dispose();
  await signOut(page);
  // The link opens without a session: the page is public.
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByTestId('newsletter-done')).toContainText(email);
  await snap(page, 'newsletter-confirmed-390');
});
