import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { demoUserId, formPost, sessionFor } from '../requests.ts';
import { lastCode } from './helpers.ts';

const KNOWN = 'known-device-0123456789abcdef';
const FRESH = 'fresh-device-0123456789abcdef';

describe('device-authorised login (/uc/login code, deviceCode)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    headers = await sessionFor(t, await demoUserId(t));
  });
  afterAll(() => t.close());

  const login = (extra: Record<string, string> = {}) =>
    formPost(
      t,
      '/uc/login',
      { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, ...extra },
      { lang: 'en_US' },
    );
  const toggle = (fields: Record<string, string | number>) =>
    formPost(t, '/uc/approve/security/device-auth', fields, { ...headers, lang: 'en_US' });

  it('asks nothing while device authorisation is off', async () => {
    // Remembered even then, so turning it on later does not lock out the browsers in use.
    expect((await login({ deviceCode: 'used-while-off-0123456789' })).json().code).toBe(0);
    expect((await login()).json().code).toBe(0);
  });

  it('is turned on and off with the login password only, and shows in the security setting', async () => {
    expect((await toggle({ enable: 1, password: 'Wrong12345' })).json()).toMatchObject({
      code: 4120,
      message: 'The current password is incorrect',
    });
    expect((await toggle({ enable: 2, password: DEMO_ACCOUNT.password })).statusCode).toBe(400);
    expect((await formPost(t, '/uc/approve/security/device-auth', { enable: 1, password: 'x' })).statusCode).toBe(401);
    const setting = () => formPost(t, '/uc/approve/security/setting', {}, headers).then((r) => r.json().data);
    expect((await setting()).deviceAuthStatus).toBe(0);
    expect((await toggle({ enable: 1, password: DEMO_ACCOUNT.password, deviceCode: KNOWN })).json().code).toBe(0);
    expect((await setting()).deviceAuthStatus).toBe(1);
  });

  it('lets a remembered device in, and sends a code to a new one before it may log in', async () => {
    expect((await login({ deviceCode: KNOWN })).json().code).toBe(0);
    expect((await login({ deviceCode: 'used-while-off-0123456789' })).json().code).toBe(0);
    const asked = await login({ deviceCode: FRESH });
    expect(asked.json()).toMatchObject({
      code: 4128,
      message: 'This is a new device: a code was sent to de***@tickstream.local, enter it to finish logging in',
      data: null,
    });
    expect(asked.headers['x-auth-token']).toBeUndefined();
    expect((await login({ deviceCode: FRESH })).json().code).toBe(4113); // 60 s resend
    const code = await lastCode(t, DEMO_ACCOUNT.email, 'LOGIN_DEVICE');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await login({ deviceCode: FRESH, code: wrong })).json().code).toBe(4110);
    const done = await login({ deviceCode: FRESH, code });
    expect(done.json().code).toBe(0);
    // Remembered now: no code next time, and the spent code opens nothing.
    expect((await login({ deviceCode: FRESH })).json().code).toBe(0);
    expect((await login({ deviceCode: 'third-device-0123456789', code })).json().code).not.toBe(0);
  });

  it('asks a login without a deviceCode too, and a wrong password learns nothing of it', async () => {
    t.advance(61_000);
    expect((await login()).json().code).toBe(4128);
    expect((await login({ password: 'Wrong12345', deviceCode: 'x' })).json().code).toBe(4101);
  });

  it('asks nothing again once turned off', async () => {
    expect((await toggle({ enable: 0, password: DEMO_ACCOUNT.password })).json().code).toBe(0);
    expect((await login({ deviceCode: 'another-device-0123456789' })).json().code).toBe(0);
  });
});
