import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorFrame, SESSION_ENDED_CLOSE, WS_PATH } from '../../../common/protocol.ts';
import { SocketSessions } from '../../../server/auth/socket-sessions.ts';
import { formPost, PASSWORD, registerByEmail } from '../account/helpers.ts';
import { TestClient } from '../gateway/harness.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** A socket's private channel follows the session table: a dead session's sockets close, whatever they sent. */
describe('market-data sockets and sessions', () => {
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

  const openAuthed = async (token: string) => {
    const client = await TestClient.open(wsUrl);
    client.send({ op: 'auth', token });
    await client.expect('authenticated');
    client.send({ op: 'sub', ch: ['user'] });
    await client.expect('subscribed');
    return client;
  };

  it('closes a socket whose session ends even after a failed auth on it', async () => {
    const user = await registerByEmail(t, 'failed-auth@example.com');
    const socket = await openAuthed(user.token);
    socket.send({ op: 'auth', token: 'anything-invalid' });
    await socket.expect('error');
    expect((await formPost(t, '/uc/loginout', {}, user.headers)).json().code).toBe(0);
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE);
  });

  it('never files a socket under a token that did not authenticate', async () => {
    const victim = await registerByEmail(t, 'victim@example.com');
    const other = (await formPost(t, '/uc/login', { username: 'victim@example.com', password: PASSWORD })).json().data;
    // A stranger's socket names the victim's token after the victim's session is gone: it is refused, and ending an
    // unrelated session must not be able to reach it either way.
    expect((await formPost(t, '/uc/loginout', {}, victim.headers)).json().code).toBe(0);
    const stranger = await TestClient.open(wsUrl);
    stranger.send({ op: 'auth', token: victim.token });
    await stranger.expect('error');
    stranger.send({ op: 'sub', ch: ['user'] });
    const refused = await stranger.expect<ErrorFrame>('error');
    expect(refused.code).toBe('auth_required');
    // The live session still has its own socket, and only that one closes when it ends.
    const mine = await openAuthed(other.token as string);
    expect((await formPost(t, '/uc/loginout', {}, { 'x-auth-token': other.token })).json().code).toBe(0);
    expect((await mine.closed).code).toBe(SESSION_ENDED_CLOSE);
    stranger.send({ op: 'ping', t: 1 });
    await stranger.expect('pong');
    await stranger.close();
  });

  it('closes the socket when its session expires', async () => {
    const user = await registerByEmail(t, 'expiring@example.com');
    const socket = await openAuthed(user.token);
    // Sessions live 30 days; the gateway re-checks the sessions it serves.
    t.advance(31 * 24 * 60 * 60 * 1000);
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE);
  });
});

describe('SocketSessions', () => {
  it('refuses to bind a session that ended while its lookup ran, and forgets it after a minute', () => {
    let now = 0;
    const sessions = new SocketSessions(() => now);
    const ended: string[] = [];
    const socket = (name: string) => ({ endSession: () => ended.push(name) });
    const a = socket('a');
    expect(sessions.bind('s1', a)).toBe(true);
    expect(sessions.close(['s1', 's2'])).toBe(1);
    expect(ended).toEqual(['a']);
    expect(sessions.bind('s2', socket('late'))).toBe(false);
    now += 61_000;
    sessions.close([]);
    expect(sessions.bind('s2', socket('later'))).toBe(true);
  });

  it('closes only what is still bound', () => {
    const sessions = new SocketSessions();
    const ended: string[] = [];
    const a = { endSession: () => ended.push('a') };
    const b = { endSession: () => ended.push('b') };
    sessions.bind('s', a);
    sessions.bind('s', b);
    sessions.unbind('s', a);
    expect(sessions.close(['s'])).toBe(1);
    expect(ended).toEqual(['b']);
  });
});
