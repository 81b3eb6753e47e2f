import { registerByApi, uniqueEmail, useSession } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';

/** /withdraw/address (spec shell §7 "address book: page, add, edit, delete"): add, find in /withdraw, delete. */

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

test('add an on-chain address and a member, pick the address on /withdraw, delete it', async ({ page, request }) => {
  const token = await registerByApi(request, { email: uniqueEmail('book') });
  await useSession(page, token);
  await page.goto('/withdraw/address');
  await expect(page.getByTestId('address-book')).toContainText('No addresses yet');

  await page.getByTestId('add-address').click();
  const dialog = page.getByTestId('address-form');
  await expect(dialog.getByTestId('coin-picker')).toContainText('USDT');
  await dialog.getByRole('radio', { name: /TRC20/ }).click();
  await dialog.locator('input[name=address]').fill('Tnotanaddress');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('entry-problem')).toHaveText('This is not a valid TRC20 address');
  await dialog.locator('input[name=address]').fill(TRON_ADDRESS);
  await dialog.locator('input[name=remark]').fill('Cold wallet');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('address-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('TRC20');
  await expect(row).toContainText('Cold wallet');

  // The same address again is refused by the server, in English.
  await page.getByTestId('add-address').click();
  await dialog.getByRole('radio', { name: /TRC20/ }).click();
  await dialog.locator('input[name=address]').fill(TRON_ADDRESS);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This address is already in your address book')).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();

  // A member for internal transfers.
  await page.getByRole('tab', { name: 'Members (internal)' }).click();
  await page.getByTestId('add-address').click();
  await dialog.locator('input[name=uid]').fill('12345678');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('address-row')).toContainText('UID 12345678');

  // The book feeds the withdraw form.
  await page.goto('/withdraw');
  await page.getByTestId('address-book-choice').click();
  await page.getByRole('button', { name: /Cold wallet/ }).click();
  await expect(page.getByLabel('Withdrawal address')).toHaveValue(TRON_ADDRESS);

  await page.goto('/withdraw/address');
  await page.getByTestId('address-row').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('address-row').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(page.getByTestId('address-book')).toContainText('No addresses yet');
});
