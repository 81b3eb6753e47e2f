import { expect, test } from '../fixtures.ts';

/** The contract terminal's market side (issue 21 §1, §2), as a visitor sees it: everything live, a login prompt to trade. */
test.describe('/trade/contract', () => {
  test('the quotes contract tab opens the ETH perpetual: header figures, ticking funding countdown, live book and trades, login prompt', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/quotes/list/contract');
    await page.locator('.contract-quotes .quote-row[data-symbol="ETH/USDT"] .trade-link').click();
    await expect(page).toHaveURL(/\/trade\/contract\?symbol=ETH_USDT$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.site-footer, footer.footer')).toHaveCount(0);

    // Mark and index on ETH's grid (2 decimals), the predicted rate, the open interest in contracts.
    const header = page.locator('.contract-header');
    await expect(header).toHaveAttribute('data-market', 'ETH/USDT:USDT');
    const price = /^\d{1,3}(,\d{3})*\.\d{2}$/;
    await expect(header.locator('[data-stat="mark"] dd')).toHaveText(price, { timeout: 15_000 });
    await expect(header.locator('[data-stat="index"] dd')).toHaveText(price);
    await expect(page.getByTestId('funding-rate')).toHaveText(/^-?\d+\.\d{4}%$/);
    await expect(header.locator('[data-stat="open-interest"] dd')).toHaveText(/^\d/);
    // The countdown to the next settlement ticks.
    const countdown = page.getByTestId('funding-countdown');
    await expect(countdown).toHaveText(/^\d{2,}:\d{2}:\d{2}$/);
    const shown = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(shown);

    // The spot terminal's book and tape on the perpetual's market, live.
    const book = page.locator('.trade-book');
    await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect(book).toHaveAttribute('data-seq', /\d+/);
    const seq = Number(await book.getAttribute('data-seq'));
    await expect
      .poll(async () => Number(await book.getAttribute('data-seq')), { timeout: 15_000 })
      .toBeGreaterThan(seq);
    // Both best prices from one read: two reads could straddle a new snapshot of a moving market.
    const [bid, ask] = await book.evaluate((el) => [Number(el.dataset.bestBid), Number(el.dataset.bestAsk)]);
    expect(bid).toBeGreaterThan(0);
    expect(bid).toBeLessThan(ask);
    await expect(page.locator('.trade-trades')).toHaveAttribute('data-count', /[1-9]\d*/, { timeout: 15_000 });

    // A visitor's order form: log in (and come back here) or register.
    const prompt = page.getByTestId('contract-login-prompt');
    await expect(prompt.getByRole('link')).toHaveCount(2);
    await expect(prompt.getByRole('link').first()).toHaveAttribute(
      'href',
      `/login?fromUrl=${encodeURIComponent('/trade/contract?symbol=ETH_USDT')}`,
    );
  });
});
