import { registerByApi, useSession } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';

/** The open content pages of issue 8 item 3 against the real server and its seeded content. */

const english = (page: import('@playwright/test').Page) =>
  page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en_US');
  });

test.describe('help centre and notices', () => {
  test.beforeEach(async ({ page }) => english(page));

  test('a help article found by search and opened', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByTestId('help-list').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill('authenticator');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/help\?keyword=authenticator$/);
    await expect(page.getByTestId('help-results')).toContainText('Results for “authenticator”');
    await page.getByRole('link', { name: 'How do I enable Google Authenticator?' }).click();
    await expect(page).toHaveURL(/\/helpDetail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How do I enable Google Authenticator?');
    await expect(page.getByTestId('article-body')).toContainText('16-character key');
    // Related articles of the same category lead on.
    await expect(page.getByRole('heading', { name: 'Related articles' })).toBeVisible();
  });

  test('categories filter and page the list', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('button', { name: /^Fees/ }).click();
    await expect(page.getByTestId('help-list').getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: /^All articles/ }).click();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    // 14 articles of the first five categories and 6 of About & legal: two full pages.
    await expect(page.getByTestId('help-list').getByRole('listitem')).toHaveCount(10);
  });

  test('the footer’s legal links open their documents by key (issue 19 item 2)', async ({ page }) => {
    await page.goto('/help');
    const footer = page.locator('.site-footer');
    await footer.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/helpDetail\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByTestId('help-detail').getByText('About & legal', { exact: true })).toBeVisible();
    await expect(page.getByTestId('article-body')).toContainText('session cookie');
    // Its related articles are the other documents, by id.
    await page.getByTestId('help-detail').getByRole('link', { name: 'Risk disclosure' }).click();
    await expect(page).toHaveURL(/\/helpDetail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risk disclosure');
  });

  test('a notice article, from the announcements list and from the header link', async ({ page }) => {
    await page.goto('/help?cate=notices');
    const first = page.getByTestId('notice-list').getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/helpDetail\/\d+\?source=notice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('article-body')).not.toBeEmpty();
    await expect(page.getByText('Announcement', { exact: true })).toBeVisible();
  });

  test('a missing article shows the server’s message', async ({ page, pageErrors }) => {
    pageErrors.allow('the server responded with a status of 404 (Not Found)', {
      url: /\/uc\/ancillary\/more\/help\/detail\?/,
    });
    await page.goto('/helpDetail/999999');
    await expect(page.getByTestId('help-detail').getByRole('alert')).toHaveText('Not found');
    // Shown once, inline: the page's call is silent.
    await expect(page.getByText('Not found')).toHaveCount(1);
  });
});

test('/message: a new user’s messages, read state and mark all read', async ({ page, request }) => {
  const token = await registerByApi(request, { email: `content-${Date.now()}@example.com` });
  await useSession(page, token);
  await page.goto('/message');
  const list = page.getByTestId('message-list');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.locator('[data-read="0"]')).toHaveCount(3);
  await expect(page.getByTestId('unread-count')).toHaveText('Unread: 3');
  // One read by hand, then the rest at once.
  await list.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(page.getByTestId('unread-count')).toHaveText('Unread: 2');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('unread-count')).toHaveText('Unread: 0');
  await expect(list.locator('[data-read="1"]')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Unread' }).click();
  await expect(page.getByText('No messages yet')).toBeVisible();
});

test('/message without a session asks for a login', async ({ page }) => {
  await english(page);
  await page.goto('/message');
  await expect(page).toHaveURL(/\/login\?showLoginTip=1$/);
});

/** Each open page with something of its content, in English and in Vietnamese. */
const PAGES = [
  { path: '/partner', en: 'Tickstream partner program', vi: 'Chương trình đối tác Tickstream' },
  { path: '/plug/newcoin', en: 'List your token on Tickstream', vi: 'Niêm yết token trên Tickstream' },
  { path: '/seoNew', en: 'Crypto news and live prices', vi: 'Tin tức và giá crypto trực tiếp' },
  { path: '/coinnews', en: 'Coin news', vi: 'Tin tức coin' },
  { path: '/video', en: 'Video tutorials', vi: 'Video hướng dẫn' },
  { path: '/game/discover', en: 'Discover games', vi: 'Khám phá trò chơi' },
  { path: '/sitemap', en: 'Sitemap', vi: 'Sơ đồ trang' },
  { path: '/promotion?promotionCode=AB12CD', en: 'Invite friends, trade together', vi: 'Mời bạn bè, cùng giao dịch' },
  { path: '/coinExchange', en: 'Convert', vi: 'Chuyển đổi' },
  {
    path: '/support-center/channel-verification',
    en: 'Official channel verification',
    vi: 'Xác minh kênh chính thức',
  },
] as const;

for (const lang of ['en_US', 'vi_VN'] as const) {
  test.describe(`open pages in ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    });
    for (const p of PAGES)
      test(p.path, async ({ page }) => {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(lang === 'en_US' ? p.en : p.vi);
      });
  });
}

test.describe('open pages at work', () => {
  test.beforeEach(async ({ page }) => english(page));

  test('coin news: list, category and an article', async ({ page }) => {
    await page.goto('/coinnews');
    await expect(page.getByTestId('news-list').getByRole('listitem')).toHaveCount(6);
    await page.getByRole('tab', { name: 'Crypto basics' }).click();
    await expect(page).toHaveURL(/\/coinnews\/category\/learn$/);
    await expect(page.getByTestId('news-list').getByRole('listitem')).toHaveCount(2);
    await page.getByRole('link', { name: 'Beginner guide: how to read an order book' }).click();
    await expect(page.getByTestId('article-body')).toContainText('spread');
  });

  test('videos: posters drawn by the server, an entry with its chapters', async ({ page }) => {
    await page.goto('/video');
    const poster = page.getByTestId('video-list').locator('img').first();
    await expect(poster).toHaveJSProperty('complete', true);
    expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await page.getByRole('link', { name: /Your first spot trade/ }).click();
    await expect(page.getByTestId('video-entry')).toContainText('Placing a limit buy');
  });

  test('games show their state', async ({ page }) => {
    await page.goto('/game/discover');
    await expect(page.getByTestId('game-list').locator('.ct-card')).toHaveCount(5);
    await expect(page.getByTestId('game-list').getByText('Ended')).toHaveCount(1);
  });

  test('channel verification: official, look-alike and unreadable input', async ({ page, pageErrors }) => {
    // The server refuses unreadable input with 400 and the message the page shows.
    pageErrors.allow('the server responded with a status of 400 (Bad Request)', {
      url: /\/api\/content\/channel\/verify\?/,
    });
    await page.goto('/support-center/channel-verification');
    const input = page.getByLabel('Website, e-mail or account');
    await input.fill('https://t.me/tickstream_official');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('channel-verdict')).toHaveText(
      'https://t.me/tickstream_official is an official Tickstream channel',
    );
    await input.fill('tickstream-support.io');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('channel-verdict')).toContainText('is NOT an official Tickstream channel');
    await input.fill('call me maybe');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('This is not a link, an e-mail address or an @account');
    await expect(page.getByTestId('channel-verdict')).toHaveCount(0);
  });

  test('promotion shows the code, its link and QR; no header or footer', async ({ page }) => {
    await page.goto('/promotion?promotionCode=AB12CD');
    await expect(page.getByTestId('promotion-code')).toContainText('AB12CD');
    await expect(page.locator('svg.qr-code')).toHaveAttribute('data-value', /\/register\?promotionCode=AB12CD$/);
    await expect(page.locator('header.site-header, footer')).toHaveCount(0);
  });

  test('convert quotes from live prices and links to the market', async ({ page }) => {
    await page.goto('/coinExchange?from=BTC&to=USDT');
    await expect(page.getByTestId('convert-receive')).toContainText('USDT');
    await page.getByLabel('Amount').fill('0');
    await expect(page.getByTestId('convert-quote').getByRole('alert')).toHaveText('Enter an amount greater than 0');
    await page.getByLabel('Amount').fill('2');
    await expect(page.getByRole('link', { name: 'Trade on BTC/USDT' })).toHaveAttribute('href', /\/trade\/BTC-USDT$/);
  });

  test('sitemap lists pages from the route table, markets, help and news', async ({ page }) => {
    await page.goto('/sitemap');
    await expect(page.getByTestId('sitemap-pages').getByRole('link', { name: 'Help centre' })).toBeVisible();
    await expect(page.getByTestId('sitemap-markets').getByText('BTC/USDT')).toBeVisible();
    // 14 help articles and the 6 documents of About & legal.
    await expect(page.getByTestId('sitemap-help').getByRole('link')).toHaveCount(20);
    await expect(page.getByTestId('sitemap-news').getByRole('link')).toHaveCount(6);
  });
});
