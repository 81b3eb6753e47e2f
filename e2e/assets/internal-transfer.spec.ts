import { latest, registerByApi, uniqueEmail } from '../account/helpers.ts';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';

/**
 * Internal transfer (spec shell §7, issue 9) on /withdraw's internal tab: the demo user sends USDT from the funding
 * account to a second member found by UID, confirmed with the e-mail code; the recipient's balance rises at once.
 */
test('the demo user sends USDT to another member by UID with the e-mail code', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('recipient');
  const recipientToken = await registerByApi(request, { email });
  const recipient = { 'x-auth-token': recipientToken };
  const info = await (await request.get('/uc/member/my-info', { headers: recipient })).json();
  const uid = info.data.uid as string;

  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  const token = await signIn(page, request);
  const demo = { 'x-auth-token': token };
  // Internal transfers leave from the funding account: move some spot money there first.
  const moved = await request.post('/uc/asset-transfer/transfer', {
    headers: demo,
    form: { coin: 'USDT', amount: '50', from: 'spot', to: 'funds' },
  });
  expect((await moved.json()).code).toBe(0);

  await page.goto('/withdraw');
  await page.getByRole('tab', { name: 'Internal transfer' }).click();
  const panel = page.getByTestId('internal-transfer');
  await panel.getByLabel('Recipient').fill(uid);
  await panel.getByTestId('recipient-lookup').click();
  const masked = `${email.slice(0, 2)}***@example.com`;
  await expect(panel.getByTestId('recipient-member')).toHaveText(`✓ Member ${masked}`);

  await panel.getByLabel('Amount').fill('12.34');
  await expect(panel.getByTestId('internal-fee')).toHaveText('Free');
  await expect(panel.getByTestId('internal-arrive')).toHaveText('12.34 USDT');
  await panel.getByTestId('send-emailCode').click();
  const code = await latest(request, 'email', 'demo@tickstream.local', 'INTERNAL');
  await panel.locator('input[name="emailCode"]').fill(code);
  await panel.getByTestId('internal-submit').click();

  const confirm = page.getByTestId('internal-confirm');
  await expect(confirm).toContainText(uid);
  await expect(confirm).toContainText(masked);
  await expect(confirm).toContainText('12.34 USDT');
  await page.getByTestId('internal-confirm-button').click();
  await expect(page.getByText('12.34 USDT sent')).toBeVisible();
  const row = panel.getByTestId('internal-history').locator('tbody tr').first();
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(uid);
  await expect(row).toContainText('12.34');

  // The recipient has it in their funding account, sees it received, and has a message about it.
  const balances = await (await request.get('/uc/asset-transfer/balances', { headers: recipient })).json();
  const usdt = balances.data.coins.find((c: { coin: string }) => c.coin === 'USDT');
  expect(usdt.available.funds).toBe('12.34');
  const list = await (await request.get('/uc/internal-transfer/list', { headers: recipient })).json();
  expect(list.data.records[0]).toMatchObject({
    direction: 'in',
    amount: '12.34',
    arrivedAmount: '12.34',
    counterparty: 'd***o',
  });
  const messages = await (await request.get('/uc/message/page', { headers: { ...recipient, lang: 'en_US' } })).json();
  expect(messages.data.records.map((m: { title: string }) => m.title)).toContain('Internal transfer received');

  // The code is spent: the same transfer cannot be sent twice with it.
  const again = await request.post('/uc/internal-transfer/transfer', {
    headers: { ...demo, lang: 'en_US' },
    form: { coin: 'USDT', amount: '12.34', type: 'uid', value: uid, emailCode: code },
  });
  expect((await again.json()).message).toBe('The verification code is incorrect');

  // Leave the demo user's money where the other journeys expect it: back in spot.
  const left = await (await request.get('/uc/internal-transfer/fee-info?coin=USDT', { headers: demo })).json();
  const back = await request.post('/uc/asset-transfer/transfer', {
    headers: demo,
    form: { coin: 'USDT', amount: left.data.available, from: 'funds', to: 'spot' },
  });
  expect((await back.json()).code).toBe(0);
});

test("a bill's link to an internal transfer opens /withdraw on the internal tab", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  await signIn(page, request);
  await page.goto('/withdraw?tab=internal');
  await expect(page.getByRole('tab', { name: 'Internal transfer' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('internal-transfer')).toBeVisible();
});
