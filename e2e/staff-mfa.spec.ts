import { expect, type Page, test } from './fixtures';
import { generate } from 'otplib';
import { DEMO_PASSWORD, signIn, signOut } from './helpers';

// Staff MFA (docs/security.md): a staff member turns on two-step sign-in on /account (QR code,
// first code, recovery codes shown once), then signing in asks for a code after the password.
// The demo account is turned back off at the end, so later specs sign in with the password.

const shots = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}
/** A code of the next time step: never the step of a code already used. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

test('a staff member turns on two-step sign-in on /account; signing in then asks for the code', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'support');
  let recovery: string[] = [];
  try {
    await page.goto('/account');
    const card = page.locator('.mantine-Card-root').filter({ hasText: 'Two-step sign-in' });
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await card.locator('code').first().textContent())!.trim();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'account-enrol-1366');
    await card.locator('input').first().click();
    await page.keyboard.type(await generate({ secret }));
    await expect(card.getByText('Save your recovery codes')).toBeVisible();
    recovery = (await card.locator('code').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await shot(page, 'account-recovery-codes-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(card.getByText('Recovery codes left: 10')).toBeVisible();
    await shot(page, 'account-mfa-on-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    await signOut(page);
    await page.getByLabel('Username').fill('support');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/mfa/);
    await expect(page.getByText('Enter the six-digit code')).toBeVisible();
    await shot(page, 'login-second-step-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'login-second-step-390');
    await typeCode(page, '000000');
    await expect(page.getByRole('alert')).toContainText('wrong');
    await typeCode(page, await nextCode(secret));
    await expect(page.getByTestId('user-name')).toHaveText('support');
  } finally {
    // Back to the password alone for the specs after this one.
    if (recovery.length) {
      const off = await page.request.post('/api/v1/account/mfa/disable', { data: { code: recovery[9] } });
      expect(off.ok()).toBe(true);
    }
  }
});
