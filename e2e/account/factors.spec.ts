import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { latest, outbox, PASSWORD, registerByApi, totp, uniqueEmail, useSession } from './helpers.ts';

/** Second factors and sessions (spec shell §2, §6): Google 2FA off, transaction password, one device signed out. */

/** Turns Google 2FA on through the API; answers the secret and the time its code was taken at. */
async function enableGoogle(request: APIRequestContext, token: string, email: string) {
  const headers = { 'x-auth-token': token };
  const secret = (await (await request.get('/uc/google/googleAuth', { headers })).json()).data.secret as string;
  await request.post('/uc/approve/send/email', { headers, form: { type: 'GOOGLE' } });
  const emailCode = await latest(request, 'email', email, 'GOOGLE');
  const at = Date.now();
  const r = await request.post('/uc/google/sendgoogle', { headers, form: { emailCode, googleCode: totp(secret, at) } });
  expect((await r.json()).code).toBe(0);
  return { secret, at };
}

test('turn Google 2FA off: a wrong code changes nothing; then off, and the password alone logs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('goff');
  const token = await registerByApi(request, { email });
  const { secret, at } = await enableGoogle(request, token, email);
  await useSession(page, token);
  await page.goto('/safety');
  await expect(page.getByTestId('state-google')).toHaveText('Enabled');
  await page.locator('[data-factor=google]').getByRole('link', { name: 'Disable' }).click();
  await expect(page).toHaveURL(/\/google$/);
  const form = page.getByTestId('google-form');
  await expect(form.getByText('Turning it off lowers the protection of your account')).toBeVisible();
  await expect(page.getByTestId('google-secret')).toHaveCount(0);

  await form.getByRole('button', { name: 'Disable' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter the Google authenticator code');
  await form.locator('input[name=googleCode]').fill('123');
  await form.getByRole('button', { name: 'Disable' }).click();
  await expect(form.getByRole('alert')).toHaveText('The code has 6 digits');
  await page.getByTestId('send-emailCode').click();
  await form.locator('input[name=emailCode]').fill(await latest(request, 'email', email, 'GOOGLE'));
  // A wrong authenticator code: refused before the e-mail code is spent.
  const wrong = totp(secret, at + 30_000) === '000000' ? '111111' : '000000';
  await form.locator('input[name=googleCode]').fill(wrong);
  await form.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('The Google Authenticator code is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/google$/);

  // The step used to enable is spent: the next one (inside the server's window) turns it off.
  await form.locator('input[name=googleCode]').fill(totp(secret, Math.max(Date.now(), at + 30_000)));
  await form.getByRole('button', { name: 'Disable' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByText('Google authenticator is off')).toBeVisible();
  await expect(page.getByTestId('state-google')).toHaveText('Not set');
  await expect(page.locator('[data-factor=google]').getByRole('link', { name: 'Enable' })).toBeVisible();

  const login = await (await request.post('/uc/login', { form: { username: email, password: PASSWORD } })).json();
  expect(login.code).toBe(0);
  expect(login.data.needSecondFactor).toBeFalsy();
  expect(login.data.token).toBeTruthy();
});

test('transaction password: six digits, confirmed, with the e-mail code; set, then changed', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('trade');
  await useSession(page, await registerByApi(request, { email }));
  await page.goto('/safety');
  await expect(page.getByTestId('state-trade')).toHaveText('Not set');
  await page.locator('[data-factor=trade]').getByRole('link', { name: 'Set up' }).click();
  await expect(page).toHaveURL(/\/transaction$/);
  const form = page.getByTestId('trade-password');
  const password = form.locator('input[name=tradePassword]');
  const confirm = form.locator('input[name=tradePasswordConfirm]');
  const submit = form.getByRole('button', { name: 'Submit' });

  // Digits only, at most six.
  await password.fill('12a34');
  await expect(password).toHaveValue('1234');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('The transaction password has 6 digits');
  await password.fill('1234567');
  await expect(password).toHaveValue('123456');
  await confirm.fill('123455');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('The two passwords do not match');
  await confirm.fill('123456');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Please enter the e-mail code');
  await page.getByTestId('send-emailCode').click();
  await expect(page.getByTestId('send-emailCode')).toHaveText(/^\d+ s$/);
  await form.locator('input[name=emailCode]').fill(await latest(request, 'email', email, 'TRADE_PASSWORD'));
  await submit.click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-trade')).toHaveText('Enabled');

  // Changing it: the same form, a fresh code (the first one was spent).
  await page.locator('[data-factor=trade]').getByRole('link', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/transaction$/);
  await password.fill('654321');
  await confirm.fill('654321');
  await form.locator('input[name=emailCode]').fill(await latest(request, 'email', email, 'TRADE_PASSWORD'));
  await submit.click();
  await expect(page.getByText('The verification code is incorrect')).toBeVisible();
  await page.getByTestId('send-emailCode').click();
  const sent = async () =>
    (await outbox(request)).filter((e) => e.destination === email && e.purpose === 'TRADE_PASSWORD').length;
  await expect.poll(sent).toBe(2);
  await form.locator('input[name=emailCode]').fill(await latest(request, 'email', email, 'TRADE_PASSWORD'));
  await submit.click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-trade')).toHaveText('Enabled');
});

test('sign out one login device from /safety: that session dies, this one stays', async ({ page, request }) => {
  const email = uniqueEmail('dev');
  const token = await registerByApi(request, { email });
  const other = await request.post('/uc/login', {
    form: { username: email, password: PASSWORD },
    headers: { 'user-agent': 'OtherPhone/1.0' },
  });
  const otherToken = (await other.json()).data.token as string;
  await useSession(page, token);
  await page.goto('/safety');
  const rows = page.getByTestId('devices').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // No button on this device's row: that is what logging out is for.
  await expect(rows.filter({ hasText: 'This device' }).getByTestId('device-sign-out')).toHaveCount(0);
  await rows.getByRole('button', { name: 'Sign out OtherPhone/1.0' }).click();
  await expect(page.getByText('Device signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('This device');

  const dead = await request.get('/uc/check/login', { headers: { 'x-auth-token': otherToken } });
  expect((await dead.json()).code).not.toBe(0);
  const alive = await request.get('/uc/check/login', { headers: { 'x-auth-token': token } });
  expect((await alive.json()).code).toBe(0);
});
