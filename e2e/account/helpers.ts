import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The dev outbox (newest first): codes and, for the slider, its solution ratio. */
interface OutboxEntry {
  channel: string;
  destination: string;
  purpose: string;
  code: string | null;
}

export async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const r = await request.get('/dev/outbox');
  return ((await r.json()) as { data: OutboxEntry[] }).data;
}

/** The newest entry of a channel whose destination contains `to` (and whose purpose starts with `purpose`). */
export async function latest(request: APIRequestContext, channel: string, to: string, purpose = ''): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const hit = (await outbox(request)).find(
          (e) =>
            e.channel === channel && e.destination.includes(to) && e.purpose.startsWith(purpose) && e.code !== null,
        );
        code = hit?.code ?? null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

/** Drags the slider handle so that the piece lands at a ratio of the 300 px puzzle, and waits for the verdict. */
export async function dragSlider(page: Page, ratio: number): Promise<void> {
  const captcha = page.getByTestId('slider-captcha');
  await expect(captcha.locator('img').first()).toBeVisible();
  const handle = page.getByTestId('slider-handle');
  const box = await handle.boundingBox();
  if (!box) throw new Error('no slider handle');
  const dx = ratio * 300 - 25;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + (dx * i) / 10, y);
  await page.mouse.up();
  await expect(captcha.getByRole('status')).toBeVisible();
}

/** Solves the slider: reads the solution ratio from the outbox and drags the handle there. */
export async function solveSlider(page: Page, request: APIRequestContext, target: string): Promise<void> {
  await expect(page.getByTestId('slider-captcha').locator('img').first()).toBeVisible();
  await dragSlider(page, Number(await latest(request, 'captcha', target.toLowerCase())));
}

/** Types a six-digit code into the verification cells and presses next. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('code-cells').locator('input').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('verification-next').click();
}

export function uniqueEmail(tag: string): string {
  return `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

export function uniquePhone(): string {
  return `9${String(Date.now()).slice(-8)}`;
}

export const PASSWORD = 'Passw0rdOne';
export const NEW_PASSWORD = 'Passw0rdTwo';

/** English for the journeys (the default language is zh_CN): the stored choice, as the language switch leaves it. */
export async function useEnglish(page: Page): Promise<void> {
  await page.goto('/__blank__');
  await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
}

/** Creates an account through the API (slider solution and codes from the dev outbox); answers its token. */
export async function registerByApi(
  request: APIRequestContext,
  account: { email: string } | { phone: string },
  password = PASSWORD,
): Promise<string> {
  const target = 'email' in account ? account.email : account.phone;
  const challenge = await request.get(`/uc/verify/captcha?type=REGISTER&target=${encodeURIComponent(target)}`);
  const { captchaId } = (await challenge.json()).data;
  const ratio = await latest(request, 'captcha', target);
  const check = await request.post('/uc/verify/check', { form: { type: 'REGISTER', target, ratio, captchaId } });
  const verifyToken = (await check.json()).data as string;
  let r: Awaited<ReturnType<APIRequestContext['post']>>;
  if ('email' in account) {
    await request.post('/uc/reg/email/code', { form: { email: target, verifyToken, type: 'REGISTER' } });
    const code = await latest(request, 'email', target, 'REGISTER');
    r = await request.post('/uc/register/email', { form: { email: target, code, password } });
  } else {
    await request.post('/uc/mobile/code', { form: { country: 'VN', phone: target, verifyToken, type: 'REGISTER' } });
    const code = await latest(request, 'sms', target, 'REGISTER');
    r = await request.post('/uc/register/phone', { form: { country: 'VN', phone: target, code, password } });
  }
  const token = r.headers()['x-auth-token'];
  if (!token) throw new Error(`register failed: ${await r.text()}`);
  return token;
}

/** Puts a session token where the app keeps it (session storage and the cookie, spec shell §4). */
export async function useSession(page: Page, token: string): Promise<void> {
  await page.goto('/__blank__');
  await page.evaluate((t) => {
    sessionStorage.setItem('token', t);
    localStorage.setItem('lang', 'en_US');
  }, token);
  await page.context().addCookies([{ name: 'token', value: token, url: page.url() }]);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 secret at a time. */
export function totp(secret: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
