import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDb } from '../../../server/account/repository.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { outbox } from './helpers.ts';

type Case = [method: 'GET' | 'POST', url: string, payload: Record<string, unknown> | string | null];

/** Every account route with input it must refuse (wrong type, missing field, out of range, bad format). */
const PUBLIC_CASES: Case[] = [
  ['GET', '/uc/verify/captcha?type=NOPE', null],
  ['GET', '/uc/start/captcha?type=', null],
  ['POST', '/uc/verify/captcha', { type: 'x'.repeat(100) }],
  ['POST', '/uc/verify/check', { type: 'REGISTER', target: 'a@b.c', ratio: 'abc' }],
  ['POST', '/uc/verify/check', { type: 'REGISTER', target: 'a@b.c', ratio: 2 }],
  ['POST', '/uc/verify/check', { type: 'REGISTER', target: 'a@b.c' }],
  ['POST', '/uc/login1', { ratio: -1 }],
  ['POST', '/uc/mobile/code', { phone: '912345678', verifyToken: 't' }],
  ['POST', '/uc/mobile/code', { country: 'VN', phone: '12ab', verifyToken: 't' }],
  ['POST', '/uc/pc/mobile/code', { country: 'VN', phone: '1234567890123', verifyToken: 't' }],
  ['POST', '/uc/reg/email/code', { email: 'not-an-email', verifyToken: 't' }],
  ['POST', '/uc/pc/reg/email/code', { email: `${'a'.repeat(40)}@example.com`, verifyToken: 't' }],
  ['POST', '/uc/reg/email/code', { email: 'a@b.c', verifyToken: 't', type: 'BIND' }],
  ['POST', '/uc/reset/phone/code', { country: 'ZZ', phone: '912345678', verifyToken: 't' }],
  ['POST', '/uc/reset/email/code', { verifyToken: 't' }],
  ['POST', '/uc/register/check-code', { type: 5, registCode: '123456', email: 'a@b.c' }],
  ['POST', '/uc/register/check-code', { type: 1, registCode: '123456', mobile: '912345678' }],
  ['POST', '/uc/check/mobile/code', { country: 'VN', mobile: '912345678' }],
  ['POST', '/uc/check/email/code', { email: 'a@b.c' }],
  ['POST', '/uc/reset/login/verify', { account: '', code: '123456' }],
  ['POST', '/uc/reset/login/verify', { account: '912345678', code: '123456' }],
  ['POST', '/uc/register/phone', { country: 'VN', phone: '912345678', code: '123456' }],
  ['POST', '/uc/register/email', { email: 'a@b.c', code: 'x'.repeat(100), password: 'Secret123abc' }],
  ['POST', '/uc/register/email', { email: 'a@b.c', code: '123456', password: 'Secret123abc', country: 'ZZ' }],
  ['POST', '/uc/reset/login/password', { account: 'a@b.c', code: '123456', password: 'x'.repeat(100) }],
  ['POST', '/uc/login2', { value: '', code: '123456' }],
  ['POST', '/uc/login2', { type: 'sms', value: 'ticket', code: '123456' }],
  ['POST', '/uc/login', { username: '', password: 'x' }],
  ['POST', '/dev/kyc/review', { uid: 'x' }],
  ['POST', '/uc/register/email', '{"email": '],
];

const SIGNED_IN_CASES: Case[] = [
  ['POST', '/uc/approve/send/phone', { type: 'HACK' }],
  ['POST', '/uc/approve/send/email', { type: 'x'.repeat(50) }],
  ['POST', '/uc/approve/send/email', { type: 'CHANGE', value: 'not-an-email' }],
  ['POST', '/uc/approve/update/password/phone/code', { type: 'NOPE' }],
  ['POST', '/uc/approve/update/password/email/code', { value: 'x'.repeat(100) }],
  ['POST', '/uc/approve/update/password', {}],
  ['POST', '/uc/approve/update/password', { oldPassword: DEMO_ACCOUNT.password }],
  ['POST', '/uc/approve/update/password', { oldPassword: DEMO_ACCOUNT.password, newPassword: 'x'.repeat(100) }],
  ['POST', '/uc/approve/bind/email', { email: 'bad', code: '123456' }],
  ['POST', '/uc/approve/bind/phone', { country: 'VN', code: '123456' }],
  ['POST', '/uc/approve/change/email', { code: '123456' }],
  ['POST', '/uc/approve/change/phone', { country: 'VN', phone: 'abc', code: '123456' }],
  ['POST', '/uc/google/sendgoogle', { googleCode: 'x'.repeat(20) }],
  ['POST', '/uc/google/jcgoogle', { googleCode: 'x'.repeat(20) }],
  ['POST', '/uc/approve/transaction/password', {}],
  ['POST', '/uc/approve/transaction/password', { password: '1'.repeat(40) }],
  ['POST', '/uc/approve/real/name', { realName: 'A' }],
  [
    'POST',
    '/uc/approve/real/name',
    { realName: 'A', country: 'VN', idCard: '12345678', frontImage: '../../etc/passwd' },
  ],
  ['POST', '/uc/approve/real/name', { realName: 'A', country: 'VN', idCard: '12345678', idType: 9, frontImage: 'abc' }],
  ['POST', '/uc/approve/account/check-id', { country: 'VN', idCard: '<script>' }],
  ['POST', '/uc/upload/oss/image', { file: 'not an image' }],
];

describe('malformed input on every account route', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const login = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password },
    });
    headers = { 'x-auth-token': login.json().data.token };
  });
  afterAll(() => t.close());

  /** Everything a refused request must leave untouched. */
  const snapshot = async () => {
    const db = accountDb(t.db);
    return {
      users: await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
      sessions: (await t.db.selectFrom('sessions').select('token_hash').execute()).length,
      security: await db.selectFrom('user_security').selectAll().execute(),
      kyc: await db.selectFrom('kyc_applications').selectAll().execute(),
      images: await db.selectFrom('kyc_images').selectAll().execute(),
      referrals: await db.selectFrom('referrals').selectAll().execute(),
      outbox: (await outbox(t)).length,
    };
  };

  const run = async ([method, url, payload]: Case, extra: Record<string, string>) => {
    const isText = typeof payload === 'string';
    const res = await t.server.inject({
      method,
      url,
      headers: { lang: 'en_US', ...(isText ? { 'content-type': 'application/json' } : {}), ...extra },
      ...(payload === null ? {} : { payload: payload as never }),
    });
    const body = res.json();
    expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, url).toBeLessThan(500);
    expect(body.code, `${url} ${JSON.stringify(payload)}`).not.toBe(0);
    expect(body.data, url).toBeNull();
    expect(typeof body.message, url).toBe('string');
    expect(body.message, url).not.toMatch(/at .*\.ts|Error:|undefined/);
    return body;
  };

  it('refuses malformed public requests with a clear message and changes nothing', async () => {
    const before = await snapshot();
    for (const c of PUBLIC_CASES) await run(c, {});
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed signed-in requests with a clear message and changes nothing', async () => {
    const before = await snapshot();
    for (const c of SIGNED_IN_CASES) await run(c, headers);
    expect(await snapshot()).toEqual(before);
  });

  it('names the field in the message, in the request language', async () => {
    const en = await run(['POST', '/uc/register/phone', { country: 'VN', phone: '912345678', code: '123456' }], {});
    expect(en.message).toBe('Invalid parameter: password');
    const vi = await run(['POST', '/uc/reg/email/code', { email: 'nope', verifyToken: 't' }], { lang: 'vi_VN' });
    expect(vi.message).toBe('Địa chỉ e-mail không hợp lệ');
  });
});
