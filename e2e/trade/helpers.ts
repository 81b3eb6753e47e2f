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

/**
 * A buy price that rests and stays among the levels the book shows while a journey runs: the book is grouped by
 * 1000 ticks (10 USDT on BTC/USDT: its 50 levels span 500), and the price is a multiple of 10 two hundred under the
 * best bid, so the simulated walk (about 19 USDT per √s) neither reaches it nor carries it out of sight in seconds.
 * Returns the price to type and the grouped level the book marks as the user's own.
 */
export async function restingBuy(page: Page): Promise<{ price: string; level: RegExp }> {
  const book = page.locator('.trade-book');
  await book.locator('.book-group select').selectOption('1000');
  await expect(book).toHaveAttribute('data-group', '1000');
  await expect(book).toHaveAttribute('data-best-bid', /^\d+$/);
  const whole = Math.floor(Number(await book.getAttribute('data-best-bid')) / 10) * 10 - 200;
  return { price: whole.toFixed(2), level: new RegExp(`(^| )${whole}( |$)`) };
}

/** The page does not scroll sideways: nothing is wider than the viewport (tables scroll inside their own box). */
export async function expectFitsWidth(page: Page): Promise<void> {
  const { scroll, inner, wide } = await page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    // The outermost elements past the right edge and not in a box of their own that scrolls: what widens the page.
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .filter((el) => !clipped(el))
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
    return { scroll: document.documentElement.scrollWidth, inner: width, wide };
  });
  expect(scroll, `page wider than the viewport: ${wide.join(', ')}`).toBeLessThanOrEqual(inner);
}
