import type { APIRequestContext } from '@playwright/test';
import { add, sub } from '../../common/decimal.ts';
import { latest, registerByApi, uniqueEmail, useSession } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';
import { grouped } from '../shell/helpers.ts';

/**
 * Issue 9's "done when", in one browser session: a new member funds the account with a deposit, moves the money to
 * spot, spends some of it on BTC, moves the rest back and withdraws part of it. Every figure on the way is exact and
 * every move is in the bills.
 */

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

interface Wallets {
  funds: { balances: { unit: string; balance: string }[] };
  spot: { balances: { unit: string; balance: string }[] };
}

async function wallets(request: APIRequestContext, token: string) {
  const r = await request.get('/uc/asset/walletBalance', { headers: { 'x-auth-token': token } });
  const data = ((await r.json()) as { data: Wallets }).data;
  const of = (rows: { unit: string; balance: string }[], unit: string) =>
    rows.find((b) => b.unit === unit)?.balance ?? '0';
  return {
    funds: (unit: string) => of(data.funds.balances, unit),
    spot: (unit: string) => of(data.spot.balances, unit),
  };
}

test('fund, move, spend and withdraw: every figure exact, every move in the bills', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  const token = await registerByApi(request, { email });
  const headers = { 'x-auth-token': token };
  await useSession(page, token);

  // Fund: a simulated deposit of 1000 USDT, confirmed and credited to the funding account.
  await page.goto('/recharge');
  await page.getByLabel('Amount to simulate').fill('1000');
  await page.getByRole('button', { name: 'Simulate deposit' }).click();
  const deposit = page.getByTestId('deposit-row').first();
  await expect(deposit).toHaveAttribute('data-status', '1', { timeout: 30_000 });
  await expect(page.getByTestId('funds-available')).toHaveText('1,000 USDT');

  // Move: all of it to the spot account.
  await page.goto('/transfer?coin=USDT&from=funds&to=spot');
  await page.getByTestId('transfer-form').getByRole('button', { name: 'Max' }).click();
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-from-balance')).toHaveText('0 USDT');
  await expect(page.getByTestId('transfer-to-balance')).toHaveText('1,000 USDT');

  // Spend: a market buy of BTC for 200 USDT against the simulator's book.
  await page.goto('/trade/BTC-USDT');
  await page.getByRole('tab', { name: 'Market' }).click();
  const buy = page.locator('form.entry-side[data-side="buy"]');
  await buy.getByLabel('Total').fill('200');
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await page.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(async () => (await wallets(request, token)).spot('BTC'), { timeout: 20_000 }).not.toBe('0');
  const spent = await wallets(request, token);
  const usdtLeft = spent.spot('USDT');
  // A market buy spends its quote budget in whole lots: what is left is less than one lot's price (0.00001 BTC).
  expect(Number(usdtLeft)).toBeGreaterThanOrEqual(800);
  expect(Number(usdtLeft)).toBeLessThan(802);

  // Move back: the USDT left goes to the funding account.
  await page.goto('/transfer?coin=USDT&from=spot&to=funds');
  await page.getByTestId('transfer-form').getByRole('button', { name: 'Max' }).click();
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-to-balance')).toHaveText(`${grouped(usdtLeft)} USDT`);

  // Withdraw 300 USDT with the e-mail code; it is frozen while under review, then sent with its 1 USDT fee.
  await page.goto('/withdraw');
  const form = page.getByTestId('withdraw-form');
  await expect(page.getByTestId('withdraw-available')).toHaveText(`${grouped(usdtLeft)} USDT`);
  await form.getByLabel('Withdrawal address').fill(TRON_ADDRESS);
  await form.getByLabel('Amount').fill('300');
  await expect(page.getByTestId('withdraw-receive')).toHaveText('299 USDT');
  await page.getByTestId('send-emailCode').click();
  await form.locator('input[name=emailCode]').fill(await latest(request, 'email', email, 'WITHDRAW'));
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdrawal = page.getByTestId('withdraw-row').first();
  await expect(withdrawal).toHaveAttribute('data-status', '0');
  const left = sub(usdtLeft, '300');
  await expect(page.getByTestId('withdraw-available')).toHaveText(`${grouped(left)} USDT`);
  const list = await request.get('/uc/withdraw/list', { headers });
  const id = ((await list.json()) as { data: { records: { id: number }[] } }).data.records[0]?.id;
  for (const status of ['processing', 'done']) {
    const moved = await request.post('/dev/assets/withdraw/advance', { form: { id: String(id), status } });
    expect(((await moved.json()) as { code: number }).code).toBe(0);
  }
  await page.reload();
  await expect(page.getByTestId('withdraw-row').first()).toHaveAttribute('data-status', '2');
  const after = await wallets(request, token);
  expect(after.funds('USDT')).toBe(left);
  expect(add(after.funds('USDT'), '300')).toBe(usdtLeft);

  // The bills list every move in or out of the funding account, newest first, with exact signed amounts: they sum to
  // its balance (the withdrawal's hold is not a bill, its record shows it).
  await page.goto('/bill');
  const bills = await request.get('/uc/member-bill/bill-list?coin=USDT&wallet=funds&pageSize=20', { headers });
  const lines = ((await bills.json()) as { data: { records: { kind: string; amount: string }[] } }).data.records;
  expect(lines.map((l) => [l.kind, l.amount])).toEqual([
    ['withdraw_fee', '-1'],
    ['withdraw', '-299'],
    ['transfer', usdtLeft],
    ['transfer', '-1000'],
    ['deposit', '1000'],
  ]);
  await expect(page.locator('[data-testid="member-bills"] tbody tr').first()).toBeVisible();
});
