import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';

/**
 * Trading perpetuals on /trade/contract (issue 21 §3–§6, §9) as the demo user: the form's preview against the position
 * the engine then reports, isolated margin, a forced liquidation, reverse and close-all, all live from the socket.
 */

/** The first number in a cell's text, as a number ('4,750.25 USDT' → 4750.25). */
const plain = (text: string | null) =>
  Number(/-?\d[\d,]*(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? Number.NaN);

async function call(request: APIRequestContext, token: string, url: string, form: Record<string, string>) {
  const res = await request.post(url, { headers: { 'x-auth-token': token }, form });
  const body = (await res.json()) as { code: number; message: string; data: unknown };
  expect(body.code, `${url}: ${body.message}`).toBe(0);
  return body.data;
}

/** Signs the demo user in with 5 000 USDT in the contract wallet, isolated on `symbol`, and opens its terminal. */
async function openContract(page: Page, request: APIRequestContext, symbol: string): Promise<string> {
  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  const token = await signIn(page, request);
  await call(request, token, '/swap/order/close-all', {});
  await call(request, token, '/swap/wallet/trans', { unit: 'USDT', amount: '5000', from: 'spot', to: 'contract' });
  await call(request, token, '/swap/order/switch-pattern', { symbol, marginModel: '2' });
  await page.goto(`/trade/contract?symbol=${symbol.replace('/', '_')}`);
  await expect(page.getByTestId('contract-available')).toContainText('USDT', { timeout: 15_000 });
  return token;
}

/** The one position row of the demo user on `symbol`. */
const positionRow = (page: Page, symbol: string) => page.locator(`.cp-positions tr[data-symbol="${symbol}"]`);

test.describe('/trade/contract trading', () => {
  test.afterEach(async ({ request }) => {
    const login = await request.post('/uc/login', {
      form: { username: 'demo@tickstream.local', password: 'Tickstream2026' },
    });
    const token = login.headers()['x-auth-token'] ?? '';
    await request.post('/swap/order/close-all', { headers: { 'x-auth-token': token } });
  });

  test('a 20× isolated long with TP/SL: the preview is the position, margin moves the liquidation price, reverse and close-all', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await openContract(page, request, 'BTC/USDT');
    const form = page.getByTestId('contract-entry');
    await form.getByRole('tab', { name: 'Market' }).click();
    await form.getByLabel('Size', { exact: true }).fill('10');
    const mark = plain(await page.locator('.contract-header [data-stat="mark"] dd').textContent());
    await form.getByRole('checkbox', { name: 'TP/SL' }).check();
    await form.getByLabel('Take profit').fill((mark * 1.2).toFixed(1));
    await form.getByLabel('Stop loss').fill((mark * 0.8).toFixed(1));
    await expect(form.locator('[data-row="liquidation"] td').last()).toHaveText(/^\d[\d,]*\.\d$/);
    await form.locator('button.entry-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();

    // The position, live from the user channel, with its TP and SL legs paired.
    const row = positionRow(page, 'BTC/USDT');
    await expect(row).toHaveAttribute('data-side', 'long', { timeout: 15_000 });
    await expect(row.locator('[data-field="volume"]')).toContainText('10');
    await expect(row.locator('.cp-leg')).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'TP/SL (2)' })).toBeVisible();

    // Before the next order, the preview's "now" is the position exactly as the engine reports it.
    await form.getByLabel('Size', { exact: true }).fill('1');
    const now = (key: string) => form.locator(`[data-row="${key}"] td`).first();
    await expect
      .poll(async () => plain(await now('margin').textContent()))
      .toBe(plain(await row.locator('[data-field="margin"]').textContent()));
    expect(plain(await now('liquidation').textContent())).toBe(
      plain(await row.locator('[data-field="liq"]').textContent()),
    );

    // 100 USDT more margin lowers a long's liquidation price.
    const liq = plain(await row.locator('[data-field="liq"]').textContent());
    await row.getByRole('button', { name: 'Adjust margin' }).click();
    const dialog = page.getByTestId('margin-dialog');
    await dialog.getByRole('textbox').fill('100');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => plain(await row.locator('[data-field="liq"]').textContent())).toBeLessThan(liq);

    // Reverse: the long closes and a short of the same size opens, at market.
    await row.getByRole('button', { name: 'Reverse' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toHaveAttribute('data-side', 'short', { timeout: 15_000 });

    // Close all: no position left, and position history has both.
    await page.locator('.cp-positions').getByRole('button', { name: 'Close all' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('.cp-positions tbody tr[data-position-id]')).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('tab', { name: 'Position history' }).click();
    // Newest first: the short the reverse opened, then the long (older journeys' positions may follow).
    const history = page.locator('.contract-orders-area table tbody tr');
    await expect(history.nth(0)).toContainText('Short');
    await expect(history.nth(1)).toContainText('Long');
    await expect(history.nth(1)).toContainText('BTC/USDT');
    expect(token).toBeTruthy();
  });

  test('a forced index move liquidates the position: it leaves the panel and a toast says so', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await openContract(page, request, 'ETH/USDT');
    const form = page.getByTestId('contract-entry');
    await form.getByRole('tab', { name: 'Market' }).click();
    await form.getByLabel('Size', { exact: true }).fill('20');
    // The order is valued once the contract's prices came: the preview shows its liquidation price.
    await expect(form.locator('[data-row="liquidation"] td').last()).toHaveText(/^\d[\d,]*\.\d+$/, { timeout: 15_000 });
    await form.locator('button.entry-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const row = positionRow(page, 'ETH/USDT');
    await expect(row).toHaveAttribute('data-side', 'long', { timeout: 15_000 });
    const liq = plain(await row.locator('[data-field="liq"]').textContent());
    // The dev endpoint pins ETH's index 5 % under the liquidation price; the mark follows within a tick or two.
    await call(request, token, '/swap/dev/index', { symbol: 'ETH/USDT', price: (liq * 0.95).toFixed(2) });
    try {
      await expect(page.locator('.cp-positions tbody tr[data-position-id]')).toHaveCount(0, { timeout: 30_000 });
      await expect(
        page
          .locator('.toast')
          .filter({ hasText: /was liquidated at/ })
          .first(),
      ).toBeVisible();
      await page.getByRole('tab', { name: 'Position history' }).click();
      await expect(page.locator('.contract-orders-area table tbody tr').first()).toContainText('Liquidation');
      // And in the message centre, in the user's language.
      await page.goto('/message');
      await expect(page.getByText('Position liquidated').first()).toBeVisible();
    } finally {
      await request.post('/swap/dev/index', {
        headers: { 'x-auth-token': token },
        form: { symbol: 'ETH/USDT', release: 'true' },
      });
    }
  });

  test('funding settles on an open position: a toast, a funding-history row and a funding bill', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await openContract(page, request, 'BTC/USDT');
    const open = { symbol: 'BTC/USDT', direction: '1', type: '2', volume: '100' };
    await call(request, token, '/swap/order/open', open);
    await expect(positionRow(page, 'BTC/USDT')).toHaveAttribute('data-side', 'long', { timeout: 15_000 });
    // The e2e server settles every 20 s (global-setup.ts).
    const toast = page.locator('.toast').filter({ hasText: /^Funding (paid|received) on BTC\/USDT long/i });
    await expect(toast.first()).toBeVisible({ timeout: 40_000 });
    await page.getByRole('tab', { name: 'Funding history' }).click();
    await expect(page.locator('.contract-orders-area table tbody tr').first()).toContainText('BTC/USDT');
    await page.goto('/bill');
    await page.getByLabel('Type').selectOption({ label: 'Funding fee' });
    await expect(page.locator('[data-testid="bill-table"] tbody tr').first()).toContainText('Funding fee');
  });
});
