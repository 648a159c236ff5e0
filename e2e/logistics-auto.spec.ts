import { expect, type Page, test } from './fixtures';
import { signIn, signOut, snap } from './helpers';

async function openCompany(page: Page, name: string) {
  await page.goto('/admin/companies');
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await page.getByRole('row', { name: new RegExp(name) }).click();
  return page.getByRole('dialog');
}

// The automatic distributor rule is a money setting: finance sees and changes it in the company
// form (the demo's reseller has it on), sales does not see it.
test('finance sets a company’s automatic distributor rule; sales does not see it', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'finance');
  let drawer = await openCompany(page, 'Demo Resale Tires');
  const rule = drawer.getByRole('combobox', { name: 'Automatic distributor rule' });
  await expect(rule).toHaveValue('Cheapest distributor');
  await snap(page, 'logistics-auto-company-form-desktop');
  await rule.click();
  await page.getByRole('listbox').getByRole('option', { name: 'Fastest distributor' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  drawer = await openCompany(page, 'Demo Resale Tires');
  await expect(drawer.getByRole('combobox', { name: 'Automatic distributor rule' })).toHaveValue(
    'Fastest distributor',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'logistics-auto-company-form-phone');
  // Back to the demo's setting, for the specs after this one.
  const back = await page.request.put(`/api/v1/mts/company/${await companyId(page, 'Demo Resale Tires')}`, {
    data: { distributorAutoSend: 'cheapest' },
  });
  expect(back.ok()).toBe(true);
  await page.keyboard.press('Escape');
  await signOut(page);

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'sales');
  drawer = await openCompany(page, 'Demo Resale Tires');
  await expect(drawer.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await expect(drawer.getByText('Automatic distributor rule')).toHaveCount(0);
});

async function companyId(page: Page, name: string) {
  const res = await page.request.get(`/api/v1/mts/company?q=${encodeURIComponent(name)}`);
  return (await res.json()).data.list[0].id as number;
}
