import { expect, test } from '../fixtures.ts';
import { latest, PASSWORD, registerByApi, uniqueEmail, uniquePhone, useSession } from './helpers.ts';

/** /change (spec shell §2, §7): a bound e-mail or phone replaced, verified on both the old and the new address. */

test('change the bound e-mail with codes from the old and the new address; the new one logs in', async ({
  page,
  request,
}) => {
  const oldEmail = uniqueEmail('old');
  const newEmail = uniqueEmail('new');
  await useSession(page, await registerByApi(request, { email: oldEmail }));
  await page.goto('/safety');
  await page.locator('[data-factor=email]').getByRole('link', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/change\?type=email$/);
  const form = page.getByTestId('bind-form');
  await expect(form.getByRole('heading')).toHaveText('Change e-mail');

  // The old address's code is required before anything is sent to the server.
  await form.locator('input[name=email]').fill(newEmail);
  await page.getByTestId('send-code').click();
  const newCode = await latest(request, 'email', newEmail, 'CHANGE');
  await form.locator('input[name=code]').fill(newCode);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter the SMS or e-mail code');

  await page.getByTestId('send-oldCode').click();
  const oldCode = await latest(request, 'email', oldEmail, 'CHANGE');
  // Codes swapped between the fields are refused by the server, and nothing changes.
  await form.locator('input[name=oldCode]').fill(newCode);
  await form.locator('input[name=code]').fill(oldCode);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The verification code is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/change\?type=email$/);

  await form.locator('input[name=oldCode]').fill(oldCode);
  await form.locator('input[name=code]').fill(newCode);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-email')).toHaveText(`${newEmail.slice(0, 2)}***@example.com`);

  const newLogin = await request.post('/uc/login', { form: { username: newEmail, password: PASSWORD } });
  expect((await newLogin.json()).code).toBe(0);
});

test('change the bound phone to another country: flags are images, codes on the old and the new number', async ({
  page,
  request,
}) => {
  const oldPhone = uniquePhone();
  const newPhone = `8${oldPhone.slice(1)}`;
  await useSession(page, await registerByApi(request, { phone: oldPhone }));
  await page.goto('/safety');
  await page.locator('[data-factor=phone]').getByRole('link', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/change\?type=phone$/);
  const form = page.getByTestId('bind-form');
  await page.getByTestId('send-oldCode').click();
  await form.locator('input[name=oldCode]').fill(await latest(request, 'sms', oldPhone, 'CHANGE'));

  // The country list: an SVG flag image per row (emoji draw as boxes on some systems), decorative for readers.
  const area = page.getByTestId('area-code');
  await expect(area).toContainText('+84');
  await expect(area.locator('img.acc-flag')).toHaveAttribute('src', /vn[^/]*\.svg/);
  await area.click();
  const list = page.locator('.acc-country-list');
  const vietnam = list.getByRole('button', { name: /Vietnam/ });
  const flag = vietnam.locator('img');
  await expect(flag).toHaveAttribute('alt', '');
  await expect(flag).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await list.getByPlaceholder('Search country').fill('thai');
  await list.getByRole('button', { name: /Thailand/ }).click();
  await expect(area).toContainText('+66');
  await expect(area.locator('img.acc-flag')).toHaveAttribute('src', /th[^/]*\.svg/);

  await form.locator('input[name=phone]').fill(newPhone);
  await page.getByTestId('send-code').click();
  await form.locator('input[name=code]').fill(await latest(request, 'sms', `+66 ${newPhone}`, 'CHANGE'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByTestId('state-phone')).toHaveText(`${newPhone.slice(0, 3)}****${newPhone.slice(-3)}`);
  const login = await request.post('/uc/login', { form: { username: newPhone, password: PASSWORD, country: 'TH' } });
  expect((await login.json()).code).toBe(0);
});
