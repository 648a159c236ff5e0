import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-name')).toHaveText(username);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Saves a full-page screenshot under screenshots/ for a person to look at. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * Scrolls down the results page until it shows `count` result cards: the cards are drawn as
 * they come near the screen (docs/performance-web.md, "Seventh round").
 */
export async function expectResultCards(page: Page, count: number) {
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    await expect(page.getByTestId('result-card')).toHaveCount(count, { timeout: 500 });
  }).toPass();
}
