import { useEnglish } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';

/** The header's spot market panel and the search popup's Hot tab (spec shell §2, trading §2; issue 19 item 12). */

test('hovering the trade menu shows spot markets with live prices, searchable; a market opens its trade page', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await useEnglish(page);
  await page.goto('/');
  const menu = page.locator('.trade-menu');
  await menu.getByRole('button', { name: 'Spot trading' }).hover();
  const panel = page.getByTestId('spot-market-panel');
  await expect(panel.getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('recommended').getByRole('link')).toHaveCount(8);
  const btc = panel.locator('.spot-panel-rows a[data-symbol="BTC/USDT"]');
  await expect(btc.locator('.num').first()).toHaveText(/^\d[\d,]*\.\d+$/);

  await panel.getByPlaceholder('Search pairs').fill(' e T h ');
  await expect(panel.getByTestId('recommended')).toHaveCount(0);
  const rows = panel.locator('.spot-panel-rows a');
  await expect(rows.first()).toBeVisible();
  for (const symbol of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')))) {
    expect(symbol).toMatch(/ETH.*\/USDT$/);
  }
  await panel.getByRole('tab', { name: 'USDC' }).click();
  await panel.locator('.spot-panel-rows a[data-symbol="ETH/USDC"]').click();
  await expect(page).toHaveURL(/\/trade\/ETH-USDC$/);
  await expect(panel).toHaveCount(0);

  // The search popup's Hot tab: the recommended top 8.
  await page.getByRole('button', { name: 'Search markets' }).click();
  await page.getByRole('tab', { name: 'Hot', exact: true }).click();
  await expect(page.locator('.search-results li button')).toHaveCount(8);
});
