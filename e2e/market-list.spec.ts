import { expect, test } from './fixtures.ts';

test('the home page lists the spot markets served by the server', async ({ page, request }) => {
  const thumb = await (await request.get('/market/symbol-thumb')).json();
  const usdt = thumb.data.filter((m: { baseSymbol: string }) => m.baseSymbol === 'USDT');

  await page.goto('/');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(usdt.length);
  const btc = page.locator('tr[data-symbol="BTC/USDT"]');
  await expect(btc).toContainText('BTC');
  // The price is the server's, shown with the market's priceScale; the simulator moves it, so it is compared to the
  // server's within a small band rather than to the digit.
  const btcThumb = usdt.find((m: { symbol: string }) => m.symbol === 'BTC/USDT');
  const shown = (await btc.locator('td').first().textContent()) ?? '';
  expect(shown).toMatch(new RegExp(`^\\d+\\.\\d{${btcThumb.priceScale}}$`));
  expect(Math.abs(Number(shown) / Number(btcThumb.close) - 1)).toBeLessThan(0.01);
});

test('quote tabs switch the list to BTC-quoted markets', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'BTC' }).click();
  await expect(page.locator('tr[data-symbol="ETH/BTC"]')).toBeVisible();
  await expect(page.locator('tr[data-symbol="BTC/USDT"]')).toHaveCount(0);
});

test('the language switch translates the page and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('现货行情');
  await page.getByRole('combobox').selectOption('en_US');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spot markets');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spot markets');
});

test('a client route that the server does not know still loads the app', async ({ page }) => {
  const response = await page.goto('/trade/BTC-USDT');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
