import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { SESSION_TTL_MS } from '../../../server/auth/tokens.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

describe('login and session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    t.server.inject({ method: 'POST', url: '/uc/login', payload, headers });

  it('logs the demo account in with a form-encoded body and returns a 256-bit token', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }).toString(),
    });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.username).toBe('demo');
    expect(body.data.uid).toMatch(/^\d{8}$/);
    expect(Buffer.from(body.data.token, 'base64url')).toHaveLength(32);
    expect(res.headers['x-auth-token']).toBe(body.data.token);
  });

  it('stores only a hash of the token', async () => {
    const { data } = (await login({ username: 'demo', password: DEMO_ACCOUNT.password })).json();
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(data.token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const wrong = (await login({ username: 'demo', password: 'Wrong12345' }, { lang: 'en_US' })).json();
    const unknown = (await login({ username: 'nobody@example.com', password: 'Wrong12345' }, { lang: 'en_US' })).json();
    expect(wrong).toEqual({ code: 4101, message: 'Incorrect account or password', data: null });
    expect(unknown).toEqual(wrong);
  });

  it('asks for the slider after three failures of a name, known or not, and makes the address wait', async () => {
    for (let i = 0; i < 3; i++) await login({ username: 'ghost', password: 'Wrong12345' });
    const waiting = (await login({ username: 'ghost', password: 'Wrong12345' }, { lang: 'en_US' })).json();
    expect(waiting).toMatchObject({ code: 4102, message: 'Too many failed attempts, please try again in 1 seconds' });
    t.advance(1000);
    const asked = (await login({ username: 'ghost', password: 'Wrong12345' }, { lang: 'en_US' })).json();
    expect(asked).toMatchObject({ code: 4127, message: 'Please complete the security check first' });
    for (let i = 0; i < 3; i++) await login({ username: 'nobody-known', password: 'Wrong12345' });
    t.advance(1000);
    expect((await login({ username: 'nobody-known', password: 'Wrong12345' })).json().code).toBe(asked.code);
  });

  it('checks a live session, serves my-info, and ends it on logout', async () => {
    const { data } = (await login({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).json();
    const headers = { 'x-auth-token': data.token };
    expect((await t.server.inject({ method: 'POST', url: '/uc/check/login', headers })).json()).toMatchObject({
      code: 0,
      data: true,
    });
    const info = (await t.server.inject({ method: 'POST', url: '/uc/member/my-info', headers })).json();
    expect(info.data).toMatchObject({ username: 'demo', uid: data.uid, email: 'de***@tickstream.local' });
    expect(info.data).not.toHaveProperty('password_hash');

    expect((await t.server.inject({ method: 'POST', url: '/uc/loginout', headers })).json().code).toBe(0);
    const after = await t.server.inject({ method: 'POST', url: '/uc/check/login', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 4000, data: null });
  });

  it('refuses my-info without a token or with a forged one', async () => {
    for (const headers of [{}, { 'x-auth-token': 'forged' }]) {
      const res = await t.server.inject({ method: 'GET', url: '/uc/member/my-info', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(4000);
    }
  });

  it('expires a session after 30 days', async () => {
    const { data } = (await login({ username: 'demo', password: DEMO_ACCOUNT.password })).json();
    const headers = { 'x-auth-token': data.token };
    t.advance(SESSION_TTL_MS - 1000);
    expect((await t.server.inject({ method: 'POST', url: '/uc/check/login', headers })).json().code).toBe(0);
    t.advance(2000);
    expect((await t.server.inject({ method: 'POST', url: '/uc/check/login', headers })).json().code).toBe(4000);
  });
});
