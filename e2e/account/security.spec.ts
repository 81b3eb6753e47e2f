import { expect, test } from '../fixtures.ts';
import {
  latest,
  NEW_PASSWORD,
  PASSWORD,
  registerByApi,
  totp,
  uniqueEmail,
  uniquePhone,
  useSession,
} from './helpers.ts';

/** Signed-in security journeys (spec shell §2, §5, §6): change password, bind e-mail, Google 2FA, KYC. */

test('change password: checklist, e-mail code, agreement; then logout after 3 s and login with the new one', async ({
  page,
  request,
}) => {
  // Four password hashes (register, check, change, login) and the 3 s logout: past 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = uniqueEmail('chg');
  const token = await registerByApi(request, { email });
  await useSession(page, token);
  await page.goto('/password');
  const form = page.getByTestId('change-password');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('Please enter the old password');
  await form.locator('input[name=oldPassword]').fill(PASSWORD);
  await form.locator('input[name=newPassword]').fill('abc');
  await expect(page.getByTestId('password-checks').locator('[data-ok=true]')).toHaveCount(1);
  await form.locator('input[name=newPassword]').fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-checks').locator('[data-ok=true]')).toHaveCount(4);
  await form.locator('input[name=reNewPassword]').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('Please enter the e-mail code');
  await page.getByTestId('send-emailCode').click();
  const code = await latest(request, 'email', email, 'UPDATE_PASSWORD');
  await form.locator('input[name=emailCode]').fill(code);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('Please accept the withdrawal restriction notice');
  await form.locator('input[name=agree]').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  // The change checks the old password and hashes the new one: seconds on a busy machine.
  await expect(page.getByText('Password changed. Please log in again.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  const check = await request.get('/uc/check/login', { headers: { 'x-auth-token': token } });
  expect((await check.json()).code).not.toBe(0);
  const login = await request.post('/uc/login', { form: { username: email, password: NEW_PASSWORD } });
  expect((await login.json()).code).toBe(0);
});

test('bind e-mail to a phone account with the new address code and the phone code', async ({ page, request }) => {
  const phone = uniquePhone();
  const email = uniqueEmail('bind');
  await useSession(page, await registerByApi(request, { phone }));
  await page.goto('/safety');
  await expect(page.getByTestId('state-email')).toHaveText('Not bound');
  await page.locator('[data-factor=email]').getByRole('link', { name: 'Bind' }).click();
  await expect(page).toHaveURL(/\/bind\?type=email$/);
  const form = page.getByTestId('bind-form');
  await page.getByTestId('send-code').click();
  await expect(form.getByRole('alert').first()).toHaveText('Please enter an e-mail address');
  await form.locator('input[name=email]').fill(email);
  await page.getByTestId('send-code').click();
  const emailCode = await latest(request, 'email', email, 'BIND');
  await form.locator('input[name=code]').fill(emailCode);
  await page.getByTestId('send-phoneCode').click();
  const phoneCode = await latest(request, 'sms', phone, 'BIND');
  await form.locator('input[name=phoneCode]').fill(phoneCode);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-email')).toContainText('@example.com');
});

test('enable Google 2FA from the QR page, then log in with the second step', async ({ page, request }) => {
  const email = uniqueEmail('g2fa');
  await useSession(page, await registerByApi(request, { email }));
  await page.goto('/google');
  const secret = (await page.getByTestId('google-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.locator('svg.qr-code')).toHaveAttribute('data-value', /^otpauth:\/\/totp\//);
  const form = page.getByTestId('google-form');
  await page.getByTestId('send-emailCode').click();
  await form.locator('input[name=emailCode]').fill(await latest(request, 'email', email, 'GOOGLE'));
  await form.locator('input[name=googleCode]').fill(totp(secret, Date.now()));
  await form.getByRole('button', { name: 'Enable' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-google')).toHaveText('Enabled');

  await page.evaluate(() => sessionStorage.clear());
  await page.context().clearCookies();
  await page.goto('/login?from=/safety');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  const step = page.getByTestId('login-google');
  await expect(step).toBeVisible();
  // The step used to enable is spent: the next one (inside the server's window) logs in.
  await step.locator('input[name=googleCode]').fill(totp(secret, Date.now() + 30_000));
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-google')).toHaveText('Enabled');
});

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('submit KYC with an ID image; the status turns to under review', async ({ page, request }) => {
  await useSession(page, await registerByApi(request, { email: uniqueEmail('kyc') }));
  await page.goto('/kyc');
  await expect(page.getByTestId('kyc-status')).toHaveText('Not submitted');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in every field and upload the front side');
  await page.locator('select[name=country]').selectOption('VN');
  await page.locator('input[name=realName]').fill('Nguyen Van A');
  await page.locator('input[name=idCard]').fill(`ID${Date.now()}`);
  await page.locator('input[name=frontImage]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('kyc-status')).toContainText('Under review');
});

test('member, safety and preferences show the account; the sub-navigation highlights safety on /password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('mem');
  await useSession(page, await registerByApi(request, { email }));
  await page.goto('/member');
  await expect(page.getByTestId('member-username')).toHaveText(email);
  await page.goto('/password');
  await expect(page.locator('.acc-subnav a[aria-current=page]')).toHaveText('Security');
  await page.goto('/safety');
  await expect(page.getByTestId('devices').locator('tbody tr')).not.toHaveCount(0);
  await page.goto('/preferences');
  const upDown = () =>
    page.evaluate(() => {
      const css = getComputedStyle(document.documentElement);
      return [css.getPropertyValue('--up').trim(), css.getPropertyValue('--down').trim()];
    });
  // The light theme's green and red (darker than the dark theme's, for contrast on white).
  expect(await upDown()).toEqual(['#037a4e', '#c92a44']);
  await page.getByRole('button', { name: 'Red up, green down' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  // Applied app-wide at once, and again at startup after a reload and on another page.
  expect(await upDown()).toEqual(['#c92a44', '#037a4e']);
  await page.goto('/member');
  await expect(page.getByTestId('member-username')).toBeVisible();
  expect(await upDown()).toEqual(['#c92a44', '#037a4e']);
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'red-up');
  await page.goto('/preferences');
  await expect(page.getByRole('button', { name: 'Red up, green down' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Green up, red down' }).click();
  await expect.poll(upDown).toEqual(['#037a4e', '#c92a44']);
});

test('the network check probes this site against the real server and says so in the language', async ({
  page,
  request,
}) => {
  await useSession(page, await registerByApi(request, { email: uniqueEmail('net') }));
  await page.goto('/preferences');
  const check = page.getByTestId('network-check');
  await check.getByRole('button', { name: 'Check the connection' }).click();
  await expect(check.locator('li.acc-network-ok')).toContainText(/This site\s*Reachable · \d+ ms/);
  await expect(check.getByText('The result was sent to the exchange')).toBeVisible();
});

test('the saved up/down colour follows the account to a new browser at login', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('col');
  const token = await registerByApi(request, { email });
  const set = await request.post('/uc/member/personalize/set', {
    headers: { 'x-auth-token': token },
    form: { color: 2 },
  });
  expect((await set.json()).code).toBe(0);
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await page.goto('/__blank__');
  await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'green-up');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-updown', 'red-up');
  await context.close();
});
