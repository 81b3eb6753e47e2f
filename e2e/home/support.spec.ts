import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../shell/helpers.ts';

/** Customer service against the real server: feedback tickets (spec shell §7 "Feedback") and the /chat channel. */

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
});

/** The agent console in its own browser context (no session: the dev routes need none). */
async function agentConsole(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const agent = await context.newPage();
  await agent.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  await agent.goto('/chat?agent=1');
  await expect(agent.getByTestId('agent-console')).toBeVisible();
  return agent;
}

test('a feedback ticket round trip: create, listed, agent answers, user sees it, closes, replies refused', async ({
  page,
  request,
  browser,
  baseURL,
  pageErrors,
}) => {
  // Two browser contexts and a dozen page loads: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  // The stale tab's reply to the closed ticket: refused with 409 and the message the page shows.
  pageErrors.allow('the server responded with a status of 409 (Conflict)', { url: /\/uc\/feedback\/reply\?/ });
  const token = await signIn(page, request);
  const title = `Deposit not credited ${Date.now()}`;
  await page.goto('/feedback');
  const form = page.getByTestId('feedback-form');

  // Bad input: a clear message, nothing sent.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose a category');

  await form.getByLabel('Category').selectOption({ label: 'Deposit' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('I sent 0.5 BTC at 10:00 and it has not arrived.\nTx: abc123');
  await form.locator('input[type=file]').setInputFiles({ name: 'tx.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(form.getByTestId('feedback-preview')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your ticket has been submitted' })).toBeVisible();

  // It appears at the top of the list, awaiting a reply.
  const row = page.getByTestId('feedback-row').first();
  await expect(row).toContainText(title);
  await expect(row).toContainText('Deposit');
  await expect(row).toContainText('Awaiting reply');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/feedback\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const detail = page.getByTestId('feedback-detail');
  await expect(detail.getByTestId('ticket-post')).toHaveCount(1);
  await expect(detail.getByTestId('ticket-post').first()).toContainText('Tx: abc123');
  await expect(detail.getByTestId('ticket-image')).toBeVisible();

  // The agent answers through the dev console.
  const agent = await agentConsole(browser, baseURL as string);
  await agent.getByRole('tab', { name: /Feedback tickets/ }).click();
  await agent.getByTestId('agent-ticket-item').filter({ hasText: title }).click();
  const agentTicket = agent.getByTestId('agent-ticket');
  await expect(agentTicket.getByTestId('ticket-post')).toHaveCount(1);
  await agentTicket.getByRole('textbox').fill('We found your deposit; it is credited now.');
  await agentTicket.getByRole('button', { name: 'Reply' }).click();
  await expect(agentTicket.getByTestId('ticket-post')).toHaveCount(2);

  // The user sees the answer and the new status.
  await page.reload();
  await expect(detail.getByTestId('ticket-post').nth(1)).toContainText('We found your deposit');
  await expect(detail.getByTestId('ticket-post').nth(1)).toHaveAttribute('data-sender', 'agent');
  await expect(detail.getByTestId('feedback-status')).toHaveText('Answered');

  // A second tab keeps the reply box open while the first one closes the ticket.
  const stale = await page.context().newPage();
  await stale.goto(`/feedback/${id}`);
  await expect(stale.getByTestId('feedback-reply')).toBeVisible();

  await detail.getByRole('button', { name: 'Close ticket' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close ticket' }).click();
  await expect(detail.getByTestId('feedback-status')).toHaveText('Closed');
  await expect(detail.getByTestId('feedback-closed')).toHaveText(
    'This ticket is closed and can no longer be replied to.',
  );
  await expect(detail.getByTestId('feedback-reply')).toHaveCount(0);

  // The stale tab's reply is refused with the server's message, and the page then shows why.
  await stale.getByTestId('feedback-reply').getByRole('textbox').fill('One more thing');
  await stale.getByTestId('feedback-reply').getByRole('button', { name: 'Reply' }).click();
  await expect(
    stale.getByRole('alert').filter({ hasText: 'This ticket is closed and can no longer be replied to' }),
  ).toBeVisible();
  await expect(stale.getByTestId('feedback-closed')).toBeVisible();

  // The API refuses too, and the thread is unchanged.
  const refused = await request.post('/uc/feedback/reply', {
    form: { id, content: 'late' },
    headers: { 'x-auth-token': token, lang: 'en_US' },
  });
  expect(await refused.json()).toMatchObject({
    code: 4501,
    message: 'This ticket is closed and can no longer be replied to',
  });
  await page.reload();
  await expect(detail.getByTestId('ticket-post')).toHaveCount(2);

  // The list shows it closed; the agent's open list no longer holds it.
  await page.goto('/feedback');
  await expect(page.getByTestId('feedback-row').filter({ hasText: title })).toContainText('Closed');
  await agent.reload();
  await agent.getByRole('tab', { name: /Feedback tickets/ }).click();
  await expect(agent.getByTestId('agent-ticket-item').filter({ hasText: title })).toHaveCount(0);
  await agent.context().close();
});

test('another user’s ticket id reads as not found', async ({ page, request, pageErrors }) => {
  pageErrors.allow('the server responded with a status of 404 (Not Found)', { url: /\/uc\/feedback\/get\?/ });
  await signIn(page, request);
  await page.goto('/feedback/987654');
  await expect(page.getByTestId('feedback-missing')).toContainText('This ticket does not exist');
});

test('/feedback needs a login', async ({ page }) => {
  await page.goto('/feedback');
  await expect(page).toHaveURL(/\/login\?showLoginTip=1/);
});

test('a chat exchange: the visitor writes, the agent answers from the dev side, the visitor sees it live', async ({
  page,
  browser,
  baseURL,
}) => {
  const question = `Where can I see my deposit address? ${Date.now()}`;
  await page.goto('/chat');
  const chat = page.getByTestId('support-chat');
  await expect(chat).toHaveAttribute('data-link', 'live');
  await expect(chat.getByTestId('chat-identity')).toHaveText(
    'You are chatting as a guest. Log in so that we can see your account.',
  );
  const openId = await page.evaluate(() => localStorage.getItem('supportOpenId'));
  expect(openId).toMatch(/^[A-Za-z0-9_-]{22}$/);

  // Limits are checked before sending: nothing goes out.
  const box = chat.getByTestId('chat-composer').getByRole('textbox');
  await box.fill('x'.repeat(2001));
  await expect(chat.getByTestId('chat-counter')).toHaveText('2001 / 2000');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('alert')).toHaveText('The message is too long, at most 2000 characters');
  await expect(chat.getByTestId('chat-message')).toHaveCount(0);

  // Markup is shown as text.
  await box.fill(`${question} <b>bold?</b>`);
  await box.press('Enter');
  await expect(chat.getByTestId('chat-message')).toHaveCount(1);
  await expect(chat.getByTestId('chat-message').first()).toContainText(`${question} <b>bold?</b>`);
  await expect(box).toHaveValue('');

  // The agent sees the conversation arrive and answers.
  const agent = await agentConsole(browser, baseURL as string);
  const item = agent.getByTestId('agent-chat-item').filter({ hasText: question });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Guest');
  await item.click();
  const thread = agent.getByTestId('agent-chat');
  await expect(thread.getByTestId('chat-message')).toHaveCount(1);
  await thread.getByRole('textbox').fill('Open Assets → Deposit, pick the coin and network.');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(thread.getByTestId('chat-message')).toHaveCount(2);

  // Live: the visitor's long poll brings the answer without a reload.
  const answer = chat.getByTestId('chat-message').nth(1);
  await expect(answer).toContainText('Open Assets → Deposit', { timeout: 5000 });
  await expect(answer).toHaveAttribute('data-own', 'false');

  // And the visitor's next message reaches the agent's open thread live too.
  await box.fill('Thanks!');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByTestId('chat-message').nth(2)).toContainText('Thanks!', { timeout: 5000 });

  // History survives a reload, under the same stored open id.
  await page.reload();
  await expect(chat.getByTestId('chat-message')).toHaveCount(3);
  expect(await page.evaluate(() => localStorage.getItem('supportOpenId'))).toBe(openId);
  await agent.context().close();
});

test('a signed-in user chats under their uid', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/chat');
  await expect(page.getByTestId('chat-identity')).toHaveText(/^Signed in · UID \d{8}$/);
});
