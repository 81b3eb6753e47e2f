import { expect, test } from './fixtures.ts';

test('a client route that the server does not know still loads the app', async ({ page }) => {
  const response = await page.goto('/trade/BTC-USDT');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
