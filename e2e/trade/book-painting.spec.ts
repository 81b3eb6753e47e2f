import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * Who paints the order book (issue 22 item 3): the data worker, on canvases the page hands over, or the page itself
 * where the browser cannot hand a canvas to a worker. Either way the ladders show the live book, keep up with it, and
 * a hover and a click find the level drawn under the pointer.
 */

/** Paints per side so far, as the book section reports them (`asks bids`). */
async function paints(page: Page): Promise<[number, number]> {
  const text = (await page.locator('.trade-book').getAttribute('data-paints')) ?? '0 0';
  const [asks = 0, bids = 0] = text.split(' ').map(Number);
  return [asks, bids];
}

async function expectLiveLadders(page: Page) {
  const book = page.locator('.trade-book');
  await page.goto('/trade/BTC-USDT');
  await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  // Both sides keep being repainted as the book moves.
  const before = await paints(page);
  const since = async () => Math.min(...(await paints(page)).map((n, i) => n - (before[i] ?? 0)));
  await expect.poll(since, { timeout: 10_000 }).toBeGreaterThan(3);
  // Rows are on screen: a ladder's picture is far from blank (a blank one is a few hundred bytes of PNG).
  const shot = await book.locator('canvas.bids').screenshot();
  expect(shot.byteLength).toBeGreaterThan(4000);
  // A click hands over the level drawn there: the best bid, at the top of the bids.
  await book.locator('canvas.bids').click({ position: { x: 40, y: 10 } });
  await expect(book).toHaveAttribute('data-picked', /^\d+\.\d{2}$/);
  const picked = Number(await book.getAttribute('data-picked'));
  const bid = Number(await book.getAttribute('data-best-bid'));
  expect(Math.abs(picked - bid) / bid).toBeLessThan(0.01);
}

test('the worker paints the order book: both ladders keep up with the live book, and a click picks the level drawn', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await expectLiveLadders(page);
  // The snapshots the page still gets say what the worker drew, and when.
  const book = page.locator('.trade-book');
  const drawnAt = Number(await book.getAttribute('data-drawn-at'));
  const now = await page.evaluate(() => performance.timeOrigin + performance.now());
  expect(now - drawnAt).toBeLessThan(5_000);
  // Bids only, then both again: the asks' canvas goes, and a new one is handed over and painted.
  await book.locator('.book-view.bids').click();
  await expect(book.locator('canvas.asks')).toHaveCount(0);
  const [asks] = await paints(page);
  await book.locator('.book-view.both').click();
  await expect(book.locator('canvas.asks')).toHaveCount(1);
  await expect.poll(async () => (await paints(page))[0], { timeout: 10_000 }).toBeGreaterThan(asks + 3);
  expect((await book.locator('canvas.asks').screenshot()).byteLength).toBeGreaterThan(4000);
});

test('where a canvas cannot be handed to a worker, the page paints the book itself', async ({ page }) => {
  test.setTimeout(45_000);
  await page.addInitScript(() => {
    Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
  });
  await expectLiveLadders(page);
});

test('when the worker cannot take the canvas (a browser that will not transfer one to it), the page paints', async ({
  page,
}) => {
  test.setTimeout(45_000);
  // What a browser does whose shared worker cannot receive an OffscreenCanvas: the hand-over throws.
  await page.addInitScript(() => {
    HTMLCanvasElement.prototype.transferControlToOffscreen = () =>
      ({ notTransferable: true }) as unknown as OffscreenCanvas;
  });
  await expectLiveLadders(page);
});

test('a data worker that dies is replaced, and the paint worker goes on painting the same canvases from it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/trade/BTC-USDT');
  const book = page.locator('.trade-book');
  await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await book.locator('canvas.bids').evaluate((canvas) => {
    canvas.dataset.first = 'yes';
  });
  const cdp = await browser.newBrowserCDPSession();
  const workers = async () =>
    (await cdp.send('Target.getTargets')).targetInfos.filter(
      (t) => t.type === 'shared_worker' && t.title.startsWith('tickstream-data'),
    );
  const [first] = await workers();
  await cdp.send('Target.closeTarget', { targetId: first?.targetId ?? '' });
  await expect
    .poll(async () => (await workers()).map((w) => w.title), { timeout: 20_000 })
    .toEqual(['tickstream-data-2']);
  await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  // The canvases are the paint worker's: the same ones, painted from the new data worker's books.
  await expect(book.locator('canvas.bids')).toHaveAttribute('data-first', 'yes');
  const before = await paints(page);
  await expect.poll(async () => (await paints(page))[1], { timeout: 15_000 }).toBeGreaterThan(before[1] + 3);
  await context.close();
});

test('two tabs on the terminal share one socket hub, each with its own data worker, and each has its book painted', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const tabs = [await context.newPage(), await context.newPage()];
  const crashed: string[] = [];
  for (const tab of tabs) tab.on('crash', () => crashed.push(tab.url()));
  await tabs[0]?.goto('/trade/BTC-USDT');
  await tabs[1]?.goto('/trade/ETH-USDT');
  for (const tab of tabs) {
    const before = await paints(tab);
    await expect(tab.locator('.trade-book .feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect.poll(async () => (await paints(tab))[1], { timeout: 15_000 }).toBeGreaterThan(before[1] + 3);
  }
  // A shared worker that drew on both tabs' canvases crashed the first tab in Chromium: each tab paints in its own.
  expect(crashed).toEqual([]);
  const cdp = await context.newCDPSession(tabs[0] as Page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((t) => t.type === 'shared_worker' && t.title.startsWith('tickstream-data'))).toHaveLength(
    1,
  );
  await context.close();
});
