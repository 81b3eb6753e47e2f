import { expect, test } from '../fixtures.ts';
import { dragSlider, latest, outbox, solveSlider, uniqueEmail, useEnglish } from './helpers.ts';

/** The slider captcha (spec shell §2, §4, §9): a wrong release fails for 1 s, then a new puzzle; the right one passes. */

test.beforeEach(async ({ page }) => useEnglish(page));

test('a wrong position shows the failure, then a new puzzle loads and the right position succeeds', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('slide');
  await page.goto('/forget');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  const captcha = page.getByTestId('slider-captcha');
  await expect(captcha.locator('img').first()).toBeVisible();
  const challenges = async () =>
    (await outbox(request)).filter((e) => e.channel === 'captcha' && e.destination === email).length;
  const first = await challenges();
  const solution = Number(await latest(request, 'captcha', email));
  const firstImage = await captcha.locator('img').first().getAttribute('src');

  // Far from the gap (well beyond the server's tolerance).
  await dragSlider(page, solution > 0.5 ? solution - 0.3 : solution + 0.3);
  const status = captcha.getByRole('status');
  await expect(status).toHaveText('Verification failed, please drag the slider again');
  await expect(status).toHaveClass(/fail/);
  // After a second the message goes, the piece returns to the start, and a new challenge is drawn.
  await expect(status).toBeHidden({ timeout: 3000 });
  await expect.poll(challenges).toBe(first + 1);
  await expect(captcha.locator('img').first()).not.toHaveAttribute('src', firstImage ?? '');
  await expect(captcha.locator('.acc-piece')).toHaveCSS('left', '25px');
  await expect(page).toHaveURL(/\/forget$/);

  await solveSlider(page, request, email);
  await expect(captcha.getByRole('status')).toHaveText('Verified');
  await expect(captcha.getByRole('status')).toHaveClass(/ok/);
  await expect(page).toHaveURL(/\/verification\?fromType=2$/);
});

test('refresh draws a new puzzle and close dismisses the slider', async ({ page, request }) => {
  const email = uniqueEmail('slid2');
  await page.goto('/forget');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  const captcha = page.getByTestId('slider-captcha');
  await expect(captcha.locator('img').first()).toBeVisible();
  const count = async () =>
    (await outbox(request)).filter((e) => e.channel === 'captcha' && e.destination === email).length;
  await captcha.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(count).toBe(2);
  await captcha.getByRole('button', { name: 'Close' }).click();
  await expect(captcha).toHaveCount(0);
});
