import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_HOURLY_CAP } from '../../../server/auth/codes.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { IP_SENDS_PER_HOUR } from '../../../server/config.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, lastCode, solveSlider } from './helpers.ts';

// Every login hashes a password on purpose (unknown names too, so timing tells nothing): a busy machine needs time.
describe('throttling of logins and code sends', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const send = async (email: string, headers: Record<string, string> = {}) => {
    const verifyToken = await solveSlider(t, 'REGISTER', email);
    return (await formPost(t, '/uc/reg/email/code', { email, verifyToken }, { lang: 'en_US', ...headers })).json();
  };

  it('holds a resend back for 60 s with the seconds left, without spending the slider token', async () => {
    expect((await send('resend@example.com')).code).toBe(0);
    const token = await solveSlider(t, 'REGISTER', 'resend@example.com');
    t.advance(15_000);
    const early = (
      await formPost(t, '/uc/reg/email/code', { email: 'resend@example.com', verifyToken: token }, { lang: 'en_US' })
    ).json();
    expect(early).toMatchObject({ code: 4113, message: 'Please wait 45 seconds before requesting another code' });
    t.advance(45_000);
    expect(
      (await formPost(t, '/uc/reg/email/code', { email: 'resend@example.com', verifyToken: token })).json().code,
    ).toBe(0);
  });

  it('caps the codes one address gets per hour', async () => {
    const email = 'capped@example.com';
    for (let i = 0; i < CODE_HOURLY_CAP; i++) {
      expect((await send(email, { 'x-forwarded-for': String(i) })).code).toBe(0);
      t.advance(61_000);
    }
    const capped = await send(email);
    expect(capped).toMatchObject({ code: 4114, message: 'Too many codes sent, please try again in an hour' });
    t.advance(60 * 60 * 1000);
    expect((await send(email)).code).toBe(0);
  });

  it('caps the codes one IP may ask for per hour, across addresses', async () => {
    t.advance(2 * 60 * 60 * 1000);
    const ip = { remoteAddress: '203.0.113.9' };
    const sendFrom = async (email: string) => {
      const challenge = await t.server.inject({
        method: 'POST',
        url: '/uc/verify/captcha',
        payload: { type: 'REGISTER', target: email },
        ...ip,
      });
      expect(challenge.json().code).toBe(0);
      const verifyToken = await solveSliderKnown(email);
      return t.server.inject({ method: 'POST', url: '/uc/reg/email/code', payload: { email, verifyToken }, ...ip });
    };
    const solveSliderKnown = async (email: string) => {
      const entries = (await t.server.inject({ method: 'GET', url: '/dev/outbox' })).json().data;
      const solution = entries.find(
        (e: { channel: string; destination: string }) => e.channel === 'captcha' && e.destination === email,
      ).code;
      return (await formPost(t, '/uc/verify/check', { type: 'REGISTER', target: email, ratio: solution })).json().data;
    };
    for (let i = 0; i < IP_SENDS_PER_HOUR; i++) expect((await sendFrom(`ip${i}@example.com`)).json().code).toBe(0);
    const blocked = await sendFrom('ip-last@example.com');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(429);
    // Another IP is not affected.
    expect((await send('other-ip@example.com')).code).toBe(0);
  });

  it('outside production, a loopback client gets more than the per-IP cap (README: Configuration)', async () => {
    t.advance(2 * 60 * 60 * 1000);
    for (let i = 0; i <= IP_SENDS_PER_HOUR; i++) expect((await send(`loop${i}@example.com`)).code).toBe(0);
  });

  /** A login from an address; `verifyToken` is a solved LOGIN slider of the name. */
  const loginFrom = (remoteAddress: string, username: string, password: string, verifyToken?: string) =>
    t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username, password, ...(verifyToken ? { verifyToken } : {}) },
      headers: { lang: 'en_US' },
      remoteAddress,
    });

  it('never locks the owner out: an attacker’s failures slow only his address, the owner signs in with the slider', async () => {
    t.advance(2 * 60 * 60 * 1000);
    const attacker = '198.51.100.7';
    let refused = 0;
    for (let i = 0; i < 25; i++) {
      const res = (await loginFrom(attacker, 'demo', 'Wrong123abc', await solveSlider(t, 'LOGIN', 'demo'))).json();
      if (res.code === 4102) refused++;
      else expect(res.code).toBe(4101);
    }
    // The attacker is made to wait; the owner, elsewhere, with the right password and a solved slider, is not.
    expect(refused).toBeGreaterThan(0);
    const owner = '203.0.113.50';
    const asked = (await loginFrom(owner, 'demo', DEMO_ACCOUNT.password)).json();
    expect(asked).toMatchObject({ code: 4127, message: 'Please complete the security check first' });
    const verifyToken = await solveSlider(t, 'LOGIN', 'demo');
    expect((await loginFrom(owner, 'demo', DEMO_ACCOUNT.password, verifyToken)).json().code).toBe(0);
    // A spent slider does not open a second try.
    for (let i = 0; i < 3; i++) {
      await loginFrom(`198.51.100.${20 + i}`, 'demo', 'Wrong123abc', await solveSlider(t, 'LOGIN', 'demo'));
    }
    const reused = (await loginFrom(owner, 'demo', DEMO_ACCOUNT.password, verifyToken)).json();
    expect(reused.code).toBe(4117);
  });

  it('slows an address that sprays many names with growing waits, never a lock, and no other address', async () => {
    t.advance(2 * 60 * 60 * 1000);
    const sprayer = '198.51.100.8';
    for (let i = 0; i < 10; i++) expect((await loginFrom(sprayer, `spray${i}`, 'Wrong123abc')).json().code).toBe(4101);
    const waiting = await loginFrom(sprayer, 'spray-new', 'Wrong123abc');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({
      code: 4102,
      message: 'Too many failed attempts, please try again in 1 seconds',
    });
    expect((await loginFrom('203.0.113.51', 'spray-new', 'Wrong123abc')).json().code).toBe(4101);
    // After the wait the right password works from the same address: the wait is not a lock.
    t.advance(1000);
    const verifyToken = await solveSlider(t, 'LOGIN', 'demo');
    expect((await loginFrom(sprayer, 'demo', DEMO_ACCOUNT.password, verifyToken)).json().code).toBe(0);
  });

  it('checks the code of an address only against its purpose: a REGISTER code does not reset a password', async () => {
    t.advance(2 * 60 * 60 * 1000);
    await send('purpose@example.com');
    const code = await lastCode(t, 'purpose@example.com', 'REGISTER');
    const res = (await formPost(t, '/uc/reset/login/verify', { account: 'purpose@example.com', code })).json();
    expect(res.code).toBe(4110);
  });
});
