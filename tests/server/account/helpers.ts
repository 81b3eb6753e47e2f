import { expect } from 'vitest';
import type { OutboxEntry } from '../../../common/contracts/account.ts';
import type { TestApp } from '../helpers.ts';
import { formPost, get } from '../requests.ts';

export { formPost, get };

/** The dev outbox, newest first. */
export async function outbox(t: TestApp): Promise<OutboxEntry[]> {
  const res = await get(t, '/dev/outbox');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The newest code sent to a destination (as the outbox shows it: "+84 912345678" or an e-mail). */
export async function lastCode(t: TestApp, destination: string, purpose?: string): Promise<string> {
  const entry = (await outbox(t)).find(
    (e) => e.channel !== 'captcha' && e.destination === destination && (purpose === undefined || e.purpose === purpose),
  );
  if (!entry?.code) throw new Error(`no code for ${destination}`);
  return entry.code;
}

/** Loads a slider challenge, reads its solution from the outbox and solves it; returns the verify token. */
export async function solveSlider(t: TestApp, type: string, target: string): Promise<string> {
  const challenge = (await formPost(t, '/uc/verify/captcha', { type, target })).json();
  expect(challenge.code).toBe(0);
  const entry = (await outbox(t)).find((e) => e.channel === 'captcha' && e.destination === target.toLowerCase());
  if (!entry?.code) throw new Error('no captcha solution');
  const checked = (await formPost(t, '/uc/verify/check', { type, target, ratio: entry.code })).json();
  expect(checked.code).toBe(0);
  return checked.data as string;
}

export const PASSWORD = 'Secret123abc';

/** Registers by e-mail through slider, code and check; returns the login data (token, uid…). */
export async function registerByEmail(
  t: TestApp,
  email: string,
  password = PASSWORD,
  extra: Record<string, string> = {},
) {
  const verifyToken = await solveSlider(t, 'REGISTER', email);
  expect((await formPost(t, '/uc/reg/email/code', { email, verifyToken })).json().code).toBe(0);
  const code = await lastCode(t, email.toLowerCase(), 'REGISTER');
  const res = await formPost(t, '/uc/register/email', { email, code, password, ...extra });
  const body = res.json();
  expect(body.code).toBe(0);
  return { ...body.data, headers: { 'x-auth-token': body.data.token as string } } as {
    token: string;
    id: number;
    uid: string;
    promotionCode: string;
    headers: Record<string, string>;
  };
}

/** Registers by phone (country VN) through slider, SMS code and password; returns the login data. */
export async function registerByPhone(t: TestApp, phone: string, password = PASSWORD) {
  const verifyToken = await solveSlider(t, 'REGISTER', phone);
  expect((await formPost(t, '/uc/mobile/code', { country: 'VN', phone, verifyToken })).json().code).toBe(0);
  const code = await lastCode(t, `+84 ${phone}`, 'REGISTER');
  const body = (await formPost(t, '/uc/register/phone', { country: 'VN', phone, code, password })).json();
  expect(body.code).toBe(0);
  return { ...body.data, headers: { 'x-auth-token': body.data.token as string } } as {
    token: string;
    id: number;
    uid: string;
    headers: Record<string, string>;
  };
}
