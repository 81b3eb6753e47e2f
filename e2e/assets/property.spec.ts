import type { APIRequestContext, Page } from '@playwright/test';
import { add, compare, mul, round, toFixed } from '../../common/decimal.ts';
import { expect, test } from '../fixtures.ts';
import { grouped, signIn } from '../shell/helpers.ts';

/**
 * The assets overview and wallet pages (spec shell §2, §3 "Balance rows", §4, §9 asset total rule), issue 9 item 1:
 * the demo user's total in two display currencies, hidden balances shared with the header, the per-coin tables.
 */

/** A wallet transfer of the demo user's money (POST /uc/asset-transfer/transfer). */
async function transfer(
  request: APIRequestContext,
  token: string,
  from: string,
  to: string,
  coin: string,
  amount: string,
) {
  const r = await request.post('/uc/asset-transfer/transfer', {
    headers: { 'x-auth-token': token },
    form: { coin, amount, from, to },
  });
  const body = (await r.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
}

/** The overview's wallet rows as the page holds them: the server's USDT value, the counted value, the shown value. */
async function walletRows(page: Page) {
  return page.locator('[data-testid="property-wallets"] tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      wallet: (r as HTMLElement).dataset.wallet ?? '',
      raw: (r as HTMLElement).dataset.raw ?? '',
      usdt: (r as HTMLElement).dataset.usdt ?? '',
      shown: r.querySelector('[data-testid="wallet-value"]')?.textContent ?? '',
    })),
  );
}

/** Symbol, then 2 decimals truncated and grouped (spec shell §9 currency symbols). */
const money = (symbol: string, value: string) =>
  value.startsWith('-') ? `-${symbol}${grouped(toFixed(value.slice(1), 2))}` : `${symbol}${grouped(toFixed(value, 2))}`;

/** A shown amount as a number again. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/^\D+/, '').replaceAll(',', ''));

async function rateOf(request: APIRequestContext, currency: string): Promise<string> {
  const r = await request.get(`/market/exchange-rate/${currency}/usdt`);
  return ((await r.json()) as { data: { inverse: string } }).data.inverse;
}

async function switchCurrency(page: Page, code: string) {
  await page.getByRole('button', { name: 'Display currency' }).click();
  await page.locator(`.currency-switch [data-currency="${code}"]`).click();
  await expect(page.getByTestId('currency-current')).toHaveText(code);
}

test.describe('/property', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en_US');
    });
  });

  test('the asset total is the sum of the wallets (contract rounded to 2 decimals) × the rate, in two currencies', async ({
    page,
    request,
  }) => {
    const token = await signIn(page, request);
    await page.evaluate(() => localStorage.setItem('currency', 'USDT'));
    // Money in the contract wallet with a third decimal, so that its rounding shows, and some in funds.
    await transfer(request, token, 'spot', 'contract', 'USDT', '10.005');
    await transfer(request, token, 'spot', 'funds', 'USDT', '20.125');
    try {
      await page.goto('/property');
      const total = page.getByTestId('property-total');
      await expect(total).toHaveAttribute('data-value', /\d/);
      let rows = await walletRows(page);
      expect(rows.map((r) => r.wallet)).toEqual(['funds', 'spot', 'contract', 'follow', 'financial']);
      const contract = rows.find((r) => r.wallet === 'contract');
      // The contract wallet holds only what this test put there (exact), and counts rounded to 2 decimals.
      const api = await request.get('/uc/asset/walletBalance', { headers: { 'x-auth-token': token } });
      const apiContract = ((await api.json()) as { data: { contract: { amount: string } } }).data.contract.amount;
      expect(contract?.raw).toBe(apiContract);
      for (const r of rows) expect(r.usdt).toBe(r.wallet === 'contract' ? round(r.raw, 2) : r.raw);
      const sum = rows.reduce((s, r) => add(s, r.usdt), '0');
      await expect(total).toHaveText(money('₮', sum));
      for (const r of rows) expect(r.shown).toBe(money('₮', r.usdt));

      // The same figures in yuan: the page converts by the shell's rate without asking the server again.
      await switchCurrency(page, 'CNY');
      const cny = await rateOf(request, 'cny');
      await expect(total).toHaveText(money('¥', mul(sum, cny)));
      rows = await walletRows(page);
      for (const r of rows) expect(r.shown).toBe(money('¥', mul(r.usdt, cny)));
      await expect(page.getByTestId('property-total-usdt')).toHaveText(`≈ ${money('₮', sum)}`);

      // And in yen (Ұ, spec shell §9), after a reload: read again, same rule.
      await switchCurrency(page, 'JPY');
      await page.reload();
      await expect(total).toHaveAttribute('data-value', /\d/);
      rows = await walletRows(page);
      const jpy = await rateOf(request, 'jpy');
      const sumAgain = rows.reduce((s, r) => add(s, r.usdt), '0');
      await expect(total).toHaveText(money('Ұ', mul(sumAgain, jpy)));

      // The header's dropdown adds up the same wallets by the same rule (prices move between the two reads).
      await page.locator('.assets-dropdown').hover();
      const header = page.getByTestId('assets-total');
      await expect(header).toHaveText(/^Ұ\d{1,3}(,\d{3})*\.\d{2}$/);
      const headerValue = amountOf(await header.textContent());
      const pageValue = amountOf(await total.textContent());
      const drift = Math.abs(headerValue - pageValue) / pageValue;
      expect(drift).toBeLessThan(0.01);
    } finally {
      await transfer(request, token, 'contract', 'spot', 'USDT', '10.005');
      await transfer(request, token, 'funds', 'spot', 'USDT', '20.125');
    }
  });

  test('hiding balances on the page hides them in the header, and back', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/property');
    const total = page.getByTestId('property-total');
    await expect(total).toHaveText(/^₮\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.getByTestId('property-eye').click();
    await expect(total).toHaveText('******');
    await expect(page.getByTestId('wallet-value').first()).toHaveText('******');
    await page.locator('.assets-dropdown').hover();
    const header = page.getByTestId('assets-total');
    await expect(header).toHaveText('******');
    // Shown again from the header's eye: the page follows.
    await page.locator('.assets-panel').getByRole('button', { name: 'Show balances' }).click();
    await expect(header).toHaveText(/^₮\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(total).toHaveText(/^₮\d{1,3}(,\d{3})*\.\d{2}$/);
    // Hidden from the header: the page follows at once, and the choice is kept.
    await page.locator('.assets-panel').getByRole('button', { name: 'Hide balances' }).click();
    await expect(total).toHaveText('******');
    await page.reload();
    await expect(page.getByTestId('property-total')).toHaveText('******');
  });

  test('a wallet page lists its coins with exact amounts, search, small balances hidden and sorting', async ({
    page,
    request,
  }) => {
    const token = await signIn(page, request);
    await transfer(request, token, 'spot', 'funds', 'BTC', '0.00012345');
    try {
      await page.goto('/property/funds');
      const table = page.getByTestId('wallet-table');
      const btc = table.locator('tr[data-coin="BTC"]');
      await expect(btc.locator('[data-col="available"]')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
      const held = await btc.locator('[data-col="total"]').textContent();
      expect(compare(held?.replaceAll(',', '') ?? '0', '0.00012345')).toBeGreaterThanOrEqual(0);
      await expect(btc.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/recharge?coin=BTC');
      await expect(btc.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/withdraw?coin=BTC');

      await page.getByPlaceholder('Search coin').fill(' b t c ');
      await expect(table.locator('tbody tr')).toHaveCount(1);
      await page.getByPlaceholder('Search coin').fill('');
      // Most coins are empty here: hiding balances under 1 USDT leaves only what is worth more.
      const all = await table.locator('tbody tr').count();
      await page.getByLabel('Hide small balances (under 1 USDT)').check();
      const kept = await table.locator('tbody tr').count();
      expect(kept).toBeLessThan(all);
      await expect(table.locator('tr[data-coin="DOGE"]')).toHaveCount(0);
      await page.getByLabel('Hide small balances (under 1 USDT)').uncheck();

      await page.getByRole('button', { name: 'Coin', exact: true }).click();
      await expect(table.locator('th').first()).toHaveAttribute('aria-sort', 'ascending');
      const units = await table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => (r as HTMLElement).dataset.coin));
      expect(units).toEqual([...units].sort());

      await page.goto('/property/spot');
      await expect(page.locator('tr[data-coin="ETH"]').getByRole('link', { name: 'Trade' })).toHaveAttribute(
        'href',
        '/trade/ETH-USDT',
      );
    } finally {
      await transfer(request, token, 'funds', 'spot', 'BTC', '0.00012345');
    }
  });

  test('the follow, earn and unknown wallet pages', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/property/follow');
    await expect(page.getByRole('heading', { name: 'Copy trading account' })).toBeVisible();
    await page.goto('/property/financing');
    await expect(page).toHaveURL(/\/property\/financing\/current$/);
    await expect(page.getByTestId('financing-none')).toHaveText(
      'No earn products are offered yet, so this account holds nothing.',
    );
    await page.getByRole('tab', { name: 'Locked' }).click();
    await expect(page).toHaveURL(/\/property\/financing\/fixed$/);
    await page.goto('/property/savings');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
