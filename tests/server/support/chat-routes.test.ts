import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_RATE_MAX, CHAT_RATE_WINDOW_MS, MAX_MESSAGE_CHARS } from '../../../server/support/rules.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { formPost, sessionFor } from '../requests.ts';
import { getJson, postJson } from './helpers.ts';

interface Opened {
  conversationId: number;
  openId: string;
  uid: string | null;
  status: number;
  messages: { id: number; sender: string; content: string; time: number }[];
}

describe('support chat (/chat: spec shell §7 chat widget with uid and a stored open id)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const open = async (body: object = {}, headers: Record<string, string> = {}) => {
    const r = await postJson(t, '/uc/support/chat/open', body, headers);
    expect(r.statusCode).toBe(200);
    return r.json().data as Opened;
  };
  const send = (openId: string, content: string, headers: Record<string, string> = {}) =>
    postJson(t, '/uc/support/chat/send', { openId, content }, headers);
  const messages = (openId: string, since = 0, headers: Record<string, string> = {}) =>
    getJson(t, `/uc/support/chat/messages?openId=${openId}&since=${since}`, headers);

  it('issues a visitor an unguessable open id and keeps the history under it', async () => {
    const a = await open();
    const b = await open();
    expect(a.openId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.openId).not.toBe(b.openId);
    expect(a.uid).toBeNull();
    expect(a.messages).toEqual([]);
    const sent = await send(a.openId, '  Hello <b>there</b>  ');
    expect(sent.json()).toMatchObject({ code: 0, data: { sender: 'visitor', content: 'Hello <b>there</b>' } });
    // Reopening with the stored id is the same conversation (history on reload).
    const again = await open({ openId: a.openId });
    expect(again.conversationId).toBe(a.conversationId);
    expect(again.messages.map((m) => m.content)).toEqual(['Hello <b>there</b>']);
    // An unknown open id gets a fresh conversation, not someone else's.
    const stranger = await open({ openId: 'x'.repeat(22) });
    expect(stranger.openId).not.toBe('x'.repeat(22));
    expect(stranger.messages).toEqual([]);
  });

  it('accepts form posts like the rest of the request layer', async () => {
    const { openId } = await open();
    const r = await formPost(t, '/uc/support/chat/send', { openId, content: 'form post' });
    expect(r.json()).toMatchObject({ code: 0, data: { content: 'form post' } });
  });

  it('ties a signed-in user to one conversation by uid, and keeps what they wrote as a visitor', async () => {
    const userId = await createUser(t.db, 'chatter');
    const headers = await sessionFor(t, userId);
    const visitor = await open();
    await send(visitor.openId, 'before login');
    const mine = await open({ openId: visitor.openId }, headers);
    expect(mine.conversationId).toBe(visitor.conversationId);
    expect(mine.uid).toMatch(/^\d{8}$/);
    expect(mine.messages.map((m) => m.content)).toEqual(['before login']);
    // Another browser of the same user, with no open id, reaches the same conversation.
    expect((await open({}, headers)).conversationId).toBe(mine.conversationId);
    // Without the session the open id alone no longer reaches a user's conversation.
    expect((await messages(mine.openId)).json()).toMatchObject({ code: 404 });
    expect((await send(mine.openId, 'sneaky')).json().code).toBe(404);
    expect((await open({ openId: mine.openId })).conversationId).not.toBe(mine.conversationId);
    // Another user cannot claim it either.
    const other = await sessionFor(t, await createUser(t.db, 'other-chatter'));
    expect((await open({ openId: mine.openId }, other)).conversationId).not.toBe(mine.conversationId);
    expect((await messages(mine.openId, 0, other)).statusCode).toBe(404);
    expect((await messages(mine.openId, 0, headers)).json().data.messages).toHaveLength(1);
  });

  it('refuses empty and over-long messages with a clear error and stores nothing', async () => {
    const { openId } = await open();
    const empty = await send(openId, '   \n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 400, message: 'The message cannot be empty', data: null });
    const long = await send(openId, 'x'.repeat(MAX_MESSAGE_CHARS + 1));
    expect(long.json()).toEqual({
      code: 400,
      message: `The message is too long, at most ${MAX_MESSAGE_CHARS} characters`,
      data: null,
    });
    // Exactly the limit passes; an emoji counts as one character.
    expect((await send(openId, '😀'.repeat(MAX_MESSAGE_CHARS))).json().code).toBe(0);
    expect((await messages(openId)).json().data.messages).toHaveLength(1);
  });

  it('answers malformed input with a translated parameter error and changes nothing', async () => {
    const { openId } = await open();
    const bad = await postJson(t, '/uc/support/chat/send', { openId: 'short', content: 'hi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid parameter: openId/);
    const zh = await t.server.inject({
      method: 'POST',
      url: '/uc/support/chat/send',
      payload: { openId },
      headers: { lang: 'zh_CN' },
    });
    expect(zh.json()).toMatchObject({ code: 400, message: '参数错误：content' });
    expect((await getJson(t, `/uc/support/chat/messages?openId=${openId}&since=-1`)).statusCode).toBe(400);
    expect((await getJson(t, `/uc/support/chat/messages?openId=${openId}&wait=999`)).statusCode).toBe(400);
    expect((await messages(openId)).json().data.messages).toEqual([]);
  });

  it('limits visitor messages per conversation, and lets them write again after the window', async () => {
    const { openId } = await open();
    for (let i = 0; i < CHAT_RATE_MAX; i++) expect((await send(openId, `m${i}`)).json().code).toBe(0);
    const refused = await send(openId, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, message: 'You are sending too fast, please wait a moment' });
    // Another conversation is not affected.
    const other = await open();
    expect((await send(other.openId, 'hi')).json().code).toBe(0);
    t.advance(CHAT_RATE_WINDOW_MS + 1);
    expect((await send(openId, 'later')).json().code).toBe(0);
    expect((await messages(openId)).json().data.messages).toHaveLength(CHAT_RATE_MAX + 1);
  });

  it('returns only messages after `since`, and a long poll wakes on the agent’s reply', async () => {
    const { openId, conversationId } = await open();
    const first = (await send(openId, 'question')).json().data;
    expect((await messages(openId, first.id)).json().data.messages).toEqual([]);
    const polling = getJson(t, `/uc/support/chat/messages?openId=${openId}&since=${first.id}&wait=10`);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const reply = await postJson(t, `/dev/support/chats/${conversationId}/reply`, { content: 'answer' });
    expect(reply.json()).toMatchObject({ code: 0, data: { sender: 'agent', content: 'answer' } });
    const woke = (await polling).json().data.messages;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(woke).toMatchObject([{ sender: 'agent', content: 'answer' }]);
  });

  it('a long poll with nothing new answers an empty list after its wait', async () => {
    const { openId } = await open();
    const started = Date.now();
    const r = await getJson(t, `/uc/support/chat/messages?openId=${openId}&since=0&wait=1`);
    expect(r.json().data.messages).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  describe('agent side (dev only)', () => {
    it('lists open conversations that have messages, newest first, with the last message', async () => {
      const silent = await open();
      const a = await open();
      await send(a.openId, 'from a');
      t.advance(1000);
      const b = await open();
      await send(b.openId, 'from b');
      const list = (await getJson(t, '/dev/support/chats')).json().data as {
        id: number;
        lastContent: string;
        lastSender: string;
      }[];
      const ids = list.map((c) => c.id);
      expect(ids.indexOf(b.conversationId)).toBeLessThan(ids.indexOf(a.conversationId));
      expect(ids).not.toContain(silent.conversationId);
      expect(list.find((c) => c.id === a.conversationId)).toMatchObject({
        lastContent: 'from a',
        lastSender: 'visitor',
      });
      // Closing hides it until the visitor writes again.
      await postJson(t, `/dev/support/chats/${a.conversationId}/close`, {});
      expect((await getJson(t, '/dev/support/chats')).json().data.map((c: { id: number }) => c.id)).not.toContain(
        a.conversationId,
      );
      await send(a.openId, 'still there?');
      expect((await getJson(t, '/dev/support/chats')).json().data.map((c: { id: number }) => c.id)).toContain(
        a.conversationId,
      );
      const thread = (await getJson(t, `/dev/support/chats/${a.conversationId}/messages`)).json().data;
      expect(thread.messages.map((m: { content: string }) => m.content)).toEqual(['from a', 'still there?']);
    });

    it('refuses an empty agent reply and an unknown conversation', async () => {
      const { conversationId } = await open();
      expect((await postJson(t, `/dev/support/chats/${conversationId}/reply`, { content: ' ' })).statusCode).toBe(400);
      expect((await postJson(t, '/dev/support/chats/999999/reply', { content: 'x' })).statusCode).toBe(404);
    });
  });
});

describe('support chat in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ production: true });
  });
  afterAll(() => t.close());

  it('serves visitors but has no agent routes', async () => {
    const opened = (await postJson(t, '/uc/support/chat/open', {})).json().data as Opened;
    expect((await postJson(t, '/uc/support/chat/send', { openId: opened.openId, content: 'hi' })).json().code).toBe(0);
    for (const [method, url] of [
      ['GET', '/dev/support/chats'],
      ['GET', `/dev/support/chats/${opened.conversationId}/messages`],
      ['POST', `/dev/support/chats/${opened.conversationId}/reply`],
      ['GET', '/dev/support/feedback'],
      ['POST', '/dev/support/feedback/1/reply'],
    ] as const) {
      const r = await t.server.inject(method === 'POST' ? { method, url, payload: { content: 'x' } } : { method, url });
      expect(r.statusCode, url).toBe(404);
    }
    expect((await getJson(t, `/uc/support/chat/messages?openId=${opened.openId}`)).json().data.messages).toHaveLength(
      1,
    );
  });
});
