import type { APIRequestContext, Page } from '@playwright/test';
import { TOKEN_HEADER } from '../../common/api.ts';
import { ROUTES } from '../../src/app/routes.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * The mobile layout (spec shell §9, DESIGN §6: below the 768 px breakpoint no page scrolls sideways) at a phone's
 * 390 × 844: every page of the route table but the trading terminals (issue 19 item 1), the menu drawer, the home
 * banners and the quotes list. Tables may scroll inside their own box; the page may not.
 */

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en_US');
  });
});

/** A visit: the path, and what shows that its page has drawn (else a heading in the main area). */
interface Visit {
  path: string;
  ready?: string;
}

/** One or more visits for each served row of the route table; the trading terminals are checked in e2e/trade. */
const VISITS: Record<string, Visit[]> = {
  '/': [{ path: '/', ready: '[data-testid="home-page"] h1' }],
  '/partner': [{ path: '/partner' }],
  '/message': [{ path: '/message' }],
  '/chat': [{ path: '/chat' }],
  '/member': [{ path: '/member' }],
  '/kyc': [{ path: '/kyc' }],
  '/safety': [{ path: '/safety', ready: '[data-testid="devices"] tbody tr' }],
  '/preferences': [{ path: '/preferences' }],
  '/password': [{ path: '/password' }],
  '/bind': [{ path: '/bind' }],
  '/change': [{ path: '/change' }],
  '/google': [{ path: '/google' }],
  '/transaction': [{ path: '/transaction' }],
  '/property': [{ path: '/property' }],
  '/property/financing/:kind': [{ path: '/property/financing/current' }],
  '/property/:type': ['funds', 'spot', 'contract', 'follow'].map((type) => ({ path: `/property/${type}` })),
  '/bill': [{ path: '/bill' }],
  '/recharge': [{ path: '/recharge' }],
  '/withdraw': [{ path: '/withdraw' }, { path: '/withdraw?tab=internal' }],
  '/withdraw/address': [{ path: '/withdraw/address' }],
  '/transfer': [{ path: '/transfer' }],
  '/login': [{ path: '/login' }],
  '/register': [{ path: '/register' }],
  '/personal/setPassword': [{ path: '/personal/setPassword' }],
  '/personal/verification': [{ path: '/personal/verification' }],
  '/qrcode/confirm': [{ path: '/qrcode/confirm', ready: '[data-testid="qr-confirm"][data-step="unavailable"]' }],
  '/forget': [{ path: '/forget' }],
  '/verification': [{ path: '/verification' }],
  '/resetPwd': [{ path: '/resetPwd' }],
  '/resetPwdSuccess': [{ path: '/resetPwdSuccess' }],
  '/quotes/list/:tab': ['spot', 'contract', 'rank', 'optional'].map((tab) => ({ path: `/quotes/list/${tab}` })),
  '/quotes/stock/:symbol': [{ path: '/quotes/stock/AAPL', ready: '[data-testid="not-listed"]' }],
  '/quotes/:coin/:unit': [{ path: '/quotes/BTC/USDT', ready: '[data-testid="detail-price"]' }],
  '/quotes/:symbol': [{ path: '/quotes/eth-btc', ready: '[data-testid="detail-price"]' }],
  '/help': [{ path: '/help' }],
  '/helpDetail/:articleId': [{ path: '/helpDetail/1', ready: '[data-testid="article-body"]' }],
  '/video': [{ path: '/video' }],
  '/feedback': [{ path: '/feedback' }],
  '/feedback/:id': [{ path: '/feedback/:id', ready: '[data-testid="feedback-detail"]' }],
  '/plug/newcoin': [{ path: '/plug/newcoin' }],
  '/seoNew': [{ path: '/seoNew' }],
  '/coinExchange': [{ path: '/coinExchange' }],
  '/coinnews/*': [{ path: '/coinnews' }],
  '/sitemap/*': [{ path: '/sitemap' }],
  '/promotion': [{ path: '/promotion?promotionCode=AB12CD' }],
  '/game/discover': [{ path: '/game/discover' }],
  '/support-center/channel-verification': [
    { path: '/support-center/channel-verification', ready: '[data-testid="channel-list"]' },
  ],
};
const TRADING = new Set(['/trade', '/trade/contract', '/trade/:pair']);
const served = ROUTES.filter((r) => r.page && !TRADING.has(r.path));

/** How far the page reaches past the window's right edge (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** Opens a path, waits for its content and the end of the navigation, and returns its overflow. */
async function visit(page: Page, { path, ready = 'main :is(h1, h2)' }: Visit): Promise<number> {
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('.nav-progress')).toHaveAttribute('data-busy', 'false');
  return overflow(page);
}

/** Visits each path and expects none to reach past the window (every offender named at once). */
async function expectAllFit(page: Page, visits: readonly Visit[], prepare?: (v: Visit) => Promise<void>) {
  const wide: { path: string; by: number }[] = [];
  for (const v of visits) {
    await prepare?.(v);
    const by = await visit(page, v);
    if (by > 0) wide.push({ path: v.path, by });
  }
  expect(wide).toEqual([]);
}

/** A feedback ticket of the signed-in user, for the ticket page. */
async function ticketId(request: APIRequestContext, token: string): Promise<number> {
  const r = await request.post('/uc/feedback/add', {
    headers: { [TOKEN_HEADER]: token },
    form: { category: 'account', title: 'Mobile layout check', content: 'Checking the ticket page on a phone.' },
  });
  return ((await r.json()) as { data: { id: number } }).data.id;
}

test('the list below covers every served page of the route table but the trading terminals', () => {
  expect(Object.keys(VISITS).sort()).toEqual(served.map((r) => r.path).sort());
});

test('every page a visitor can open fits 390 px', async ({ page }) => {
  const visits = served.filter((r) => !r.needLogin).flatMap((r) => VISITS[r.path] ?? []);
  test.setTimeout(10_000 * (visits.length + 1));
  // The verification and set-password screens show only with what the step before left in the session.
  const prepare = async (v: Visit) => {
    if (v.path !== '/verification' && v.path !== '/personal/setPassword') return;
    if (page.url() === 'about:blank') await page.goto('/__blank__');
    await page.evaluate(() => {
      const mail = { purpose: 'register', country: '', tel: '', mail: 'phone@example.com', code: '' };
      sessionStorage.setItem('registrationCache', JSON.stringify({ ...mail, areaCode: '', verifyCode: 'x' }));
      sessionStorage.setItem('passwordTicket', JSON.stringify({ ...mail, ticket: 'x' }));
    });
  };
  await expectAllFit(page, [...visits, { path: '/no/such/page', ready: '[data-testid="not-found"]' }], prepare);
});

test('every page of a signed-in user fits 390 px, and the widest fit 360 px', async ({ page, request }) => {
  const token = await signIn(page, request);
  const id = await ticketId(request, token);
  const visits = served
    .filter((r) => r.needLogin)
    .flatMap((r) => VISITS[r.path] ?? [])
    .map((v) => ({ ...v, path: v.path.replace(':id', String(id)) }));
  test.setTimeout(10_000 * (visits.length + 6));
  await expectAllFit(page, visits);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAllFit(page, [
    { path: '/safety', ready: '[data-testid="devices"] tbody tr' },
    { path: '/property/funds' },
    { path: '/bill' },
    { path: '/quotes/list/spot' },
    { path: '/support-center/channel-verification', ready: '[data-testid="channel-list"]' },
  ]);
});

test('the menu drawer lists the header’s entries and settings, navigates and closes', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.main-nav')).toBeHidden();
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  // It stays inside the window, and so does the page under it.
  const box = await drawer.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await overflow(page)).toBe(0);
  // Every entry of the desktop header's main menu (hidden at this width) is in the drawer.
  const entries = await page.locator('.main-nav > a, .main-nav .dropdown-trigger').allTextContents();
  expect(entries).toContain('Markets');
  const drawerNav = drawer.getByRole('navigation');
  for (const name of entries) await expect(drawerNav.getByText(name.trim(), { exact: true })).toBeVisible();
  for (const name of ['Log in', 'Sign up']) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  // The settings: display currency and theme (the home page is theme-switchable) in both themes.
  await drawer.getByRole('button', { name: 'CNY', exact: true }).click();
  await expect(drawer.getByRole('button', { name: 'CNY', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('CNY');
  const theme = await page.locator('html').getAttribute('data-theme');
  await drawer.getByRole('button', { name: 'Switch theme' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', theme ?? '');
  await expect(drawer.getByTestId('mobile-language-switch')).toHaveValue('en_US');
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  // Following an entry navigates and closes it.
  await open.click();
  await drawer.getByRole('link', { name: 'Markets', exact: true }).click();
  await expect(page).toHaveURL(/\/quotes\/list\/spot$/);
  await expect(drawer).toBeHidden();
});

test('a signed-in user’s drawer: the account menus, navigation and logout', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/quotes/list/spot');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByText(/^UID: \d+/)).toBeVisible();
  for (const name of ['Assets overview', 'Security', 'Messages', 'Help center']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
  await drawer.getByRole('link', { name: 'Security', exact: true }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(drawer).toBeHidden();
});

test('home shows one banner per view on a phone and two up to the breakpoint', async ({ page }) => {
  const inView = () =>
    page.locator('.home-banner-viewport').evaluate((viewport) => {
      const frame = viewport.getBoundingClientRect();
      return [...viewport.querySelectorAll('[data-testid="banner-slide"]')].filter((slide) => {
        const r = slide.getBoundingClientRect();
        return r.right > frame.left + 1 && r.left < frame.right - 1;
      }).length;
    });
  await page.goto('/');
  await expect(page.getByTestId('banner-slide').first()).toBeVisible();
  expect(await inView()).toBe(1);
  await page.setViewportSize({ width: 700, height: 844 });
  await expect(page.locator('.home-banners')).toHaveAttribute('data-per-view', '2');
  await expect.poll(inView).toBe(2);
  expect(await overflow(page)).toBe(0);
});

test('the quotes list fits: pair, last price and change in rows of one height, still virtual', async ({ page }) => {
  await page.goto('/quotes/list/spot');
  const rows = page.locator('.quote-list .quote-row');
  await expect(rows.first()).toBeVisible();
  const first = rows.first();
  for (const cell of ['.pair-cell', '.price']) await expect(first.locator(cell)).toBeVisible();
  await expect(first.locator('.cell.num').nth(1)).toHaveText(/^[+-]\d+\.\d{2}%$/);
  await expect(first.locator('.action-cell')).toBeHidden();
  const boxes = await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  for (const b of boxes) {
    expect(b.right).toBeLessThanOrEqual(390);
    expect(b.height).toBe(48);
  }
  // Only the rows near the view exist; scrolling the list brings later ones.
  const count = await rows.count();
  expect(count).toBeLessThan(Number(await page.locator('.quote-table').getAttribute('data-count')));
  await page.locator('.quote-list').evaluate((list) => list.scrollBy(0, 48 * 20));
  await expect(page.locator('.quote-list .quote-row[data-index="20"]')).toBeVisible();
  expect(await overflow(page)).toBe(0);
});
