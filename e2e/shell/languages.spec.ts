import { expect, test } from '../fixtures.ts';
import { LANGUAGE_TEXT, type LangCode, RAW_KEY, visibleText } from './helpers.ts';

/**
 * Every route renders inside the shell under each language prefix, in that language, with no raw keys (spec shell §1,
 * §2). English and Japanese have no prefix: they come from the stored choice.
 */
const langs = Object.keys(LANGUAGE_TEXT) as LangCode[];

for (const lang of langs) {
  const text = LANGUAGE_TEXT[lang];
  const prefix = text.prefix ?? '';

  test.describe(`${lang}${text.prefix ? ` under ${text.prefix}` : ' (stored choice)'}`, () => {
    test.beforeEach(async ({ page }) => {
      if (!text.prefix) {
        await page.goto('/__blank__');
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      }
    });

    test('home renders in the shell with header, footer and the language', async ({ page }) => {
      await page.goto(`${prefix}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', text.html);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
      await expect(page.locator('.site-header')).toContainText(text.login);
      await expect(page.locator('.site-footer')).toContainText(text.copyright);
      await expect(page.locator('tbody tr').first()).toBeVisible();
      expect(await visibleText(page)).not.toMatch(RAW_KEY);
    });

    test('an unknown path shows the not-found page in that language', async ({ page }) => {
      await page.goto(`${prefix}/no/such/page`);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notFound);
      await expect(page.getByRole('button', { name: text.refresh })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', text.html);
      expect(await visibleText(page)).not.toMatch(RAW_KEY);
    });
  });
}

test('without a prefix or a stored choice the page is Simplified Chinese', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANGUAGE_TEXT.zh_CN.title);
});

test('the language switch stores the choice and reloads in the new language', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('language-switch').selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANGUAGE_TEXT.ja.title);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ja');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANGUAGE_TEXT.ja.title);
});

test('switching language under a prefix moves to the new prefix', async ({ page }) => {
  await page.goto('/ko/');
  await page.getByTestId('language-switch').selectOption('vi_VN');
  await expect(page).toHaveURL(/\/vi\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANGUAGE_TEXT.vi_VN.title);
  await page.getByTestId('language-switch').selectOption('en_US');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANGUAGE_TEXT.en_US.title);
});
