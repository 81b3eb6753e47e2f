import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_PAGE_SIZE,
  MAX_FEEDBACK_IMAGES_PER_DAY,
  MAX_MESSAGE_CHARS,
  MAX_OPEN_TICKETS,
  MAX_TITLE_CHARS,
  TICKET_STATUS,
} from '../../../server/support/rules.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { formPost, sessionFor } from '../requests.ts';
import { getJson, PNG_1x1, postJson } from './helpers.ts';

interface Ticket {
  id: number;
  category: string;
  title: string;
  status: number;
  createTime: number;
  updateTime: number;
  closeTime: number | null;
  posts?: { id: number; sender: string; content: string; imageId: string | null; time: number }[];
}

describe('feedback tickets (spec shell §7 "Feedback: add, reply, get, close, getlist"; /feedback is L)', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    alice = await sessionFor(t, await createUser(t.db, 'alice'));
    bob = await sessionFor(t, await createUser(t.db, 'bob'));
  });
  afterAll(() => t.close());

  const add = (headers: Record<string, string>, fields: Record<string, string> = {}) =>
    postJson(
      t,
      '/uc/feedback/add',
      { category: 'deposit', title: 'Missing deposit', content: 'Sent 1 BTC', ...fields },
      headers,
    );
  const get = async (headers: Record<string, string>, id: number) => getJson(t, `/uc/feedback/get?id=${id}`, headers);
  const list = async (headers: Record<string, string>, query = '') =>
    (await getJson(t, `/uc/feedback/getlist?${query}`, headers)).json().data as {
      records: Ticket[];
      total: number;
      pageNo: number;
      pageSize: number;
    };
  const upload = (headers: Record<string, string>, bytes: Buffer, type = 'image/png') =>
    t.server.inject({
      method: 'POST',
      url: '/uc/feedback/upload',
      payload: bytes,
      headers: { ...headers, 'content-type': type, lang: 'en_US' },
    });

  it('needs a session for every route (code 4000), whatever the input', async () => {
    for (const [method, url] of [
      ['POST', '/uc/feedback/add'],
      ['POST', '/uc/feedback/reply'],
      ['GET', '/uc/feedback/get?id=1'],
      ['POST', '/uc/feedback/close'],
      ['GET', '/uc/feedback/getlist'],
      ['POST', '/uc/feedback/upload'],
      ['GET', '/uc/feedback/image/abc'],
    ] as const) {
      const r = await t.server.inject({ method, url, headers: { lang: 'en_US' } });
      expect(r.statusCode, url).toBe(401);
      expect(r.json(), url).toMatchObject({ code: 4000, message: 'Please log in first' });
    }
  });

  it('adds a ticket with its first post, shows it in the list and in detail', async () => {
    const r = await add(alice, { title: '  Where is my <deposit>?  ', content: 'Line one\r\nLine two' });
    expect(r.json()).toMatchObject({
      code: 0,
      data: { category: 'deposit', title: 'Where is my <deposit>?', status: TICKET_STATUS.waiting, closeTime: null },
    });
    const id = r.json().data.id as number;
    expect((await list(alice)).records[0]).toMatchObject({ id, title: 'Where is my <deposit>?' });
    const detail = (await get(alice, id)).json().data as Ticket;
    expect(detail.posts).toMatchObject([{ sender: 'user', content: 'Line one\nLine two', imageId: null }]);
    // The form-encoded post of the request layer works the same; POST get too.
    const viaForm = await formPost(t, '/uc/feedback/add', { category: 'other', title: 'T', content: 'C' }, alice);
    expect(viaForm.json().code).toBe(0);
    expect((await postJson(t, '/uc/feedback/get', { id }, alice)).json().data.id).toBe(id);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await list(alice)).total;
    const cases: [Record<string, string>, number, string][] = [
      [{ category: 'lottery' }, 400, 'Unknown feedback category'],
      [{ title: '   ' }, 400, 'The title cannot be empty'],
      [{ title: 'x'.repeat(MAX_TITLE_CHARS + 1) }, 400, `The title is too long, at most ${MAX_TITLE_CHARS} characters`],
      [{ content: '' }, 400, 'The message cannot be empty'],
      [
        { content: 'x'.repeat(MAX_MESSAGE_CHARS + 1) },
        400,
        `The message is too long, at most ${MAX_MESSAGE_CHARS} characters`,
      ],
      [{ imageId: 'nope' }, 400, 'The image does not exist or is already used, please upload it again'],
      [{ imageId: '../../etc/passwd' }, 400, 'Invalid parameter: imageId'],
    ];
    for (const [fields, status, message] of cases) {
      const r = await add(alice, fields);
      expect(r.statusCode, message).toBe(status);
      expect(r.json().message).toBe(message);
    }
    const missing = await postJson(t, '/uc/feedback/add', { category: 'other', title: 'x' }, alice);
    expect(missing.json()).toMatchObject({ code: 400, message: 'Invalid parameter: content' });
    expect((await postJson(t, '/uc/feedback/reply', { id: 'abc', content: 'x' }, alice)).statusCode).toBe(400);
    expect((await list(alice)).total).toBe(before);
  });

  it('answers in the reader’s language', async () => {
    const r = await add({ ...alice, lang: 'ja' }, { category: 'bogus' });
    expect(r.json().message).toBe('お問い合わせの種類が正しくありません');
  });

  it('keeps tickets private: another user’s ticket is "not found" for every action and nothing changes', async () => {
    const id = (await add(alice)).json().data.id as number;
    const notFound = { code: 404, message: 'The ticket does not exist', data: null };
    expect((await get(bob, id)).json()).toEqual(notFound);
    expect((await postJson(t, '/uc/feedback/reply', { id, content: 'hijack' }, bob)).json()).toEqual(notFound);
    expect((await postJson(t, '/uc/feedback/close', { id }, bob)).json()).toEqual(notFound);
    expect((await list(bob)).records.map((x) => x.id)).not.toContain(id);
    expect((await get(alice, 999_999)).json()).toEqual(notFound);
    const detail = (await get(alice, id)).json().data as Ticket;
    expect(detail.status).toBe(TICKET_STATUS.waiting);
    expect(detail.posts).toHaveLength(1);
  });

  it('threads replies: the agent’s answer marks it answered, the user’s marks it waiting', async () => {
    const id = (await add(alice)).json().data.id as number;
    t.advance(1000);
    const agent = await postJson(t, `/dev/support/feedback/${id}/reply`, { content: 'We are checking' });
    expect(agent.json()).toMatchObject({ code: 0, data: { sender: 'agent', content: 'We are checking' } });
    expect((await get(alice, id)).json().data.status).toBe(TICKET_STATUS.answered);
    t.advance(1000);
    const mine = await postJson(t, '/uc/feedback/reply', { id, content: 'Thanks' }, alice);
    expect(mine.json()).toMatchObject({ code: 0, data: { sender: 'user', content: 'Thanks' } });
    const detail = (await get(alice, id)).json().data as Ticket;
    expect(detail.status).toBe(TICKET_STATUS.waiting);
    expect(detail.posts?.map((p) => [p.sender, p.content])).toEqual([
      ['user', 'Sent 1 BTC'],
      ['agent', 'We are checking'],
      ['user', 'Thanks'],
    ]);
    expect(detail.updateTime).toBeGreaterThan(detail.createTime);
  });

  it('closes a ticket; a closed ticket refuses replies (user and agent) and a second close, changing nothing', async () => {
    const id = (await add(alice)).json().data.id as number;
    const closed = await postJson(t, '/uc/feedback/close', { id }, alice);
    expect(closed.json()).toMatchObject({ code: 0, data: { id, status: TICKET_STATUS.closed } });
    expect(closed.json().data.closeTime).toBeGreaterThan(0);
    const refusal = { code: 4501, message: 'This ticket is closed and can no longer be replied to', data: null };
    expect((await postJson(t, '/uc/feedback/reply', { id, content: 'one more' }, alice)).json()).toEqual(refusal);
    expect((await postJson(t, `/dev/support/feedback/${id}/reply`, { content: 'late' })).json()).toEqual(refusal);
    expect((await postJson(t, '/uc/feedback/close', { id }, alice)).json()).toEqual(refusal);
    const detail = (await get(alice, id)).json().data as Ticket;
    expect(detail.posts).toHaveLength(1);
    expect(detail.status).toBe(TICKET_STATUS.closed);
    // The agent's list holds open tickets only.
    const open = (await getJson(t, '/dev/support/feedback?pageSize=100')).json().data.records as Ticket[];
    expect(open.map((x) => x.id)).not.toContain(id);
  });

  it('pages the list newest first, 10 by default', async () => {
    const carol = await sessionFor(t, await createUser(t.db, 'carol'));
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await add(carol, { title: `T${i}` });
      ids.push(r.json().data.id);
      // Close as we go so the open-ticket cap does not stop the list from growing.
      if (i < 11) await postJson(t, '/uc/feedback/close', { id: r.json().data.id }, carol);
    }
    const first = await list(carol);
    expect(first).toMatchObject({ total: 12, pageNo: 1, pageSize: FEEDBACK_PAGE_SIZE });
    expect(first.records.map((x) => x.id)).toEqual(ids.slice().reverse().slice(0, 10));
    const second = await list(carol, 'pageNo=2');
    expect(second.records.map((x) => x.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await list(carol, 'pageNo=1&pageSize=20')).records).toHaveLength(12);
    expect((await getJson(t, '/uc/feedback/getlist?pageSize=0', carol)).statusCode).toBe(400);
  });

  it(`caps open tickets at ${MAX_OPEN_TICKETS}; closing one makes room`, async () => {
    const dave = await sessionFor(t, await createUser(t.db, 'dave'));
    const ids: number[] = [];
    for (let i = 0; i < MAX_OPEN_TICKETS; i++) ids.push((await add(dave)).json().data.id);
    const refused = await add(dave);
    expect(refused.json()).toMatchObject({ code: 4502 });
    expect(refused.json().message).toContain(String(MAX_OPEN_TICKETS));
    expect((await list(dave)).total).toBe(MAX_OPEN_TICKETS);
    await postJson(t, '/uc/feedback/close', { id: ids[0] }, dave);
    expect((await add(dave)).json().code).toBe(0);
  });

  describe('images', () => {
    it('stores an image under DATA_DIR, attaches it once, and shows it to its owner only', async () => {
      const up = await upload(alice, PNG_1x1);
      expect(up.json()).toMatchObject({ code: 0, data: { mime: 'image/png', size: PNG_1x1.length } });
      const imageId = up.json().data.id as string;
      const r = await add(alice, { imageId });
      expect(r.json().code).toBe(0);
      const detail = (await get(alice, r.json().data.id)).json().data as Ticket;
      expect(detail.posts?.[0]?.imageId).toBe(imageId);
      const image = await getJson(t, `/uc/feedback/image/${imageId}`, alice);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG_1x1)).toBe(true);
      expect((await getJson(t, `/uc/feedback/image/${imageId}`, bob)).statusCode).toBe(404);
      expect((await getJson(t, `/dev/support/feedback/image/${imageId}`)).statusCode).toBe(200);
      // Used once: a second ticket cannot take it, and that ticket is not stored.
      const before = (await list(alice)).total;
      expect((await add(alice, { imageId })).json().code).toBe(4503);
      expect((await list(alice)).total).toBe(before);
      // Bob cannot attach Alice's unused image either.
      const spare = (await upload(alice, PNG_1x1)).json().data.id as string;
      expect((await add(bob, { imageId: spare })).json().code).toBe(4503);
      const files = readdirSync(join(t.dataDir, 'feedback'));
      expect(files.length).toBeGreaterThan(0);
    });

    it('accepts a multipart upload', async () => {
      const boundary = 'XyZ123';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG_1x1,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await upload(alice, body, `multipart/form-data; boundary=${boundary}`);
      expect(r.json()).toMatchObject({ code: 0, data: { mime: 'image/png' } });
    });

    it('refuses what is not an image, whatever its declared type, and writes no file', async () => {
      const erin = await createUser(t.db, 'erin');
      const headers = await sessionFor(t, erin);
      const r = await upload(headers, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 4503, message: 'Only JPG, PNG or WEBP images up to 5 MB are accepted' });
      expect((await upload(headers, Buffer.alloc(0), 'image/png')).json().code).toBe(4503);
      expect(existsSync(join(t.dataDir, 'feedback', String(erin)))).toBe(false);
      const text = await t.server.inject({
        method: 'POST',
        url: '/uc/feedback/upload',
        payload: 'hello',
        headers: { ...headers, 'content-type': 'text/plain' },
      });
      expect(text.json().code).toBe(4503);
    });

    it(`caps uploads at ${MAX_FEEDBACK_IMAGES_PER_DAY} a day`, async () => {
      const headers = await sessionFor(t, await createUser(t.db, 'frank'));
      for (let i = 0; i < MAX_FEEDBACK_IMAGES_PER_DAY; i++)
        expect((await upload(headers, PNG_1x1)).json().code).toBe(0);
      expect((await upload(headers, PNG_1x1)).statusCode).toBe(429);
      t.advance(24 * 60 * 60 * 1000 + 1);
      expect((await upload(headers, PNG_1x1)).json().code).toBe(0);
    });
  });

  it('the agent lists open tickets of every user with their uid', async () => {
    const id = (await add(bob, { title: 'Bob asks' })).json().data.id as number;
    const records = (await getJson(t, '/dev/support/feedback?pageSize=100')).json().data.records as (Ticket & {
      uid: string;
      username: string;
    })[];
    expect(records.find((x) => x.id === id)).toMatchObject({ title: 'Bob asks', username: 'bob' });
    const detail = (await getJson(t, `/dev/support/feedback/${id}`)).json().data;
    expect(detail.posts).toHaveLength(1);
    expect((await getJson(t, '/dev/support/feedback/999999')).statusCode).toBe(404);
  });
});

describe('feedback in production', () => {
  it('keeps the user routes and refuses the agent routes', async () => {
    const t = await buildTestApp({ production: true });
    try {
      const headers = await sessionFor(t, await createUser(t.db, 'prod'));
      const r = await postJson(t, '/uc/feedback/add', { category: 'other', title: 'a', content: 'b' }, headers);
      expect(r.json().code).toBe(0);
      const id = r.json().data.id;
      expect((await postJson(t, `/dev/support/feedback/${id}/reply`, { content: 'x' })).statusCode).toBe(404);
      expect((await getJson(t, '/dev/support/feedback')).statusCode).toBe(404);
      expect((await getJson(t, `/uc/feedback/get?id=${id}`, headers)).json().data.posts).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
