import type { APIRequestContext, Page } from '@playwright/test';
import { SUPPORT_PATHS } from '../../common/api.ts';
import { ROUTES, type RouteDef, type Theme, themeFor } from '../../src/app/routes.ts';
import { expectAccessible } from '../a11y.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * axe-core on every page of the route table (issue 19 item 8): the visitor's pages as a visitor, the login-only ones
 * as the demo user, each in every theme it can show (trading pages are always dark, pages that are not
 * theme-switchable always light), plus the login page and an open dialog. One load per page and theme.
 */

/** An address for each route with parameters; a route added with parameters and no sample fails the sweep. */
const SAMPLES: Readonly<Record<string, string>> = {
  '/property/financing/:kind': '/property/financing/current',
  '/property/:type': '/property/spot',
  '/quotes/list/:tab': '/quotes/list/spot',
  '/quotes/stock/:symbol': '/quotes/stock/AAPL',
  '/quotes/:coin/:unit': '/quotes/BTC/USDT',
  '/quotes/:symbol': '/quotes/eth-btc',
  '/trade/contract': '/trade/contract?symbol=BTC_USDT',
  '/trade/:pair': '/trade/BTC-USDT',
  '/coinnews/*': '/coinnews',
  '/sitemap/*': '/sitemap',
};

/** The served pages (redirect rows lead to one of them), in table order: a visitor's, and those that need login. */
const PAGES = ROUTES.filter((route) => route.page);
const VISITOR = PAGES.filter((route) => !route.needLogin);
const USER = PAGES.filter((route) => route.needLogin);

const themesOf = (route: RouteDef): Theme[] => [...new Set([themeFor(route, 'light'), themeFor(route, 'dark')])];

function addressOf(route: RouteDef, found: Record<string, string>): string {
  const address = SAMPLES[route.path] ?? found[route.path] ?? route.path;
  if (/[:*]/.test(address)) throw new Error(`no sample address for ${route.path}: add one to SAMPLES`);
  return address;
}

/** A page's load and check, with room for a busy machine. */
const PER_PAGE_MS = 15_000;

/** Stored theme and English, before the app's first script. */
async function prepare(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((chosen) => {
    localStorage.setItem('lang', 'en_US');
    localStorage.setItem('theme', chosen);
  }, theme);
}

/** Loads `address` and waits until its route is drawn and the navigation's requests are answered. */
async function load(page: Page, address: string): Promise<void> {
  // Not 'networkidle': the home page's polls keep the network busy for good.
  await page.goto(address, { waitUntil: 'load' });
  // A page's chunk may come after the network went quiet on a busy machine.
  await expect(page.locator('.app-shell')).not.toHaveAttribute('data-route', 'pending', { timeout: PER_PAGE_MS });
  await expect(page.locator('.nav-progress')).toHaveAttribute('data-busy', 'false', { timeout: PER_PAGE_MS });
}

async function sweep(page: Page, routes: RouteDef[], theme: Theme, found: Record<string, string> = {}) {
  for (const route of routes.filter((r) => themesOf(r).includes(theme))) {
    const address = addressOf(route, found);
    await test.step(address, async () => {
      await load(page, address);
      await expect(page.locator('html')).toHaveAttribute('data-theme', themeFor(route, theme));
      await expectAccessible(page, `${address} (${theme})`, { soft: true });
    });
  }
}

/** A help article, for its detail page. */
async function helpArticle(request: APIRequestContext): Promise<Record<string, string>> {
  const help = await request.post('/uc/ancillary/more/help/page', { form: { pageNo: 1, pageSize: 1 } });
  return { '/helpDetail/:articleId': `/helpDetail/${(await help.json()).data.records[0].id}` };
}

/** One of the demo user's feedback tickets (made when there is none), for its detail page. */
async function feedbackTicket(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const headers = { 'x-auth-token': token };
  const listed = async () =>
    (await (await request.post(SUPPORT_PATHS.feedbackList, { form: { pageNo: 1, pageSize: 1 }, headers })).json()).data
      .records[0]?.id as number | undefined;
  let id = await listed();
  if (id === undefined) {
    const form = { category: 'account', title: 'Accessibility sweep', content: 'A ticket for the detail page.' };
    await request.post(SUPPORT_PATHS.feedbackAdd, { form, headers });
    id = await listed();
  }
  return { '/feedback/:id': `/feedback/${id}` };
}

for (const theme of ['light', 'dark'] as const) {
  test(`every visitor page passes axe in the ${theme} theme`, async ({ page, request }) => {
    test.setTimeout(PER_PAGE_MS * (2 + VISITOR.length));
    await prepare(page, theme);
    const found = await helpArticle(request);
    await sweep(page, VISITOR, theme, found);
  });

  test(`every login-only page passes axe in the ${theme} theme`, async ({ page, request }) => {
    test.setTimeout(PER_PAGE_MS * (2 + USER.length));
    await prepare(page, theme);
    const found = await feedbackTicket(request, await signIn(page, request));
    await sweep(page, USER, theme, found);
  });
}

test('the order confirmation dialog passes axe', async ({ page, request }) => {
  test.setTimeout(60_000);
  await prepare(page, 'dark');
  await signIn(page, request);
  await load(page, '/trade/BTC-USDT');
  await page.getByRole('tab', { name: 'Market' }).click();
  const buy = page.locator('form.entry-side[data-side="buy"]');
  await buy.getByLabel('Total').fill('200');
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm order' })).toBeVisible();
  await expectAccessible(page, 'the order confirmation on /trade/BTC-USDT');
});
