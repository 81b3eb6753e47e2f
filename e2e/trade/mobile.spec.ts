import { expect, test } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';
import { cancelDemoOrders, expectFitsWidth, openRows } from './helpers.ts';

/** The spot terminal on a phone (spec shell §9, issue 19 item 1): one panel at a time under tabs, nothing sideways. */
test.use({ viewport: { width: 390, height: 844 } });

test.describe('/trade at 390 px', () => {
  test.afterEach(({ request }) => cancelDemoOrders(request));

  test('fits the width; the tabs show one panel at a time, a live book, and a form whose limit buy rests in open orders', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, request);
    await page.goto('/trade/BTC-USDT');
    const tabs = page.getByRole('tablist', { name: 'Market views' });
    const chart = page.locator('.trade-chart');
    const book = page.locator('.trade-book');
    const trades = page.locator('.trade-trades');
    const entry = page.locator('section.trade-entry');

    // The chart first, alone; the header keeps the symbol, the last price and the 24 h change on one line.
    await expect(tabs.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 15_000,
    });
    await expect(chart).toBeVisible();
    await expect(book).toBeHidden();
    await expect(trades).toBeHidden();
    await expect(entry).toBeHidden();
    await expect(page.getByTestId('last-change')).toHaveText(/%$/);
    await expectFitsWidth(page);

    // The book, live, drawn across the panel at the screen's pixel ratio.
    await tabs.getByRole('tab', { name: 'Order book' }).click();
    await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect(chart).toBeHidden();
    const [bid, ask] = await book.evaluate((el) => [Number(el.dataset.bestBid), Number(el.dataset.bestAsk)]);
    expect(bid).toBeGreaterThan(0);
    expect(bid).toBeLessThan(ask);
    // The worker owns the bitmap (an OffscreenCanvas): the page says what size it asked for.
    const canvas = await book.locator('canvas.bids').evaluate((c: HTMLCanvasElement) => ({
      css: Math.round(c.getBoundingClientRect().width),
      pixels: Number(c.dataset.pixels?.split('x')[0]),
      ratio: window.devicePixelRatio,
    }));
    expect(canvas.css).toBeGreaterThan(300);
    expect(canvas.pixels).toBe(Math.round(canvas.css * canvas.ratio));

    // The tape; the hidden book gets no frames meanwhile (its seq stands while new trades come in).
    await tabs.getByRole('tab', { name: 'Trades' }).click();
    await expect(trades).toHaveAttribute('data-newest', /\d/, { timeout: 15_000 });
    await expect(book).toBeHidden();
    const seq = await book.getAttribute('data-seq');
    const newest = await trades.getAttribute('data-newest');
    await expect(trades).not.toHaveAttribute('data-newest', newest ?? '', { timeout: 15_000 });
    expect(await book.getAttribute('data-seq')).toBe(seq);

    // A price picked in the book opens the form with it.
    await tabs.getByRole('tab', { name: 'Order book' }).click();
    await book.locator('canvas.bids').click({ position: { x: 40, y: 8 } });
    await expect(tabs.getByRole('tab', { name: 'Place order' })).toHaveAttribute('aria-selected', 'true');
    const buy = page.locator('form.entry-side[data-side="buy"]');
    const picked = await book.getAttribute('data-picked');
    await expect(buy.getByLabel('Price', { exact: true })).toHaveValue(picked ?? '');
    await expect(book).toBeHidden();
    await expectFitsWidth(page);

    // 2 % under the bid read before the tape: it rests however the walk moved since (BTC's 1σ over 10 s is ~0.06 %).
    const price = Math.floor(bid * 0.98).toFixed(2);
    await buy.getByLabel('Price', { exact: true }).fill(price);
    await buy.getByLabel('Amount').fill('0.01');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    await expect(openRows(page)).toHaveCount(1);
    await expect(openRows(page).first()).toContainText('BTC/USDT');
    await expectFitsWidth(page);
  });

  test('the market selector is a sheet across the screen', async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await page.goto('/trade/BTC-USDT');
    await page.getByTitle('Choose a market').click();
    const sheet = page.getByRole('dialog', { name: 'Choose a market' });
    await expect(sheet.locator('tr[data-symbol="ETH/USDT"]')).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(box?.width).toBeGreaterThan(350);
    await sheet.locator('tr[data-symbol="ETH/USDT"]').click();
    await expect(page).toHaveURL(/\/trade\/ETH-USDT$/);
    await expectFitsWidth(page);
  });
});
