import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, lastCode, registerByEmail } from './helpers.ts';

/** The send-code payload of spec shell §3: mode, type, value, country, areaCode, code (issue 19 item 17). */
describe('send-code payload', () => {
  let t: TestApp;
  // Building the app migrates a fresh database: slow on a busy machine.
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('sends to a new phone with its mode, country and area code', async () => {
    const { headers } = await registerByEmail(t, 'payload@example.com');
    const payload = { mode: '1', type: 'BIND', value: '912000555', country: 'VN', areaCode: '84' };
    expect((await formPost(t, '/uc/approve/send/phone', payload, headers)).json().code).toBe(0);
    expect(await lastCode(t, '+84 912000555', 'BIND')).toMatch(/^\d{6}$/);
  });

  it('refuses a mode of the other channel, an area code of another country and a bad slider token; sends nothing', async () => {
    const { headers } = await registerByEmail(t, 'payload2@example.com');
    const base = { type: 'BIND', value: '912000666', country: 'VN' };
    const send = (fields: Record<string, string>) => formPost(t, '/uc/approve/send/phone', fields, headers);
    const wrongMode = (await send({ ...base, mode: '0' })).json();
    expect(wrongMode.code).toBe(400);
    expect(wrongMode.message).toMatch(/mode/);
    const wrongArea = (await send({ ...base, areaCode: '86' })).json();
    expect(wrongArea.code).toBe(400);
    expect(wrongArea.message).toMatch(/areaCode/);
    expect((await send({ ...base, areaCode: '8a' })).json().code).not.toBe(0);
    expect((await send({ ...base, code: 'not-a-token' })).json().code).toBe(4117);
    // Nothing was sent: the first right send is not held back by a resend wait.
    expect((await send({ ...base, mode: '1', areaCode: '84' })).json().code).toBe(0);
  });

  it('the e-mail route takes mode 0', async () => {
    const { headers } = await registerByEmail(t, 'payload3@example.com');
    const r = await formPost(t, '/uc/approve/send/email', { mode: '0', type: 'UPDATE_PASSWORD' }, headers);
    expect(r.json().code).toBe(0);
  });
});
