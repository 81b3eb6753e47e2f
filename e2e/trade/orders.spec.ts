import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { grouped } from '../shell/helpers.ts';
import { cancelDemoOrders, openRows, openTrade, restingBuy } from './helpers.ts';

/** Spot trading on /trade (spec trading §3, §5, §7): the order form, the orders panel and the book's own-order marks. */

interface Balance {
  unit: string;
  balance: string;
  frozenBalance: string;
}

async function balances(request: APIRequestContext, token: string): Promise<Map<string, Balance>> {
  const res = await request.get('/uc/asset/walletBalance', { headers: { 'x-auth-token': token } });
  const body = (await res.json()) as { data: { spot: { balances: Balance[] } } };
  // Only the amounts: the USD rates move with the market.
  return new Map(
    body.data.spot.balances.map((b) => [b.unit, { unit: b.unit, balance: b.balance, frozenBalance: b.frozenBalance }]),
  );
}

test.describe('/trade orders', () => {
  // Leave no open order behind for the other journeys.
  test.afterEach(({ request }) => cancelDemoOrders(request));

  test('a limit buy below the market rests in open orders and is marked in the book, then is cancelled', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await openTrade(page, request);
    const book = page.locator('.trade-book');
    const { price, level } = await restingBuy(page);
    const buy = page.locator('form.entry-side[data-side="buy"]');
    await buy.getByLabel('Price', { exact: true }).fill(price);
    await buy.getByLabel('Amount').fill('0.01');
    // The total follows price × amount, as a traded amount: 2 decimals for a USDT quote (issue 19 item 10).
    await expect(buy.getByLabel('Total')).toHaveValue((Number(price) * 0.01).toFixed(2));
    await buy.getByRole('button', { name: 'Buy BTC' }).click();

    await expect(openRows(page)).toHaveCount(1);
    const row = openRows(page).first();
    await expect(row).toContainText('BTC/USDT');
    // Grouped in the page language (issue 19 item 7).
    await expect(row).toContainText(grouped(String(Number(price))));
    await expect(page.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
    await expect(book).toHaveAttribute('data-own-levels', level);

    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(openRows(page)).toHaveCount(0);
    await expect(book).toHaveAttribute('data-own-levels', '');
    await page.getByRole('tab', { name: 'Order history' }).click();
    await expect(page.locator('table[data-list="history"] tbody tr').first()).toContainText('Cancelled');
  });

  test('a market buy, confirmed, fills: the trade history shows it and the balances move', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await openTrade(page, request);
    const before = await balances(request, token);
    await page.getByRole('tab', { name: 'Market' }).click();
    const buy = page.locator('form.entry-side[data-side="buy"]');
    // A market buy is sized by the quote to spend.
    await expect(buy.getByLabel('Amount')).toHaveCount(0);
    await buy.getByLabel('Total').fill('100');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();

    // The stored trade config asks before a market order by default.
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('100 USDT');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('tab', { name: 'Trade history' }).click();
    const fill = page.locator('table[data-list="trades"] tbody tr').first();
    await expect(fill).toContainText('BTC/USDT');
    await expect(fill).toContainText('Buy');
    await expect(fill).toContainText('Taker');

    // At most the 100 USDT named: what a whole number of lots could not use stays.
    const spent = async () =>
      Number(before.get('USDT')?.balance) - Number((await balances(request, token)).get('USDT')?.balance);
    await expect.poll(spent).toBeGreaterThan(99);
    expect(await spent()).toBeLessThanOrEqual(100);
    const btc = Number((await balances(request, token)).get('BTC')?.balance);
    expect(btc).toBeGreaterThan(Number(before.get('BTC')?.balance));
    // The form's available balance follows, live.
    await expect(page.getByTestId('available-buy')).toHaveText(
      `${grouped((await balances(request, token)).get('USDT')?.balance ?? '')} USDT`,
    );
  });

  test('a market order with the Balances tab open: the balances follow and nothing throws (issue 17, item 9)', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await openTrade(page, request);
    await page.getByRole('tab', { name: 'Balances' }).click();
    const usdt = page.locator('table[data-list="balances"] tr[data-coin="USDT"]');
    const before = (await balances(request, token)).get('USDT')?.balance ?? '';
    await expect(usdt).toContainText(grouped(before));
    await page.getByRole('tab', { name: 'Market' }).click();
    const buy = page.locator('form.entry-side[data-side="buy"]');
    await buy.getByLabel('Total').fill('100');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    // The burst of order, fill and balance frames reloads the tab several times, each reload aborting the one before:
    // an abort surfacing as an uncaught error fails this test through the fixture.
    await expect.poll(async () => (await balances(request, token)).get('USDT')?.balance).not.toBe(before);
    const after = (await balances(request, token)).get('USDT')?.balance ?? '';
    await expect(usdt.locator('td').nth(1)).toHaveText(grouped(after));
  });

  test('the form checks before sending, and the percent slider sizes from the balance', async ({ page, request }) => {
    await openTrade(page, request);
    const sell = page.locator('form.entry-side[data-side="sell"]');
    await sell.getByLabel('Price', { exact: true }).fill('');
    await sell.getByRole('button', { name: 'Sell BTC' }).click();
    await expect(sell.getByRole('alert')).toHaveText('Enter a price');
    // Digits and one dot, cut to the amount's 5 decimals.
    await sell.getByLabel('Price', { exact: true }).fill('100000');
    await sell.getByLabel('Amount').fill('1a.2.345678');
    await expect(sell.getByLabel('Amount')).toHaveValue('1.23456');
    // The number directive (spec trading §5): a minus, a comma or a letter is refused as it is typed.
    await sell.getByLabel('Amount').fill('');
    await sell.getByLabel('Amount').pressSequentially('-1,2a.5');
    await expect(sell.getByLabel('Amount')).toHaveValue('12.5');
    await sell.getByLabel('Amount').fill('0.000001');
    await expect(sell.getByLabel('Amount')).toHaveValue('0.00000');
    await sell.getByRole('button', { name: 'Sell BTC' }).click();
    await expect(sell.getByRole('alert')).toHaveText('Enter an amount');
    await sell.getByRole('button', { name: '50%' }).click();
    const available = Number((await page.getByTestId('available-sell').textContent())?.split(' ')[0]);
    await expect(sell.getByLabel('Amount')).toHaveValue(String(Math.floor((available / 2) * 1e5) / 1e5));
    await sell.getByLabel('Amount').fill(String(available + 1));
    await sell.getByRole('button', { name: 'Sell BTC' }).click();
    await expect(sell.getByRole('alert')).toHaveText('Insufficient BTC balance');
    await expect(openRows(page)).toHaveCount(0);
  });

  test('an order the server refuses shows its message and changes nothing', async ({ page, request }) => {
    test.setTimeout(60_000);
    // The form believes it has far more USDT than the account holds, so only the server can refuse.
    await page.route('**/exchange/account**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.rmb = '999999999';
      await route.fulfill({ response, json: body });
    });
    const token = await openTrade(page, request);
    const before = await balances(request, token);
    const buy = page.locator('form.entry-side[data-side="buy"]');
    const bid = Number(await page.locator('.trade-book').getAttribute('data-best-bid'));
    await buy.getByLabel('Price', { exact: true }).fill((Math.floor(bid) - 100).toFixed(2));
    await buy.getByLabel('Amount').fill('50');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    await expect(buy.getByRole('alert')).toHaveText('Insufficient USDT balance');
    await expect(page.locator('.toast', { hasText: 'Insufficient USDT balance' })).toBeVisible();
    await expect(openRows(page)).toHaveCount(0);
    expect(await balances(request, token)).toEqual(before);
  });

  test('a stop-limit sell waits for its trigger in open orders', async ({ page, request }) => {
    await openTrade(page, request);
    await page.getByRole('tab', { name: 'Stop-limit' }).click();
    const sell = page.locator('form.entry-side[data-side="sell"]');
    const bid = Number(await page.locator('.trade-book').getAttribute('data-best-bid'));
    const trigger = Math.floor(bid * 0.8).toFixed(2);
    await sell.getByLabel('Trigger price').fill(trigger);
    await sell.getByLabel('Price', { exact: true }).fill(Math.floor(bid * 0.79).toFixed(2));
    await sell.getByLabel('Amount').fill('0.001');
    await sell.getByRole('button', { name: 'Sell BTC' }).click();
    const row = openRows(page).first();
    await expect(row).toContainText('Stop-limit');
    await expect(row).toContainText('Waiting for trigger');
    await expect(row).toContainText(grouped(String(Number(trigger))));
  });
});
