import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, lastCode, PASSWORD, registerByEmail } from './helpers.ts';

describe('changing the e-mail an account was registered with', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('renames the account: the new address logs in, the old one neither logs in nor stays taken', async () => {
    const user = await registerByEmail(t, 'first@example.com');
    const h = user.headers;
    const send = (fields: Record<string, string>) => formPost(t, '/uc/approve/send/email', fields, h);
    expect((await send({ type: 'CHANGE' })).json().code).toBe(0);
    const oldCode = await lastCode(t, 'first@example.com', 'CHANGE');
    expect((await send({ type: 'CHANGE', value: 'second@example.com' })).json().code).toBe(0);
    const code = await lastCode(t, 'second@example.com', 'CHANGE');
    const changed = await formPost(t, '/uc/approve/change/email', { email: 'second@example.com', code, oldCode }, h);
    expect(changed.json().code).toBe(0);

    const login = (username: string) => formPost(t, '/uc/login', { username, password: PASSWORD });
    expect((await login('second@example.com')).json().code).toBe(0);
    expect((await login('first@example.com')).json().code).not.toBe(0);
    // The old address is free again: someone else can register with it.
    const other = await registerByEmail(t, 'first@example.com');
    expect(other.headers['x-auth-token']).toBeTruthy();
  });
});
