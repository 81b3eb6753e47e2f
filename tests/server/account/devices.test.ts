import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE, WS_PATH } from '../../../common/protocol.ts';
import { TestClient } from '../gateway/harness.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get, PASSWORD, registerByEmail } from './helpers.ts';

const REVOKE = '/uc/approve/security/devices/revoke';

describe('signing out one login device', () => {
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

  const loginAs = async (username: string, agent: string) => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username, password: PASSWORD },
      headers: { 'user-agent': agent },
    });
    const body = res.json();
    expect(body.code).toBe(0);
    return { 'x-auth-token': body.data.token as string };
  };
  const alive = async (headers: Record<string, string>) =>
    (await formPost(t, '/uc/check/login', {}, headers)).json().code === 0;
  type Device = { id: number; device: string; current: boolean };
  const devices = async (headers: Record<string, string>): Promise<Device[]> =>
    (await get(t, '/uc/approve/security/devices', headers)).json().data;

  it('ends that session and its sockets only; the current one and the others stay', async () => {
    const email = 'revoker@example.com';
    const me = await registerByEmail(t, email);
    const phone = await loginAs(email, 'Phone/2.0');
    const tablet = await loginAs(email, 'Tablet/3.0');
    const socket = await TestClient.open(wsUrl);
    socket.send({ op: 'auth', token: phone['x-auth-token'] });
    await socket.expect('authenticated');

    const list = await devices(me.headers);
    expect(list).toHaveLength(3);
    const target = list.find((d) => d.device === 'Phone/2.0');
    if (!target) throw new Error('no phone session');
    expect((await formPost(t, REVOKE, { id: String(target.id) }, me.headers)).json().code).toBe(0);

    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect(await alive(phone)).toBe(false);
    expect(await alive(me.headers)).toBe(true);
    expect(await alive(tablet)).toBe(true);
    const after = await devices(me.headers);
    expect(after.map((d) => d.device)).not.toContain('Phone/2.0');
    expect(after).toHaveLength(2);
    // Spent: the same id again is refused, and nothing else changes.
    const again = await formPost(t, REVOKE, { id: String(target.id) }, me.headers);
    expect(again.statusCode).toBe(400);
    expect(await devices(me.headers)).toHaveLength(2);
  });

  it("refuses another user's session exactly like an unknown id, and leaves it alive", async () => {
    const alice = await registerByEmail(t, 'alice-dev@example.com');
    const bob = await registerByEmail(t, 'bob-dev@example.com');
    const bobSession = (await devices(bob.headers))[0];
    if (!bobSession) throw new Error('no session');
    const foreign = await formPost(t, REVOKE, { id: String(bobSession.id) }, alice.headers);
    const unknown = await formPost(t, REVOKE, { id: '999999999' }, alice.headers);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    expect(await alive(bob.headers)).toBe(true);
  });

  it('needs a session, and refuses a malformed id with no change', async () => {
    const anonymous = await formPost(t, REVOKE, { id: '1' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(4000);
    const user = await registerByEmail(t, 'malformed-dev@example.com');
    for (const id of [undefined, '', '0', '-1', '1.5', 'abc', '1e400', 'x'.repeat(300)]) {
      const res = await formPost(t, REVOKE, id === undefined ? {} : { id }, user.headers);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().code, String(id)).not.toBe(0);
    }
    expect(await alive(user.headers)).toBe(true);
    expect(await devices(user.headers)).toHaveLength(1);
  });
});
