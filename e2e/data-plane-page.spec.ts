import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The page's side of the data plane in a real browser: each page has a dedicated data worker of its own, on the socket
 * hub's one connection (isolated or not), or on a socket of its own where SharedWorker is missing; an isolated page
 * takes its batches through shared memory; a book panel off screen is not posted until it is scrolled into view.
 */

/** The quote detail page shows a 10-level book preview beside the chart. */
const DETAIL = '/quotes/BTC/USDT';

/** The preview's rows as text, to see whether the book on screen moves. */
const bookText = (page: Page) => page.locator('.book-preview table').innerText();

async function expectLiveBook(page: Page) {
  const state = page.locator('.book-preview .feed-state');
  await expect(state).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect(page.locator('.book-preview tr[data-side="bid"]')).toHaveCount(10);
  await expect(page.locator('.book-preview tr[data-side="ask"]')).toHaveCount(10);
  // Both best prices from one read of the page: two reads could straddle a new snapshot of a moving market.
  const [bestBid, bestAsk] = await page.evaluate(() => {
    const price = (row: Element | null | undefined) =>
      Number(row?.querySelector('td')?.textContent?.replaceAll(',', ''));
    const asks = document.querySelectorAll('.book-preview tr[data-side="ask"]');
    // Asks are listed worst first, so the best ask is the last ask row.
    return [price(document.querySelector('.book-preview tr[data-side="bid"]')), price(asks[asks.length - 1])];
  });
  expect(bestBid).toBeGreaterThan(0);
  expect(bestBid).toBeLessThan(bestAsk);
  // Live: the simulator's quotes keep reaching the screen.
  const first = await bookText(page);
  await expect.poll(() => bookText(page), { timeout: 15_000 }).not.toBe(first);
}

test.describe('a browser without SharedWorker', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      // As in browsers that lack it (Chrome on Android, for one): removed before the app's code runs.
      delete (window as { SharedWorker?: unknown }).SharedWorker;
    });
  });

  test('shows a live book through a dedicated Worker', async ({ page }) => {
    await page.goto(DETAIL);
    expect(await page.evaluate(() => typeof SharedWorker)).toBe('undefined');
    await expectLiveBook(page);
    // The data plane runs in this page's own Worker.
    expect(page.workers().map((w) => new URL(w.url()).pathname)).toEqual([
      expect.stringMatching(/\/dedicated-worker[^/]*\.js$/),
    ]);
  });
});

test.describe('a cross-origin isolated page (the server sends COOP and COEP)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      // Counts the batches posted to the page's port and the times the ring woke the page (workers/ring).
      const counts = { posted: 0, wakes: 0 };
      Object.assign(window, { batchCounts: counts });
      const own = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage') as PropertyDescriptor;
      Object.defineProperty(MessagePort.prototype, 'onmessage', {
        get() {
          return own.get?.call(this);
        },
        set(handler: ((event: MessageEvent) => void) | null) {
          const counted = (event: MessageEvent) => {
            if (event.data instanceof ArrayBuffer || (event.data && 'views' in event.data)) counts.posted++;
            handler?.call(this, event);
          };
          own.set?.call(this, handler && counted);
        },
      });
      const atomics = Atomics as unknown as { waitAsync: (...args: unknown[]) => { value: unknown } };
      const wait = atomics.waitAsync;
      atomics.waitAsync = (...args) => {
        const waiting = wait(...args);
        if (waiting.value instanceof Promise) void waiting.value.then(() => counts.wakes++);
        return waiting;
      };
    });
  });

  test('takes its batches through the ring it shares with its data worker, not as messages', async ({ page }) => {
    await page.goto(DETAIL);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await expectLiveBook(page);
    const counts = () =>
      page.evaluate(() => (window as unknown as { batchCounts: { posted: number; wakes: number } }).batchCounts);
    const before = await counts();
    await expect.poll(async () => (await counts()).wakes - before.wakes, { timeout: 15_000 }).toBeGreaterThan(20);
    // While the page keeps up, none of the live batches is posted (one may be while the page loads).
    expect((await counts()).posted - before.posted).toBe(0);
  });
});

test.describe('a page that is not cross-origin isolated (served without COEP)', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(`**${DETAIL}`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
  });

  test('shows a live book from its own data worker all the same (the hand-off needs no shared memory)', async ({
    page,
  }) => {
    await page.goto(DETAIL);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await expectLiveBook(page);
    expect(page.workers().map((w) => new URL(w.url()).pathname)).toContainEqual(
      expect.stringMatching(/\/dedicated-worker[^/]*\.js$/),
    );
  });
});

test.describe('a book panel off screen', () => {
  // Narrow: the book preview sits below the chart and the coin's facts, out of view until scrolled to.
  test.use({ viewport: { width: 600, height: 400 } });

  test('is not posted while off screen and is live again once scrolled into view', async ({ page }) => {
    await page.goto(DETAIL);
    await expect(page.locator('.quote-detail')).toBeVisible();
    const preview = page.locator('.book-preview');
    await expect(preview).not.toBeInViewport();
    // Whatever the first snapshot brought before the panel was seen to be off screen, nothing follows it.
    await page.waitForTimeout(1000);
    const hidden = await bookText(page);
    await page.waitForTimeout(3000);
    expect(await bookText(page)).toBe(hidden);

    await preview.scrollIntoViewIfNeeded();
    await expect(preview).toBeInViewport();
    await expectLiveBook(page);
  });
});
