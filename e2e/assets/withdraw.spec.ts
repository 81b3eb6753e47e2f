import type { APIRequestContext } from '@playwright/test';
import { latest, registerByApi, uniqueEmail, useSession } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';

/**
 * /withdraw (spec shell §7 "/uc/withdraw/create, code, list, cancel"; issue 9): a withdrawal confirmed with the e-mail
 * code from the dev outbox freezes the amount and shows under review; cancelling it gives the amount back.
 */

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

async function info(request: APIRequestContext, token: string) {
  const r = await request.get('/uc/withdraw/info?coin=USDT', { headers: { 'x-auth-token': token } });
  return ((await r.json()) as { data: { available: string; frozen: string } }).data;
}

/** Funds a new user's funding account through the deposit simulator and waits for the credit. */
async function fund(request: APIRequestContext, token: string, amount: string): Promise<void> {
  const headers = { 'x-auth-token': token };
  const made = await request.post('/uc/address/create', { headers, form: { coin: 'USDT', protocol: 'TRC20' } });
  const { address } = ((await made.json()) as { data: { address: string } }).data;
  const sent = await request.post('/dev/assets/deposit', { form: { address, amount } });
  expect(((await sent.json()) as { code: number }).code).toBe(0);
  await expect.poll(async () => (await info(request, token)).available, { timeout: 30_000 }).toBe(amount);
}

test('withdraw with the e-mail code, see it under review, cancel it: the funds come back', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('wd');
  const token = await registerByApi(request, { email });
  await fund(request, token, '500');
  await useSession(page, token);
  await page.goto('/withdraw');

  const form = page.getByTestId('withdraw-form');
  await expect(page.getByTestId('withdraw-available')).toHaveText('500 USDT');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('1 USDT');

  // The form's own checks come first, in the user's language.
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-problem')).toHaveText('Enter the withdrawal address');
  await form.getByLabel('Withdrawal address').fill('0x12');
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-problem')).toHaveText('This is not a valid TRC20 address');
  await form.getByLabel('Withdrawal address').fill(TRON_ADDRESS);
  await form.getByLabel('Amount').fill('600');
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-problem')).toHaveText('More than your available balance');
  await form.getByLabel('Amount').fill('120.25');
  await expect(page.getByTestId('withdraw-receive')).toHaveText('119.25 USDT');
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('withdraw-problem')).toHaveText('Enter the e-mail verification code');

  await page.getByTestId('send-emailCode').click();
  const code = await latest(request, 'email', email, 'WITHDRAW');
  await form.locator('input[name=emailCode]').fill(code);
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();

  const row = page.getByTestId('withdraw-row').first();
  await expect(row).toHaveAttribute('data-status', '0');
  await expect(row).toContainText('Under review');
  await expect(row).toContainText('120.25');
  await expect(page.getByTestId('withdraw-available')).toHaveText('379.75 USDT');
  expect(await info(request, token)).toMatchObject({ available: '379.75', frozen: '120.25' });

  await row.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByTestId('withdraw-detail');
  await expect(detail).toContainText(TRON_ADDRESS);
  await expect(detail).toContainText('119.25 USDT');
  await detail.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveAttribute('data-status', '3');
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.getByTestId('withdraw-available')).toHaveText('500 USDT');
  expect(await info(request, token)).toMatchObject({ available: '500', frozen: '0' });
});

test('the internal transfer tab shows the internal transfer panel', async ({ page, request }) => {
  const token = await registerByApi(request, { email: uniqueEmail('wdi') });
  await useSession(page, token);
  await page.goto('/withdraw');
  await page.getByRole('tab', { name: 'Internal transfer' }).click();
  await expect(page.getByRole('tab', { name: 'Internal transfer' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('withdraw-form')).toHaveCount(0);
});
