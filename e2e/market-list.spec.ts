import { expect, test } from './fixtures.ts';

test('the home page lists the spot markets served by the server', async ({ page, request }) => {
  const thumb = await (await request.get('/market/symbol-thumb')).json();
  const usdt = thumb.data.filter((m: { baseSymbol: string }) => m.baseSymbol === 'USDT');

  await page.goto('/');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(usdt.length);
  const btc = page.locator('tr[data-symbol="BTC/USDT"]');
  await expect(btc).toContainText('BTC');
  // The price is the server's, shown with the market's priceScale.
  const btcThumb = usdt.find((m: { symbol: string }) => m.symbol === 'BTC/USDT');
  await expect(btc.locator('td').first()).toHaveText(Number(btcThumb.close).toFixed(btcThumb.priceScale));
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
