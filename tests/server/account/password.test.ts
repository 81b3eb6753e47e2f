import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_CLOSE, WS_PATH } from '../../../common/protocol.ts';
import { TestClient } from '../gateway/harness.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get, lastCode, PASSWORD, registerByEmail, solveSlider } from './helpers.ts';

const NEW_PASSWORD = 'Another456XYZ';

// Counts password checks: a login must pay for exactly one whether or not the account exists.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../server/auth/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../server/auth/password.ts')>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      checks.count++;
      return real.verifyPassword(password, stored);
    },
  };
});

describe('password change and reset', () => {
  let t: TestApp;
  let wsUrl: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    const address = t.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    wsUrl = `ws://127.0.0.1:${address.port}${WS_PATH}`;
  });
  afterAll(() => t.close());

  const login = async (username: string, password: string) => {
    const body = (await formPost(t, '/uc/login', { username, password })).json();
    return body;
  };
  const alive = async (headers: Record<string, string>) =>
    (await formPost(t, '/uc/check/login', {}, headers)).json().code === 0;
  const openSocket = async (token: string) => {
    const client = await TestClient.open(wsUrl);
    client.send({ op: 'auth', token });
    await client.expect('authenticated');
    return client;
  };

  it('changes the password with the codes verifyList asks for, then ends every session and its sockets', async () => {
    const email = 'changer@example.com';
    const first = await registerByEmail(t, email);
    const second = (await login(email, PASSWORD)).data;
    const headersB = { 'x-auth-token': second.token as string };
    const socketA = await openSocket(first.token);
    const socketB = await openSocket(second.token);

    const setting = (await get(t, '/uc/approve/security/setting', first.headers)).json();
    expect(setting.data.verifyList).toEqual(['email']);
    const en = { ...first.headers, lang: 'en_US' };
    const missing = (
      await formPost(t, '/uc/approve/update/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD }, en)
    ).json();
    expect(missing).toMatchObject({ code: 4115, message: 'Please enter the e-mail verification code' });

    expect((await formPost(t, '/uc/approve/send/email', { type: 'UPDATE_PASSWORD' }, first.headers)).json().code).toBe(
      0,
    );
    const code = await lastCode(t, email, 'UPDATE_PASSWORD');
    const wrongOld = (
      await formPost(
        t,
        '/uc/approve/update/password',
        { oldPassword: 'Nope12345', newPassword: NEW_PASSWORD, code },
        en,
      )
    ).json();
    expect(wrongOld).toMatchObject({ code: 4120, message: 'The current password is incorrect' });
    const weak = (
      await formPost(t, '/uc/approve/update/password', { oldPassword: PASSWORD, newPassword: 'short', code }, en)
    ).json();
    expect(weak.code).toBe(4119);
    expect(await alive(first.headers)).toBe(true);

    const changed = (
      await formPost(t, '/uc/approve/update/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, code }, en)
    ).json();
    expect(changed).toEqual({ code: 0, message: 'success', data: null });
    expect(await alive(first.headers)).toBe(false);
    expect(await alive(headersB)).toBe(false);
    expect((await socketA.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect((await socketB.closed).code).toBe(SESSION_ENDED_CLOSE);

    expect((await login(email, PASSWORD)).code).toBe(4101);
    const fresh = (await login(email, NEW_PASSWORD)).data;
    const state = (await get(t, '/uc/approve/security/setting', { 'x-auth-token': fresh.token })).json();
    // The 24-hour withdrawal restriction of the change-password agreement.
    expect(state.data.withdrawLockedUntil).toBe(Date.UTC(2026, 10, 22, 12) + 24 * 60 * 60 * 1000);
  });

  it('the code of a password change is single use and bound to its user', async () => {
    const a = await registerByEmail(t, 'owner-a@example.com');
    await formPost(t, '/uc/approve/send/email', { type: 'UPDATE_PASSWORD' }, a.headers);
    const code = await lastCode(t, 'owner-a@example.com', 'UPDATE_PASSWORD');
    const b = await registerByEmail(t, 'owner-b@example.com');
    const stolen = (
      await formPost(
        t,
        '/uc/approve/update/password',
        { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, code },
        b.headers,
      )
    ).json();
    expect(stolen.code).toBe(4110);
    expect(await alive(b.headers)).toBe(true);
  });

  it('resets a forgotten password: slider, code, check, new password; old sessions die', async () => {
    const email = 'forgetful@example.com';
    const user = await registerByEmail(t, email);
    const socket = await openSocket(user.token);
    const verifyToken = await solveSlider(t, 'RESET', email);
    expect((await formPost(t, '/uc/reset/email/code', { email, verifyToken })).json().code).toBe(0);
    const code = await lastCode(t, email, 'RESET');
    const checked = (await formPost(t, '/uc/reset/login/verify', { account: email, code })).json();
    expect(checked.code).toBe(0);
    const weak = (
      await formPost(t, '/uc/reset/login/password', { account: email, code: checked.data.verifyCode, password: 'weak' })
    ).json();
    expect(weak.code).toBe(4119);
    const reset = (
      await formPost(t, '/uc/reset/login/password', {
        account: email,
        code: checked.data.verifyCode,
        password: NEW_PASSWORD,
      })
    ).json();
    expect(reset.code).toBe(0);
    expect(await alive(user.headers)).toBe(false);
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect((await login(email, NEW_PASSWORD)).code).toBe(0);
    // The ticket is spent.
    const again = (
      await formPost(t, '/uc/reset/login/password', {
        account: email,
        code: checked.data.verifyCode,
        password: PASSWORD,
      })
    ).json();
    expect(again.code).not.toBe(0);
  });

  it('answers a reset for an unknown account exactly like one for a known account, and sends nothing', async () => {
    const steps = async (email: string) => {
      const verifyToken = await solveSlider(t, 'RESET', email);
      const sent = (await formPost(t, '/uc/reset/email/code', { email, verifyToken }, { lang: 'en_US' })).json();
      const verify = (await formPost(t, '/uc/reset/login/verify', { account: email, code: '000000' })).json();
      const reset = (
        await formPost(t, '/uc/reset/login/password', { account: email, code: '000000', password: NEW_PASSWORD })
      ).json();
      return { sent, verify, reset };
    };
    await registerByEmail(t, 'known-reset@example.com');
    const known = await steps('known-reset@example.com');
    const unknown = await steps('nobody-here@example.com');
    expect(unknown).toEqual(known);
    expect(known.sent).toEqual({ code: 0, message: 'success', data: null });
    await expect(lastCode(t, 'nobody-here@example.com')).rejects.toThrow();
    // And the five-try limit behaves the same, since the unknown address holds a never-sent code.
    for (let i = 0; i < 4; i++)
      await formPost(t, '/uc/reset/login/verify', { account: 'nobody-here@example.com', code: '000000' });
    for (let i = 0; i < 4; i++)
      await formPost(t, '/uc/reset/login/verify', { account: 'known-reset@example.com', code: '000000' });
    const a = (
      await formPost(t, '/uc/reset/login/verify', { account: 'nobody-here@example.com', code: '000000' })
    ).json();
    const b = (
      await formPost(t, '/uc/reset/login/verify', { account: 'known-reset@example.com', code: '000000' })
    ).json();
    expect(a).toEqual(b);
    expect(a.code).toBe(4112);
  });

  it('throttles guessing the old password like a login: growing waits, no password check while waiting', async () => {
    const user = await registerByEmail(t, 'guessed@example.com');
    const en = { ...user.headers, lang: 'en_US' };
    const guess = (oldPassword: string) =>
      t.server.inject({
        method: 'POST',
        url: '/uc/approve/update/password',
        payload: { oldPassword, newPassword: NEW_PASSWORD },
        headers: en,
      });
    const before = checks.count;
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await guess(`Wrong${i}abcdef`)).json().code);
    expect(checks.count - before).toBe(3);
    expect(answers.slice(0, 3)).toEqual([4120, 4120, 4120]);
    expect(new Set(answers.slice(3))).toEqual(new Set([4102]));
    const waiting = await guess('Wrong99abcdef');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe('Too many failed attempts, please try again in 1 seconds');
    t.advance(1000);
    expect((await guess('Wrong98abcdef')).json().code).toBe(4120);
    expect((await guess('Wrong97abcdef')).json().code).toBe(4102);
  });

  it('closes the sockets of a session on logout, and only those', async () => {
    const email = 'leaver@example.com';
    const user = await registerByEmail(t, email);
    const other = (await login(email, PASSWORD)).data;
    const mine = await openSocket(user.token);
    const theirs = await openSocket(other.token);
    expect((await formPost(t, '/uc/loginout', {}, user.headers)).json().code).toBe(0);
    expect((await mine.closed).code).toBe(SESSION_ENDED_CLOSE);
    theirs.send({ op: 'ping', t: 1 });
    await theirs.expect('pong');
    await theirs.close();
  });

  it('checks one password hash whether the account exists or not (no timing difference to enumerate accounts)', async () => {
    await registerByEmail(t, 'timing@example.com');
    const checksFor = async (username: string) => {
      const before = checks.count;
      const body = (await formPost(t, '/uc/login', { username, password: 'Wrong123abc' })).json();
      return { checks: checks.count - before, code: body.code, message: body.message };
    };
    const known = await checksFor('timing@example.com');
    const unknown = await checksFor('ghost-timing@example.com');
    expect(known.checks).toBe(1);
    expect(unknown).toEqual(known);
  });
});
