import { expect, test } from './fixtures';
import { signIn, snap } from './helpers';

// The companies of a customer group are searched on the server as staff type, so any company
// can be added however many there are; saved companies show by name when the group reopens.
test('an admin adds companies to a customer group by typing', async ({ page }) => {
  const name = `Picker group ${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/admin/groups');
  await page.getByRole('button', { name: 'New Group' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  const companies = drawer.getByRole('combobox', { name: 'Companies' });
  for (const company of ['Demo Fleet Services', 'Demo Install Co']) {
    await companies.click();
    await companies.pressSequentially(company.split(' ').slice(1).join(' '), { delay: 30 });
    await page.getByRole('listbox').getByRole('option', { name: company }).click();
  }
  await snap(page, 'console-group-companies-picker');
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('2');
  await row.click();
  const reopened = page.getByRole('dialog');
  await expect(reopened).toContainText('Demo Fleet Services');
  await expect(reopened).toContainText('Demo Install Co');
  await snap(page, 'console-group-companies-saved');
});
