import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../../../server/auth/totp.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get, lastCode, PASSWORD, registerByEmail, registerByPhone } from './helpers.ts';

describe('security factors', () => {
  let t: TestApp;
  let now = Date.UTC(2026, 10, 22, 12);
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const advance = (ms: number) => {
    t.advance(ms);
    now += ms;
  };

  it('binds a phone with a code sent to it, then changes it with codes on the old and the new number', async () => {
    const user = await registerByEmail(t, 'binder@example.com');
    const h = user.headers;
    const send = (fields: Record<string, string>) => formPost(t, '/uc/approve/send/phone', fields, h);
    expect((await send({ type: 'BIND', value: '912000111', country: 'VN' })).json().code).toBe(0);
    const code = await lastCode(t, '+84 912000111', 'BIND');
    const wrong = (await formPost(t, '/uc/approve/bind/phone', { country: 'VN', phone: '912000222', code }, h)).json();
    expect(wrong.code).toBe(4110);
    // The bound e-mail confirms the new phone; without its code nothing is spent.
    const bind = { country: 'VN', phone: '912000111', code };
    const noEmail = (await formPost(t, '/uc/approve/bind/phone', bind, h)).json();
    expect(noEmail.code).toBe(4115);
    expect((await formPost(t, '/uc/approve/send/email', { type: 'BIND' }, h)).json().code).toBe(0);
    const emailCode = await lastCode(t, 'binder@example.com', 'BIND');
    expect((await formPost(t, '/uc/approve/bind/phone', { ...bind, emailCode }, h)).json().code).toBe(0);
    let state = (await get(t, '/uc/approve/security/setting', h)).json().data;
    expect(state).toMatchObject({ verifyList: ['email', 'phone'], phoneVerified: 1, mobile: '912****111' });
    const twice = (await send({ type: 'BIND', value: '912000333', country: 'VN' })).json();
    expect(twice.code).toBe(4123);

    advance(61_000);
    expect((await send({ type: 'CHANGE' })).json().code).toBe(0);
    const oldCode = await lastCode(t, '+84 912000111', 'CHANGE');
    expect((await send({ type: 'CHANGE', value: '913000444', country: 'VN' })).json().code).toBe(0);
    const newCode = await lastCode(t, '+84 913000444', 'CHANGE');
    const swapped = (
      await formPost(
        t,
        '/uc/approve/change/phone',
        { country: 'VN', phone: '913000444', code: oldCode, oldCode: newCode },
        h,
      )
    ).json();
    expect(swapped.code).toBe(4110);
    const noOld = (
      await formPost(t, '/uc/approve/change/phone', { country: 'VN', phone: '913000444', code: newCode }, h)
    ).json();
    expect(noOld.code).toBe(4115);
    const changed = (
      await formPost(t, '/uc/approve/change/phone', { country: 'VN', phone: '913000444', code: newCode, oldCode }, h)
    ).json();
    expect(changed.code).toBe(0);
    state = (await get(t, '/uc/approve/security/setting', h)).json().data;
    expect(state.mobile).toBe('913****444');
  });

  it('binds an e-mail to a phone account and refuses an address another account holds', async () => {
    await registerByEmail(t, 'holder@example.com');
    const phoneUser = await registerByPhone(t, '987650001');
    const h = { ...phoneUser.headers, lang: 'en_US' };
    expect((await get(t, '/uc/approve/security/setting', h)).json().data.verifyList).toEqual(['phone']);
    await formPost(t, '/uc/approve/send/email', { type: 'BIND', value: 'holder@example.com' }, h);
    const takenCode = await lastCode(t, 'holder@example.com', 'BIND');
    const taken = (
      await formPost(t, '/uc/approve/bind/email', { email: 'holder@example.com', code: takenCode }, h)
    ).json();
    expect(taken).toMatchObject({ code: 4123, message: 'This phone number or e-mail cannot be used' });
    advance(61_000);
    await formPost(t, '/uc/approve/send/email', { type: 'BIND', value: 'Phone.Owner@example.com' }, h);
    const code = await lastCode(t, 'phone.owner@example.com', 'BIND');
    await formPost(t, '/uc/approve/send/phone', { type: 'BIND' }, h);
    const phoneCode = await lastCode(t, '+84 987650001', 'BIND');
    const bound = (
      await formPost(t, '/uc/approve/bind/email', { email: 'phone.owner@example.com', code, phoneCode }, h)
    ).json();
    expect(bound.code).toBe(0);
    const state = (await get(t, '/uc/approve/security/setting', h)).json().data;
    expect(state).toMatchObject({ verifyList: ['email', 'phone'], emailVerified: 1, email: 'ph***@example.com' });
    const again = (
      await formPost(t, '/uc/approve/bind/email', { email: 'other@example.com', code: '123456' }, h)
    ).json();
    expect(again.code).toBe(4123);
    // Now both channels guard a password change.
    const res = (
      await formPost(
        t,
        '/uc/approve/update/password',
        { oldPassword: PASSWORD, newPassword: 'Another456XYZ', code: '123456' },
        h,
      )
    ).json();
    expect(res).toMatchObject({ code: 4115, message: 'Please enter the SMS verification code' });
  });

  it('enables Google authenticator with a TOTP code and the e-mail code, then asks for it at login', async () => {
    const email = 'googler@example.com';
    const user = await registerByEmail(t, email);
    const h = user.headers;
    const auth = (await get(t, '/uc/google/googleAuth', h)).json();
    expect(auth.data.otpauthUrl).toContain(`secret=${auth.data.secret}`);
    const secret = auth.data.secret as string;
    await formPost(t, '/uc/approve/send/email', { type: 'GOOGLE' }, h);
    const code = await lastCode(t, email, 'GOOGLE');
    const badTotp = (await formPost(t, '/uc/google/sendgoogle', { googleCode: '000000', code }, h)).json();
    expect(badTotp.code === 4121 || totp(secret, now) === '000000').toBe(true);
    const noEmail = (await formPost(t, '/uc/google/sendgoogle', { googleCode: totp(secret, now) }, h)).json();
    expect(noEmail.code).toBe(4115);
    const enabled = (await formPost(t, '/uc/google/sendgoogle', { googleCode: totp(secret, now), code }, h)).json();
    expect(enabled.code).toBe(0);
    expect((await get(t, '/uc/member/my-info', h)).json().data.googleStatus).toBe(1);

    const step1 = (await formPost(t, '/uc/login', { username: email, password: PASSWORD })).json();
    expect(step1.data).toMatchObject({ needSecondFactor: true, type: 'google' });
    expect(step1.data.token).toBeUndefined();
    // The code used to enable cannot be replayed; the next step's code can.
    const replay = (
      await formPost(t, '/uc/login2', { type: 'google', value: step1.data.ticket, code: totp(secret, now) })
    ).json();
    expect(replay.code).toBe(4121);
    advance(30_000);
    const res = await formPost(t, '/uc/login2', { type: 'google', value: step1.data.ticket, code: totp(secret, now) });
    expect(res.json().code).toBe(0);
    expect(res.headers['x-auth-token']).toBe(res.json().data.token);
    const reused = (
      await formPost(t, '/uc/login2', { type: 'google', value: step1.data.ticket, code: totp(secret, now) })
    ).json();
    expect(reused.code).toBe(4118);

    // With Google on, a password change needs its code as well as the e-mail code.
    advance(61_000);
    await formPost(t, '/uc/approve/send/email', { type: 'UPDATE_PASSWORD' }, h);
    const pwCode = await lastCode(t, email, 'UPDATE_PASSWORD');
    const change = { oldPassword: PASSWORD, newPassword: 'Another456XYZ', code: pwCode };
    expect((await formPost(t, '/uc/approve/update/password', change, h)).json().code).toBe(4121);
    expect((await formPost(t, '/uc/check/login', {}, h)).json().code).toBe(0);

    // Disabling needs the Google code and the e-mail code.
    advance(61_000);
    await formPost(t, '/uc/approve/send/email', { type: 'GOOGLE' }, h);
    const code2 = await lastCode(t, email, 'GOOGLE');
    const noGoogle = (await formPost(t, '/uc/google/jcgoogle', { code: code2 }, h)).json();
    expect(noGoogle.code).toBe(4121);
    advance(30_000);
    const off = (await formPost(t, '/uc/google/jcgoogle', { code: code2, googleCode: totp(secret, now) }, h)).json();
    expect(off.code).toBe(0);
    expect((await formPost(t, '/uc/login', { username: email, password: PASSWORD })).json().data.token).toBeDefined();
  });

  it('kills a two-step ticket after five wrong codes and after five minutes, and slows the account step', async () => {
    const email = 'twostep@example.com';
    const user = await registerByEmail(t, email);
    const secret = (await get(t, '/uc/google/googleAuth', user.headers)).json().data.secret as string;
    await formPost(t, '/uc/approve/send/email', { type: 'GOOGLE' }, user.headers);
    const code = await lastCode(t, email, 'GOOGLE');
    await formPost(t, '/uc/google/sendgoogle', { googleCode: totp(secret, now), code }, user.headers);
    advance(30_000);
    const ticket = (await formPost(t, '/uc/login', { username: email, password: PASSWORD })).json().data.ticket;
    const wrong = totp(secret, now) === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      // Past the growing wait (1 s after the third failure, 2 s after the fourth), so that each code is checked.
      if (i > 0) advance(10_000);
      expect((await formPost(t, '/uc/login2', { value: ticket, code: wrong })).json().code).toBe(4121);
    }
    expect((await formPost(t, '/uc/login2', { value: ticket, code: totp(secret, now) })).json().code).toBe(4118);
    // Wrong codes also slow the account's second step down, whatever the ticket: after three, growing waits.
    const fresh = (await formPost(t, '/uc/login', { username: email, password: PASSWORD })).json().data.ticket;
    expect((await formPost(t, '/uc/login2', { value: fresh, code: totp(secret, now) })).json().code).toBe(4102);
    const late = (await formPost(t, '/uc/login', { username: email, password: PASSWORD })).json().data.ticket;
    advance(5 * 60 * 1000);
    expect((await formPost(t, '/uc/login2', { value: late, code: totp(secret, now) })).json().code).toBe(4118);
    const after = (await formPost(t, '/uc/login', { username: email, password: PASSWORD })).json().data.ticket;
    expect((await formPost(t, '/uc/login2', { value: after, code: totp(secret, now) })).json().code).toBe(0);
  });

  it('sets a six-digit transaction password with the e-mail code', async () => {
    const email = 'trader@example.com';
    const user = await registerByEmail(t, email);
    await formPost(t, '/uc/approve/send/email', { type: 'TRADE_PASSWORD' }, user.headers);
    const code = await lastCode(t, email, 'TRADE_PASSWORD');
    const bad = (
      await formPost(t, '/uc/approve/transaction/password', { password: 'abc123', code }, user.headers)
    ).json();
    expect(bad.code).toBe(4119);
    const set = (
      await formPost(t, '/uc/approve/transaction/password', { password: '123456', code }, user.headers)
    ).json();
    expect(set.code).toBe(0);
    expect((await get(t, '/uc/approve/security/setting', user.headers)).json().data.tradePasswordStatus).toBe(1);
  });

  it('lists login devices with the current one marked, and the member centre', async () => {
    const email = 'devices@example.com';
    const user = await registerByEmail(t, email);
    await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: email, password: PASSWORD },
      headers: { 'user-agent': 'Phone/1.0' },
    });
    const devices = (await get(t, '/uc/approve/security/devices', user.headers)).json().data;
    expect(devices).toHaveLength(2);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(devices.map((d: { device: string }) => d.device)).toContain('Phone/1.0');
    const center = (await get(t, '/uc/member/center', user.headers)).json().data;
    expect(center).toMatchObject({ uid: user.uid, verifyList: ['email'], googleStatus: 0, kycStatus: 0 });
  });

  it('rotates the token on login: the token a login came with dies', async () => {
    const email = 'rotate@example.com';
    const user = await registerByEmail(t, email);
    const res = (await formPost(t, '/uc/login', { username: email, password: PASSWORD }, user.headers)).json();
    expect(res.code).toBe(0);
    expect((await formPost(t, '/uc/check/login', {}, user.headers)).json().code).toBe(4000);
    expect((await formPost(t, '/uc/check/login', {}, { 'x-auth-token': res.data.token })).json().code).toBe(0);
  });

  it('refuses every signed-in route without a session', async () => {
    const routes = [
      '/uc/approve/security/setting',
      '/uc/approve/security/devices',
      '/uc/member/center',
      '/uc/approve/send/phone',
      '/uc/approve/send/email',
      '/uc/approve/update/password',
      '/uc/approve/bind/email',
      '/uc/approve/bind/phone',
      '/uc/approve/change/email',
      '/uc/approve/change/phone',
      '/uc/google/googleAuth',
      '/uc/google/sendgoogle',
      '/uc/google/jcgoogle',
      '/uc/approve/transaction/password',
      '/uc/upload/oss/image',
      '/uc/approve/real/name',
      '/uc/approve/real/name/status',
      '/uc/approve/account/check-id',
      '/uc/oss/signature',
    ];
    for (const url of routes) {
      const res = await formPost(t, url, { x: '1' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe(4000);
    }
  });
});
