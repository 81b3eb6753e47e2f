import { expect, test } from '../fixtures.ts';
import { useEnglish, useSession } from './helpers.ts';

/** QR login (spec shell §7 "QR login: /uc/qrcode/generate, status{qrcodeId}"; issue 19 item 15). */

const DEMO = { username: 'demo@tickstream.local', password: 'Tickstream2026' };

test('a signed-in browser approves the QR shown on the login page, and the login page goes on signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and a two-second poll: more than the default budget on a loaded machine.
  test.setTimeout(90_000);
  // Context A: the login page shows a QR of the approval page, which a second browser can open.
  await useEnglish(page);
  await page.goto('/login');
  const panel = page.getByTestId('qr-login');
  // Slow machines: the login page loads lazily before it asks for the QR.
  await expect(panel).toHaveAttribute('data-phase', 'waiting', { timeout: 20_000 });
  const qr = panel.getByRole('img', { name: 'QR code to log in' });
  const link = panel.getByTestId('qr-link');
  const url = await link.getAttribute('href');
  expect(url).toMatch(/\/qrcode\/confirm\?qrcodeId=[\w-]{43}$/);
  await expect(qr).toHaveAttribute('data-value', url ?? '');

  // Context B: the demo user, signed in, opens the approval URL and approves.
  const other = await browser.newContext(baseURL ? { baseURL } : {});
  const b = await other.newPage();
  const login = await other.request.post('/uc/login', { form: DEMO });
  const token = login.headers()['x-auth-token'];
  expect(token).toBeTruthy();
  await useSession(b, token ?? '');
  try {
    await b.goto(new URL(url ?? '').pathname + new URL(url ?? '').search);
    const confirm = b.getByTestId('qr-confirm');
    await expect(confirm.getByRole('heading', { name: 'Approve a login' })).toBeVisible();
    await expect(panel.getByTestId('qr-scanned')).toHaveText('Scanned: approve the login on your other device');
    await confirm.getByRole('button', { name: 'Approve login' }).click();
    await expect(b.getByTestId('qr-confirm-result')).toHaveText('Login approved: the other browser is now logged in');

    // A: the next poll carries the session; the page leaves /login with the user in the header.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.user-menu')).toBeVisible();
  } finally {
    await other.close();
  }
});
