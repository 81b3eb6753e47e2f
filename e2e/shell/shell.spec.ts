import { expect, test } from '../fixtures.ts';
import { signIn } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/__blank__');
  await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
});

test('the not-found page refresh button reloads the page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page).toHaveURL(/\/definitely\/not\/here$/);
});

test('the theme switch is stored and survives a reload; other routes stay light', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Not theme-switchable: forced light, and no switch.
  await page.goto('/no-such-page');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Switch theme' })).toHaveCount(0);
  await page.goto('/');
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the display currency is stored and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('currency-current')).toHaveText('USDT');
  await page.getByRole('button', { name: 'Display currency' }).click();
  await page.locator('[data-currency="CNY"]').click();
  await expect(page.getByTestId('currency-current')).toHaveText('CNY');
  await page.reload();
  await expect(page.getByTestId('currency-current')).toHaveText('CNY');
});

test('the assets dropdown converts the total into the display currency and hides it with the eye', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/__blank__');
  await page.evaluate(() => localStorage.setItem('currency', 'USD'));
  await page.goto('/');
  await page.locator('.assets-dropdown').hover();
  const total = page.getByTestId('assets-total');
  await expect(total).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await page.getByRole('button', { name: 'Hide balances' }).click();
  await expect(total).toHaveText('******');
  await page.reload();
  await page.locator('.assets-dropdown').hover();
  await expect(page.getByTestId('assets-total')).toHaveText('******');
});

test('the symbol search ignores whitespace and case; its contract rows lead to the contract terminal', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search markets' }).click();
  const input = page.getByPlaceholder('Search pairs');
  await input.fill(' e T h / u s d t ');
  const rows = page.locator('.search-results li button');
  await expect(rows.first()).toBeVisible();
  for (const symbol of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-symbol')))) {
    expect(symbol?.toLowerCase()).toContain('eth/usdt');
  }
  await page.getByRole('tab', { name: 'Spot', exact: true }).click();
  await expect(rows.first()).toHaveAttribute('data-symbol', 'ETH/USDT');
  await page.getByRole('tab', { name: 'Contract', exact: true }).click();
  await rows.first().click();
  await expect(page).toHaveURL(/\/trade\/contract\?symbol=ETH_USDT/);
  await expect(page.locator('.contract-page')).toHaveAttribute('data-market', 'ETH/USDT:USDT');
});

test('?toBycoin=1 shows the purchase success alert', async ({ page }) => {
  await page.goto('/?toBycoin=1');
  await expect(page.getByTestId('to-bycoin-alert')).toContainText('Purchase successful');
  await page.goto('/');
  await expect(page.getByTestId('to-bycoin-alert')).toHaveCount(0);
});

test('signed in: notices, messages and the download QR codes', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Messages' }).click();
  await expect(page.locator('.messages .feed-list li')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Announcements' }).click();
  await expect(page.locator('.notices .feed-list li').first()).toBeVisible();
  expect(await page.locator('.notices .feed-list li').count()).toBeLessThanOrEqual(3);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByRole('img', { name: 'iOS app' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Android APK' })).toBeVisible();
});

test('a network failure shows the translated toast (spec shell §8)', async ({ page, pageErrors }) => {
  pageErrors.allow('net::ERR_INTERNET_DISCONNECTED', { url: /\/uc\/ancillary\/more\/help\/page\?/ });
  // The help centre's list call is not silent (the home page's list calls are, spec shell §8).
  await page.route('**/uc/ancillary/more/help/page**', (route) => route.abort('internetdisconnected'));
  await page.goto('/help');
  await expect(page.locator('.toast-error')).toHaveText('Network error, please try switching to another network');
});

test('code 403 from the server goes to /login (spec shell §4)', async ({ page, request, pageErrors }) => {
  pageErrors.allow('the server responded with a status of 403 (Forbidden)', { url: /\/uc\/member\/my-info\?/ });
  await signIn(page, request);
  await page.route('**/uc/member/my-info**', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":403,"message":"Forbidden here"}' }),
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
