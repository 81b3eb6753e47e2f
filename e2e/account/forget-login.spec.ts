import { expect, test } from '../fixtures.ts';
import {
  enterCode,
  latest,
  NEW_PASSWORD,
  PASSWORD,
  registerByApi,
  solveSlider,
  uniqueEmail,
  useEnglish,
} from './helpers.ts';

test.beforeEach(async ({ page }) => useEnglish(page));

test('login with ?fromUrl= goes there and the header shows the user; the tip shows with ?showLoginTip=1', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('login');
  await registerByApi(request, { email });
  await page.goto('/login?showLoginTip=1');
  await expect(page.getByTestId('login-tip')).toHaveText('Please log in to continue');
  await page.goto('/login?fromUrl=/quotes/list/spot');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('Wrong0pass');
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/quotes\/list\/spot$/);
  await expect(page.locator('.user-menu')).toBeVisible();
});

test('forgot password → slider → code → new password → old session dead → login with the new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset');
  const oldToken = await registerByApi(request, { email });
  await page.goto('/forget');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await solveSlider(page, request, email);
  await expect(page).toHaveURL(/\/verification\?fromType=2$/);
  const code = await latest(request, 'email', email, 'RESET');
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/personal\/setPassword\?fromType=2$/);
  await page.locator('input[name=newPassword]').fill('short');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').first()).toContainText('8 to 32 characters');
  await page.locator('input[name=newPassword]').fill(NEW_PASSWORD);
  await page.locator('input[name=confirmPassword]').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/resetPwdSuccess$/);
  const check = await request.get('/uc/check/login', { headers: { 'x-auth-token': oldToken } });
  expect((await check.json()).code).not.toBe(0);
  await page.getByRole('link', { name: 'Go to log in' }).click();
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(NEW_PASSWORD);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.user-menu')).toBeVisible();
});

test('after three wrong passwords the login asks for the slider, never locks: solved, the right password logs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('slowed');
  await registerByApi(request, { email });
  for (let i = 0; i < 3; i++) {
    const r = await request.post('/uc/login', { form: { username: email, password: `Wrong${i}pass` } });
    expect(((await r.json()) as { code: number }).code).toBe(4101);
  }
  await page.goto('/login');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  // This address waits a second after its third failure (an earlier press is answered 429 with the seconds left).
  await page.waitForTimeout(1100);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('slider-captcha')).toBeVisible();
  await solveSlider(page, request, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.user-menu')).toBeVisible();
});
