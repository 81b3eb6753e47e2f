import type { APIRequestContext } from '@playwright/test';
import { registerByApi, uniqueEmail, useSession } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';

/**
 * /recharge (spec shell §7 "Assets", issue 9): the deposit address with its QR code, a simulated deposit that goes
 * pending → confirmed, and the funding account's balance rising by exactly the amount. The e2e server confirms fast
 * (DEPOSIT_CONFIRM_MS in global-setup).
 */

async function fundsAvailable(request: APIRequestContext, token: string, coin: string): Promise<string> {
  const r = await request.get(`/uc/withdraw/info?coin=${coin}`, { headers: { 'x-auth-token': token } });
  return ((await r.json()) as { data: { available: string } }).data.available;
}

test('a simulated USDT deposit gathers its confirmations and is credited to the funding account once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await registerByApi(request, { email: uniqueEmail('dep') });
  await useSession(page, token);
  await page.goto('/recharge');

  const panel = page.getByTestId('deposit-address-panel');
  await expect(page.getByTestId('coin-picker')).toContainText('USDT');
  await expect(page.getByRole('radio', { name: /TRC20/ })).toHaveAttribute('aria-checked', 'true');
  const address = page.getByTestId('deposit-address');
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  // The QR code carries the address.
  await expect(panel.locator('svg.qr-code')).toHaveAttribute('data-value', (await address.textContent()) ?? '');
  await expect(page.getByTestId('funds-available')).toHaveText('0 USDT');
  await expect(page.getByTestId('deposit-history')).toContainText('No deposits yet');

  await page.getByLabel('Amount to simulate').fill('250.5');
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  const row = page.getByTestId('deposit-row').first();
  await expect(row).toContainText('250.5');
  await expect(row).toContainText('TRC20');
  await expect(row).toHaveAttribute('data-status', '0');
  await expect(row).toContainText(/Confirming/);
  // Pending → confirmed, by itself: the table refreshes while a deposit is confirming.
  await expect(row).toHaveAttribute('data-status', '1', { timeout: 30_000 });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('10/10');
  await expect(page.getByTestId('funds-available')).toHaveText('250.5 USDT');
  expect(await fundsAvailable(request, token, 'USDT')).toBe('250.5');

  // The details show the same record.
  await row.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByTestId('deposit-detail');
  await expect(detail).toContainText('250.5 USDT');
  await expect(detail).toContainText((await address.textContent()) ?? '');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Nothing is credited twice: the balance stays while the page keeps refreshing.
  await page.waitForTimeout(1500);
  expect(await fundsAvailable(request, token, 'USDT')).toBe('250.5');
});

test('a memo network shows the shared address, the memo and its warning; the coin search finds it', async ({
  page,
  request,
}) => {
  const token = await registerByApi(request, { email: uniqueEmail('memo') });
  await useSession(page, token);
  await page.goto('/recharge');
  await page.getByTestId('coin-picker').click();
  await page.getByPlaceholder('Search coin').fill(' x r p ');
  await page.getByRole('button', { name: /XRP/ }).first().click();
  await expect(page.getByTestId('coin-picker')).toContainText('XRP');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
  await expect(page.getByTestId('deposit-memo')).toHaveText(/^\d{9}$/);
  await expect(page.getByTestId('memo-warning')).toContainText('destination tag');
});
