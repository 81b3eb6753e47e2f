import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';

/** Signs the demo user in and opens /trade/BTC-USDT in English, once its book is live and its spot account known. */
export async function openTrade(page: Page, request: APIRequestContext): Promise<string> {
  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  const token = await signIn(page, request);
  await page.goto('/trade/BTC-USDT');
  await expect(page.locator('.trade-book .feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  // The form knows the balances once the spot account answered.
  await expect(page.getByTestId('available-buy')).toHaveText(/^\d[\d,.]* USDT$/, { timeout: 10_000 });
  return token;
}

/** Cancels every open order of the demo user, so that no journey leaves one behind for the next. */
export async function cancelDemoOrders(request: APIRequestContext): Promise<void> {
  const login = await request.post('/uc/login', {
    form: { username: 'demo@tickstream.local', password: 'Tickstream2026' },
  });
  const token = login.headers()['x-auth-token'] ?? '';
  await request.post('/exchange/order/cancel-all', { headers: { 'x-auth-token': token } });
}

export const openRows = (page: Page) => page.locator('table[data-list="open"] tbody tr');

/** The page does not scroll sideways: nothing is wider than the viewport (tables scroll inside their own box). */
export async function expectFitsWidth(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'page wider than the viewport').toBeLessThanOrEqual(inner);
}
