import { expect, test } from './fixtures';
import { signIn, snap } from './helpers';

// The earner of a compensation plan is picked by typing, from all users (not a first page).
test('finance staff pick a plan earner by typing', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/comp');
  await page.getByRole('button', { name: 'New Plan' }).click();
  const earner = page.getByRole('dialog').getByRole('combobox', { name: 'Earner' });
  await earner.fill('sales');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /\(sales\)/ })
    .click();
  await expect(earner).toHaveValue(/\(sales\)/);
  await snap(page, 'admin-comp-plan-earner');
});
