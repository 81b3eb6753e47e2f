import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';
import { expectFitsWidth } from '../trade/helpers.ts';

/** The contract terminal on a phone (spec shell §9, issue 21): one panel at a time under tabs, nothing sideways. */
test.use({ viewport: { width: 390, height: 844 } });

async function demoToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/uc/login', {
    form: { username: 'demo@tickstream.local', password: 'Tickstream2026' },
  });
  return login.headers()['x-auth-token'] ?? '';
}

test.describe('/trade/contract at 390 px', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/swap/order/close-all', { headers: { 'x-auth-token': await demoToken(request) } });
  });

  test('fits the width; the tabs switch, the book is live, the form opens a long that the positions panel shows', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    const token = await signIn(page, request);
    const headers = { 'x-auth-token': token };
    await request.post('/swap/order/close-all', { headers });
    await request.post('/swap/wallet/trans', {
      headers,
      form: { unit: 'USDT', amount: '1000', from: 'spot', to: 'contract' },
    });
    await page.goto('/trade/contract?symbol=BTC_USDT');
    const tabs = page.getByRole('tablist', { name: 'Market views' });
    const book = page.locator('.trade-book');
    const form = page.getByTestId('contract-entry');

    // The grid waits for the contract list (the book and tape are drawn on the contract's price scale).
    await expect(page.locator('.trade-chart')).toBeVisible({ timeout: 15_000 });
    await expect(book).toBeHidden();
    await expect(form).toBeHidden();
    await expect(page.locator('.contract-header').getByTestId('last-change')).toHaveText(/%$/);
    await expectFitsWidth(page);

    await tabs.getByRole('tab', { name: 'Order book' }).click();
    await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect(page.locator('.trade-chart')).toBeHidden();
    await tabs.getByRole('tab', { name: 'Trades' }).click();
    await expect(page.locator('.trade-trades')).toHaveAttribute('data-count', /[1-9]\d*/, { timeout: 15_000 });
    await expect(book).toBeHidden();

    await tabs.getByRole('tab', { name: 'Place order' }).click();
    await expect(page.getByTestId('contract-available')).toContainText('USDT', { timeout: 15_000 });
    // The leverage dialog fits the screen.
    await form.getByTestId('leverage-1').click();
    const dialog = page.getByTestId('leverage-dialog');
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await form.getByRole('tab', { name: 'Market' }).click();
    await form.getByLabel('Size', { exact: true }).fill('2');
    await form.locator('button.entry-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const row = page.locator('.cp-positions tr[data-symbol="BTC/USDT"]');
    await expect(row).toHaveAttribute('data-side', 'long', { timeout: 15_000 });
    await expect(row.locator('[data-field="volume"]')).toContainText('2');
    await expect(row).toBeVisible();
    await expectFitsWidth(page);
  });
});
