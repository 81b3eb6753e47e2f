import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { sqliteOf } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

/** The WAL's fdatasync (server/exchange/wal-sync.ts), held while `hold` until the test lets it return. */
const disk = vi.hoisted(() => ({ hold: false, held: [] as (() => void)[], asked: 0, done: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fdatasync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    disk.asked++;
    fs.fdatasync(fd, (error) => {
      disk.done++;
      if (disk.hold) disk.held.push(() => callback(error));
      else callback(error);
    });
  };
  return { ...fs, default: { ...fs, fdatasync }, fdatasync };
});

const CLIENTS = 20;

async function session(t: TestApp, userId: number): Promise<string> {
  const { newToken, hashToken, SESSION_TTL_MS } = await import('../../../server/auth/tokens.ts');
  const token = newToken();
  await t.server.store.sessions.create({
    userId,
    tokenHash: hashToken(token),
    createdAt: 0,
    expiresAt: Date.UTC(2100, 0) + SESSION_TTL_MS,
    ip: null,
    userAgent: null,
  });
  return token;
}

const lastSeq = (db: Db) =>
  (sqliteOf(db).prepare('select max(seq) as seq from journal').get() as { seq: number | null }).seq ?? 0;

describe('spot orders over HTTP: group commit', () => {
  let t: TestApp;
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    for (let k = 0; k < CLIENTS; k++) {
      const id = await createUser(t.db, `client${k}`);
      await t.server.exchange.credit(id, 'USDT', 1e12, 'system:test', `grant:${id}:usdt`, 'test');
      await t.server.exchange.credit(id, 'BTC', 1e11, 'system:test', `grant:${id}:btc`, 'test');
      tokens.push(await session(t, id));
    }
  }, 60_000);
  afterAll(() => t.close());

  const order = (k: number) =>
    t.server.inject({
      method: 'POST',
      url: '/exchange/order/add',
      headers: { 'x-auth-token': tokens[k] as string, lang: 'en_US' },
      payload: { symbol: 'BTC/USDT', price: '95000', amount: '0.001', type: 1, direction: k % 2 ? 2 : 1 },
    });

  it('commits the orders of concurrent clients in one commit and answers each only once it is on disk', async () => {
    const before = lastSeq(t.db);
    Object.assign(disk, { hold: true, asked: 0, done: 0 });
    const answered: number[] = [];
    const answers = Array.from({ length: CLIENTS }, (_, k) =>
      order(k).then((res) => {
        answered.push(k);
        return res;
      }),
    );
    // Every request reaches the exchange, its batch is written, and its sync is under way: no answer yet.
    while (disk.asked === 0 || disk.done < disk.asked) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toEqual([]);
    const written = lastSeq(t.db) - before;
    disk.hold = false;
    for (const settle of disk.held.splice(0)) settle();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.json().code)).toEqual(Array(CLIENTS).fill(0));
    // The requests reached the exchange in one turn: one commit for the 20 orders, not 20.
    expect(written).toBe(1);
    expect(lastSeq(t.db) - before).toBe(1);
  });

  it('still refuses what it refused, with the translated message, and commits nothing for it', async () => {
    const before = lastSeq(t.db);
    const res = await t.server.inject({
      method: 'POST',
      url: '/exchange/order/add',
      headers: { 'x-auth-token': tokens[0] as string, lang: 'en_US' },
      payload: { symbol: 'NOPE/USDT', price: '1', amount: '1', type: 1, direction: 1 },
    });
    expect(res.json()).toMatchObject({ code: ApiCode.unknownMarket, data: null });
    expect(res.json().message).toMatch(/NOPE/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lastSeq(t.db)).toBe(before);
  });
});
