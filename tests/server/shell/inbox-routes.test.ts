import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxRepository } from '../../../server/shell/inbox-repository.ts';
import { messageTemplates } from '../../../server/shell/seed/messages.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { formPost, get, sessionFor, T0 } from '../requests.ts';

interface MessageItem {
  id: number;
  type: string;
  title: string;
  content: string;
  time: number;
  read: number;
}

describe('messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const newUser = async (name: string) => {
    const id = await createUser(t.db, name);
    return { id, headers: await sessionFor(t, id) };
  };
  const unread = async (headers: Record<string, string>) => (await get(t, '/uc/message/unreadCount', headers)).json();
  const page = async (query: string, headers: Record<string, string>) => {
    const body = (await get(t, `/uc/message/page?${query}`, headers)).json();
    expect(body.code).toBe(0);
    return body.data as { records: MessageItem[]; total: number; pageNo: number; pageSize: number };
  };

  it('greets a new user with the welcome messages, in the reader’s language', async () => {
    const { headers } = await newUser('alice');
    expect(await unread(headers)).toEqual({ code: 0, message: 'success', data: 3 });
    const en = await page('', { ...headers, lang: 'en_US' });
    expect(en.total).toBe(3);
    expect(en.records.map((m) => m.type)).toEqual(['welcome', 'securityReminder', 'antiFraud']);
    expect(en.records[0]).toMatchObject({ title: 'Welcome to Tickstream', read: 0, time: T0 });
    expect(en.records[0]?.content).toMatch(/^alice, your account is ready\./);
    const ja = await page('', { ...headers, lang: 'ja' });
    expect(ja.records[0]?.title).toBe(messageTemplates.welcome?.title.ja);
    expect(ja.records[0]?.content.startsWith('alice様')).toBe(true);
    // Reading does not greet twice.
    expect((await unread(headers)).data).toBe(3);
  });

  it('pages as the header asks (limit 3, page 1) and with pageNo/pageSize', async () => {
    const { id, headers } = await newUser('bob');
    const inbox = inboxRepository(t.db);
    await unread(headers);
    for (let i = 0; i < 4; i++) await inbox.send(id, 'antiFraud', {}, T0 + 1000 + i);
    const header = await page('limit=3&page=1', headers);
    expect(header).toMatchObject({ total: 7, pageNo: 1, pageSize: 3 });
    expect(header.records).toHaveLength(3);
    const all = (await page('pageSize=7', headers)).records.map((m) => m.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const paged = [
      ...(await page('pageNo=1&pageSize=3', headers)).records,
      ...(await page('pageNo=2&pageSize=3', headers)).records,
      ...(await page('pageNo=3&pageSize=3', headers)).records,
    ].map((m) => m.id);
    expect(paged).toEqual(all);
    expect((await page('', headers)).pageSize).toBe(20);
    // A post with no body at all reads as an empty form (first page).
    const bare = (await t.server.inject({ method: 'POST', url: '/uc/message/page', headers })).json();
    expect(bare.data.records.map((m: MessageItem) => m.id)).toEqual(all);
    const posted = (await formPost(t, '/uc/message/page', { page: 2, limit: 3 }, headers)).json();
    expect(posted.data.records.map((m: MessageItem) => m.id)).toEqual(all.slice(3, 6));
  });

  it('marks all read, idempotently', async () => {
    const { headers } = await newUser('carol');
    expect((await unread(headers)).data).toBe(3);
    const first = (await formPost(t, '/uc/message/markAllRead', {}, headers)).json();
    expect(first).toEqual({ code: 0, message: 'success', data: { marked: 3, unread: 0 } });
    const again = (await t.server.inject({ method: 'POST', url: '/uc/message/markAllRead', headers })).json();
    expect(again).toEqual({ code: 0, message: 'success', data: { marked: 0, unread: 0 } });
    expect((await unread(headers)).data).toBe(0);
    expect((await page('', headers)).records.every((m) => m.read === 1)).toBe(true);
    expect((await page('unread=1', headers)).total).toBe(0);
  });

  it('marks one message read, and only one of the user’s own', async () => {
    const a = await newUser('dave');
    const b = await newUser('erin');
    const mine = (await page('', a.headers)).records[1] as MessageItem;
    const theirs = (await page('', b.headers)).records[0] as MessageItem;
    const read = (await formPost(t, '/uc/message/read', { id: mine.id }, a.headers)).json();
    expect(read).toEqual({ code: 0, message: 'success', data: { id: mine.id, read: 1, unread: 2 } });
    const foreign = await formPost(t, '/uc/message/read', { id: theirs.id }, { ...a.headers, lang: 'en_US' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 404, message: 'The message does not exist', data: null });
    expect((await unread(b.headers)).data).toBe(3);
    const bad = await formPost(t, '/uc/message/read', { id: 'x' }, { ...a.headers, lang: 'zh_TW' });
    expect(bad.json()).toEqual({ code: 400, message: '參數錯誤：id', data: null });
    expect((await unread(a.headers)).data).toBe(2);
  });

  it('rejects bad paging with a clear message', async () => {
    const { headers } = await newUser('frank');
    const res = await get(t, '/uc/message/page?limit=500', { ...headers, lang: 'en_US' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Invalid parameter: limit', data: null });
  });

  it('needs a session for every message route (code 4000), whatever the input', async () => {
    const calls = [
      () => get(t, '/uc/message/unreadCount'),
      () => get(t, '/uc/message/page?limit=3&page=1'),
      () => get(t, '/uc/message/page?limit=9999'),
      () => formPost(t, '/uc/message/page', {}),
      () => formPost(t, '/uc/message/markAllRead', {}),
      () => formPost(t, '/uc/message/read', { id: 1 }),
      () => formPost(t, '/uc/message/markAllRead', {}, { 'x-auth-token': 'forged' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 4000, message: '请先登录', data: null });
    }
  });
});

describe('messages across a restart', () => {
  it('keeps messages and their read state, and never greets twice', async () => {
    const first = await buildTestApp();
    const dataDir = first.dataDir;
    const userId = await createUser(first.db, 'grace');
    const headers = await sessionFor(first, userId);
    const before = (await get(first, '/uc/message/page', headers)).json().data.records as MessageItem[];
    await formPost(first, '/uc/message/read', { id: before[0]?.id ?? 0 }, headers);
    await first.server.close();
    await first.db.destroy();

    const second = await buildTestApp({}, { dataDir });
    try {
      expect((await get(second, '/uc/message/unreadCount', headers)).json().data).toBe(2);
      const after = (await get(second, '/uc/message/page', headers)).json().data;
      expect(after.total).toBe(3);
      expect(after.records.map((m: MessageItem) => [m.id, m.read])).toEqual(
        before.map((m, i) => [m.id, i === 0 ? 1 : 0]),
      );
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
