import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_LOGIN_FAILURES, IP_SENDS_PER_HOUR } from '../../../../server/account/kit.ts';
import { CODE_HOURLY_CAP } from '../../../../server/auth/codes.ts';
import { DEMO_ACCOUNT } from '../../../../server/auth/demo.ts';
import { LoginThrottle } from '../../../../server/auth/throttle.ts';
import { buildTestApp, type TestApp } from '../../helpers.ts';
import { formPost, lastCode, solveSlider } from '../helpers.ts';

describe('throttling of logins and code sends', () => {
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

  it('locks an IP after its failed logins across many account names, and only that IP', async () => {
    expect(t.server.account.ipLogins.maxFailures).toBe(IP_LOGIN_FAILURES);
    // A smaller limit of the same kind keeps the test to a few password hashes.
    t.server.account.ipLogins = new LoginThrottle(4, 15 * 60 * 1000, 15 * 60 * 1000);
    const ip = { remoteAddress: '198.51.100.7' };
    const attempt = (username: string) =>
      t.server.inject({ method: 'POST', url: '/uc/login', payload: { username, password: 'Wrong123abc' }, ...ip });
    for (let i = 0; i < 4; i++) expect((await attempt(`spray${i}`)).json().code).toBe(4101);
    const locked = await attempt('spray-new');
    expect(locked.json().code).toBe(4102);
    // Even the right password of a real account is refused from there until the lock ends.
    const demo = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: 'demo', password: DEMO_ACCOUNT.password },
      ...ip,
    });
    expect(demo.json().code).toBe(4102);
    expect((await formPost(t, '/uc/login', { username: 'spray-fresh', password: 'Wrong123abc' })).json().code).toBe(
      4101,
    );
    t.advance(15 * 60 * 1000 + 1);
    const later = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: 'demo', password: DEMO_ACCOUNT.password },
      ...ip,
    });
    expect(later.json().code).toBe(0);
  });

  it('checks the code of an address only against its purpose: a REGISTER code does not reset a password', async () => {
    t.advance(2 * 60 * 60 * 1000);
    await send('purpose@example.com');
    const code = await lastCode(t, 'purpose@example.com', 'REGISTER');
    const res = (await formPost(t, '/uc/reset/login/verify', { account: 'purpose@example.com', code })).json();
    expect(res.code).toBe(4110);
  });
});
