import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from './helpers.ts';

/** Navigation guard and redirects (spec shell §2, §4; trading §2). */

for (const path of ['/property', '/property/spot', '/message', '/member', '/activity/invite', '/feedback/7']) {
  test(`${path} without a session goes to /login?showLoginTip=1`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?showLoginTip=1$/);
  });
}

test('the login redirect keeps the language prefix', async ({ page }) => {
  await page.goto('/ko/property/funds');
  await expect(page).toHaveURL(/\/ko\/login\?showLoginTip=1$/);
});

test('a login-required route behind a redirect still needs login', async ({ page }) => {
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/login\?showLoginTip=1$/);
});

test('/personal/setPassword without a session or a ticket goes to login and names its way back', async ({ page }) => {
  await page.goto('/personal/setPassword?fromType=1');
  await expect(page).toHaveURL(/\/login\?fromUrl=%2Fpersonal%2FsetPassword%3FfromType%3D1$/);
});

for (const [from, to] of [
  ['/quotes/list', '/quotes/list/spot'],
  ['/activity', '/activity/newer'],
  ['/futuresFollow', '/futuresFollow/home'],
  ['/financial', '/financial/current'],
  ['/vi/activity', '/vi/activity/newer'],
] as const) {
  test(`${from} redirects to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
  });
}

/**
 * Puts `token` in session storage before the app's first script, once: planted into a running page instead, the page
 * would read it on its next render and call the server with it before the navigation under test.
 */
async function plantToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', '1');
    sessionStorage.setItem('token', value);
  }, token);
}

test('a token in session storage without its cookie is cleared and the page reloaded', async ({ page }) => {
  await plantToken(page, 'orphan');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a dead token is cleared by the guard (code 4000) and the visitor header comes back', async ({
  page,
  baseURL,
  pageErrors,
}) => {
  // Only the server can tell the token is dead: its first signed-in call answers HTTP 401, which Chromium logs.
  pageErrors.allow('the server responded with a status of 401 (Unauthorized)', { url: /\/uc\// });
  await plantToken(page, 'dead-token');
  await page.context().addCookies([{ name: 'token', value: 'dead-token', url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.locator('.auth-buttons')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
});

test('signed in: the guard loads user info into the avatar menu, and logout reloads as a visitor', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/');
  await expect(page.locator('.auth-buttons')).toHaveCount(0);
  await page.locator('.user-menu .dropdown-trigger').click();
  await expect(page.getByTestId('user-uid')).not.toHaveText('--');
  await page.locator('.user-menu .menu-action').click();
  await expect(page.locator('.auth-buttons')).toBeVisible({ timeout: 5000 });
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});
