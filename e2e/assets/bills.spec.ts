import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';

/**
 * /bill (spec shell §7 bills, §9 page size 10; trading §9 bill types), issue 9 item 3 "bills list the moves": wallet
 * transfers made through the API appear with exact signed amounts, types, accounts and their transfer ids.
 */

async function transfer(
  request: APIRequestContext,
  token: string,
  from: string,
  to: string,
  coin: string,
  amount: string,
): Promise<number> {
  const r = await request.post('/uc/asset-transfer/transfer', {
    headers: { 'x-auth-token': token },
    form: { coin, amount, from, to },
  });
  const body = (await r.json()) as { code: number; message: string; data: { id: number } };
  expect(body.code, body.message).toBe(0);
  return body.data.id;
}

/** The visible rows of the bill table: type, account, coin, amount and reference cells. */
async function billRows(page: Page) {
  return page
    .locator('[data-testid="bill-table"] tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent?.trim() ?? '')),
    );
}

test.describe('/bill', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  });

  test('wallet transfers appear in the member and spot bills with exact amounts and types', async ({
    page,
    request,
  }) => {
    const token = await signIn(page, request);
    const first = await transfer(request, token, 'spot', 'funds', 'USDT', '1.234567');
    const second = await transfer(request, token, 'funds', 'spot', 'USDT', '0.5');
    await page.goto('/bill');
    await expect(page.locator('[data-testid="bill-table"] tbody tr').first()).toBeVisible();
    expect((await billRows(page)).slice(0, 4)).toEqual([
      ['Transfer in', 'Spot account', 'USDT', '+0.5', `transfer:${second}`],
      ['Transfer out', 'Funding account', 'USDT', '-0.5', `transfer:${second}`],
      ['Transfer in', 'Funding account', 'USDT', '+1.234567', `transfer:${first}`],
      ['Transfer out', 'Spot account', 'USDT', '-1.234567', `transfer:${first}`],
    ]);
    // A bill links to the page that lists its record.
    await expect(page.getByRole('link', { name: `transfer:${first}` }).first()).toHaveAttribute('href', '/transfer');

    // Type filter (transfer out, spec trading §9 type 4): only money leaving a wallet.
    await page.getByLabel('Type').selectOption({ label: 'Transfer out' });
    await expect(page.locator('[data-testid="bill-table"] tbody tr').first()).toHaveAttribute('data-type', '4');
    const out = await billRows(page);
    expect(out.slice(0, 2)).toEqual([
      ['Transfer out', 'Funding account', 'USDT', '-0.5', `transfer:${second}`],
      ['Transfer out', 'Spot account', 'USDT', '-1.234567', `transfer:${first}`],
    ]);
    for (const row of out) expect(row[3]).toMatch(/^-/);

    // Account filter: the funding account's lines only.
    await page.getByLabel('Type').selectOption({ label: 'All types' });
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Funding account' });
    await expect(page.locator('[data-testid="bill-table"] tbody tr').first()).toContainText('Funding account');
    const funds = await billRows(page);
    expect(funds.slice(0, 2)).toEqual([
      ['Transfer out', 'Funding account', 'USDT', '-0.5', `transfer:${second}`],
      ['Transfer in', 'Funding account', 'USDT', '+1.234567', `transfer:${first}`],
    ]);
    for (const row of funds) expect(row[1]).toBe('Funding account');

    // The spot bills: the spot wallet's side of the same transfers.
    await page.getByRole('tab', { name: 'Spot bills' }).click();
    await expect(page).toHaveURL(/\?tab=spot$/);
    await expect(page.locator('[data-testid="bill-table"][data-list="spot"] tbody tr').first()).toBeVisible();
    expect((await billRows(page)).slice(0, 2)).toEqual([
      ['Transfer', 'USDT', '+0.5', `transfer:${second}`],
      ['Transfer', 'USDT', '-1.234567', `transfer:${first}`],
    ]);
  });

  test('bills page by 10, with the coin filter and a checked date range', async ({ page, request }) => {
    const token = await signIn(page, request);
    for (let i = 0; i < 6; i++) await transfer(request, token, 'spot', 'funds', 'SOL', '0.1');
    await transfer(request, token, 'funds', 'spot', 'SOL', '0.6');
    const api = await request.get('/uc/member-bill/bill-list?coin=SOL&pageSize=1', {
      headers: { 'x-auth-token': token },
    });
    const total = ((await api.json()) as { data: { total: number } }).data.total;
    expect(total).toBeGreaterThanOrEqual(15);
    const pages = Math.ceil(total / 10);

    await page.goto('/bill');
    await page.getByLabel('Coin', { exact: true }).selectOption('SOL');
    const rows = page.locator('[data-testid="bill-table"] tbody tr');
    await expect(page.getByTestId('bill-page-no')).toHaveText(`Page 1 of ${pages}`);
    await expect(rows).toHaveCount(10);
    for (const row of await billRows(page)) expect(row[2]).toBe('SOL');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('bill-page-no')).toHaveText(`Page 2 of ${pages}`);
    await expect(rows).toHaveCount(Math.min(10, total - 10));
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

    // A start after the end asks nothing and says why.
    await page.getByLabel('From').fill('2030-01-02');
    await page.getByLabel('To').fill('2030-01-01');
    await expect(page.getByRole('alert')).toHaveText('The start date must not be after the end date');
    // A range in the future holds no bills.
    await page.getByLabel('To').fill('2030-01-03');
    await expect(page.getByText('No bills yet')).toBeVisible();
  });
});
