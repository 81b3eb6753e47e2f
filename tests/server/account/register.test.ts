import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get, lastCode, outbox, PASSWORD, registerByEmail, solveSlider } from './helpers.ts';

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists countries with area codes and flags', async () => {
    const body = (await formPost(t, '/uc/support/country', {})).json();
    expect(body.code).toBe(0);
    expect(body.data[0]).toMatchObject({
      twoCode: 'VN',
      areaCode: '84',
      enName: 'Vietnam',
      isoCode: 'VNM',
      flag: '🇻🇳',
    });
  });

  it('registers by phone: slider, SMS code, check, password, logged in', async () => {
    const verifyToken = await solveSlider(t, 'REGISTER', '912345678');
    const sent = (await formPost(t, '/uc/mobile/code', { country: 'VN', tel: '912345678', verifyToken })).json();
    expect(sent).toEqual({ code: 0, message: 'success', data: null });
    const code = await lastCode(t, '+84 912345678', 'REGISTER');
    expect(code).toMatch(/^\d{6}$/);
    const checked = (
      await formPost(t, '/uc/register/check-code', { type: 1, registCode: code, country: 'VN', mobile: '912345678' })
    ).json();
    expect(checked.code).toBe(0);
    const res = await formPost(t, '/uc/register/phone', {
      country: 'VN',
      phone: '912345678',
      code: checked.data.verifyCode,
      password: PASSWORD,
    });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(res.headers['x-auth-token']).toBe(body.data.token);
    const info = (await get(t, '/uc/member/my-info', { 'x-auth-token': body.data.token })).json();
    expect(info.data).toMatchObject({ country: 'VN', phoneVerified: 1, emailVerified: 0 });
    // The ticket was single use; and the new account logs in with its password.
    const again = await formPost(t, '/uc/register/phone', {
      country: 'VN',
      phone: '912345678',
      code: checked.data.verifyCode,
      password: PASSWORD,
    });
    expect(again.json().code).not.toBe(0);
    const login = (await formPost(t, '/uc/login', { username: '912345678', password: PASSWORD, country: 'VN' })).json();
    expect(login.code).toBe(0);
  });

  it('registers by e-mail with a referral code and records the referrer', async () => {
    const referrer = await registerByEmail(t, 'referrer@example.com');
    const user = await registerByEmail(t, 'Invitee@Example.com', PASSWORD, { promotion: referrer.promotionCode });
    const row = await t.db
      .withTables<{ referrals: { user_id: number; referrer_id: number } }>()
      .selectFrom('referrals')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row?.referrer_id).toBe(referrer.id);
  });

  it('refuses an unknown referral code, a weak password and a code for another address, without spending it', async () => {
    const email = 'careful@example.com';
    const verifyToken = await solveSlider(t, 'REGISTER', email);
    await formPost(t, '/uc/reg/email/code', { email, verifyToken });
    const code = await lastCode(t, email);
    const en = { lang: 'en_US' };
    const weak = (await formPost(t, '/uc/register/email', { email, code, password: 'alllowercase1' }, en)).json();
    expect(weak).toMatchObject({ code: 4119, message: expect.stringMatching(/8 to 32 characters/) });
    const badRef = (
      await formPost(t, '/uc/register/email', { email, code, password: PASSWORD, promotion: 'NOPE99' }, en)
    ).json();
    expect(badRef.message).toBe('The referral code does not exist');
    const other = (
      await formPost(t, '/uc/register/email', { email: 'x@example.com', code, password: PASSWORD })
    ).json();
    expect(other.code).toBe(4110);
    expect((await formPost(t, '/uc/register/email', { email, code, password: PASSWORD })).json().code).toBe(0);
  });

  it('needs a solved slider to send a code, and a token opens one send for its own target only', async () => {
    const en = { lang: 'en_US' };
    const none = (await formPost(t, '/uc/reg/email/code', { email: 'a1@example.com' }, en)).json();
    expect(none).toMatchObject({ code: 4117, message: 'Please complete the slider verification first' });
    const token = await solveSlider(t, 'REGISTER', 'a2@example.com');
    const wrongTarget = (
      await formPost(t, '/uc/reg/email/code', { email: 'a3@example.com', verifyToken: token })
    ).json();
    expect(wrongTarget.code).toBe(4117);
    // Spent by the failed try: a token is good for one request.
    const reused = (await formPost(t, '/uc/reg/email/code', { email: 'a2@example.com', verifyToken: token })).json();
    expect(reused.code).toBe(4117);
  });

  it('answers the same for a registered address, and sends its owner a notice instead of a code', async () => {
    const send = async (email: string) => {
      const verifyToken = await solveSlider(t, 'REGISTER', email);
      return (await formPost(t, '/uc/reg/email/code', { email, verifyToken })).json();
    };
    const known = await send(DEMO_ACCOUNT.email);
    const unknown = await send('fresh@example.com');
    expect(known).toEqual(unknown);
    const entries = await outbox(t);
    const notice = entries.find((e) => e.destination === DEMO_ACCOUNT.email && e.channel === 'email');
    expect(notice).toMatchObject({ code: null, purpose: 'REGISTER' });
    // Any guess fails at the code step exactly like a wrong code for a new address.
    const a = (
      await formPost(t, '/uc/register/email', { email: DEMO_ACCOUNT.email, code: '123456', password: PASSWORD })
    ).json();
    const b = (
      await formPost(t, '/uc/register/email', { email: 'fresh@example.com', code: '000000', password: PASSWORD })
    ).json();
    expect(a.code).toBe(4110);
    expect(b.code).toBe(4110);
  });
});
