import type { APIRequestContext, Page } from '@playwright/test';
import { add, sub } from '../../common/decimal.ts';
import { expect, test } from '../fixtures.ts';
import { grouped, signIn } from '../shell/helpers.ts';

/** /transfer (spec shell §7 "transfers", issue 9): the demo user's spot money to the funding account and back. */

const COIN = 'SOL';

async function balances(request: APIRequestContext, token: string): Promise<{ spot: string; funds: string }> {
  const res = await request.get('/uc/asset-transfer/balances', { headers: { 'x-auth-token': token } });
  const body = (await res.json()) as { data: { coins: { coin: string; available: Record<string, string> }[] } };
  const coin = body.data.coins.find((c) => c.coin === COIN);
  return { spot: coin?.available.spot ?? '', funds: coin?.available.funds ?? '' };
}

async function openTransfer(page: Page, request: APIRequestContext): Promise<string> {
  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  const token = await signIn(page, request);
  await page.goto(`/transfer?coin=${COIN}`);
  await expect(page.getByTestId('transfer-form')).toBeVisible();
  return token;
}

test.describe('/transfer', () => {
  test('moves spot money to the funding account and back, with both balances and the history on screen', async ({
    page,
    request,
  }) => {
    const token = await openTransfer(page, request);
    const before = await balances(request, token);
    const form = page.getByTestId('transfer-form');
    await expect(page.getByTestId('transfer-from')).toHaveValue('spot');
    await expect(page.getByTestId('transfer-to')).toHaveValue('funds');
    await expect(page.getByTestId('transfer-from-balance')).toHaveText(`${grouped(before.spot)} ${COIN}`);
    await expect(page.getByTestId('transfer-to-balance')).toHaveText(`${grouped(before.funds)} ${COIN}`);

    await form.getByLabel('Amount').fill('12.345');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByText(`12.345 ${COIN} transferred`)).toBeVisible();
    const moved = { spot: sub(before.spot, '12.345'), funds: add(before.funds, '12.345') };
    await expect(page.getByTestId('transfer-from-balance')).toHaveText(`${grouped(moved.spot)} ${COIN}`);
    await expect(page.getByTestId('transfer-to-balance')).toHaveText(`${grouped(moved.funds)} ${COIN}`);
    expect(await balances(request, token)).toEqual(moved);
    const first = page.getByTestId('transfer-history').locator('tbody tr').first();
    await expect(first).toContainText(COIN);
    await expect(first).toContainText('12.345');
    await expect(first).toContainText('Spot account');
    await expect(first).toContainText('Funding account');

    // Back: swap the accounts and send everything the funding account holds.
    await page.getByTestId('transfer-swap').click();
    await expect(page.getByTestId('transfer-from')).toHaveValue('funds');
    await expect(page.getByTestId('transfer-from-balance')).toHaveText(`${grouped(moved.funds)} ${COIN}`);
    await form.getByRole('button', { name: 'Max' }).click();
    await expect(form.getByLabel('Amount')).toHaveValue(moved.funds);
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-from-balance')).toHaveText(`0 ${COIN}`);
    await expect(page.getByTestId('transfer-to-balance')).toHaveText(
      `${grouped(add(moved.spot, moved.funds))} ${COIN}`,
    );
    expect(await balances(request, token)).toEqual({ spot: add(moved.spot, moved.funds), funds: '0' });
    await expect(page.getByTestId('transfer-history').locator('tbody tr').first()).toContainText(moved.funds);
  });

  test('keeps an amount to the coin’s decimals and refuses more than is available, sending nothing', async ({
    page,
    request,
  }) => {
    const token = await openTransfer(page, request);
    const before = await balances(request, token);
    const amount = page.getByTestId('transfer-form').getByLabel('Amount');
    await amount.fill('1.123456789');
    await expect(amount).toHaveValue('1.12345678');
    await amount.fill(add(before.spot, '1'));
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The amount is more than is available' })).toBeVisible();
    expect(await balances(request, token)).toEqual(before);
    // Choosing the account on the other side swaps the two, so they never match.
    await page.getByTestId('transfer-to').selectOption('spot');
    await expect(page.getByTestId('transfer-from')).toHaveValue('funds');
  });

  test('converts spot USDT to BTC from the assets overview at the quoted rate, exactly', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    const token = await signIn(page, request);
    const spot = async () => {
      const res = await request.get('/uc/quick-exchange/coins', { headers: { 'x-auth-token': token } });
      const coins = ((await res.json()) as { data: { coin: string; available: string }[] }).data;
      return new Map(coins.map((c) => [c.coin, c.available]));
    };
    const before = await spot();
    await page.goto('/property');
    await page.getByRole('button', { name: 'Convert', exact: true }).first().click();
    const panel = page.getByTestId('quick-exchange');
    await expect(panel.getByTestId('convert-from')).toContainText('USDT');
    await expect(panel.getByTestId('convert-to')).toContainText('BTC');
    await panel.getByLabel('Amount').fill('100');
    await expect(panel.getByTestId('convert-receive')).toHaveText(/^0\.\d+ BTC$/);
    await expect(panel.getByTestId('convert-rate')).toHaveText(/^1 USDT ≈ 0\.0+\d+ BTC$/);
    await panel.getByTestId('convert-submit').click();
    const result = panel.getByTestId('convert-result');
    await expect(result).toContainText('100 USDT →');
    const received = /→ ([\d.]+) BTC/.exec((await result.textContent()) ?? '')?.[1] ?? '';
    const after = await spot();
    expect(after.get('USDT')).toBe(sub(before.get('USDT') ?? '', '100'));
    expect(after.get('BTC')).toBe(add(before.get('BTC') ?? '', received));
  });
});
