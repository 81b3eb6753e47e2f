import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/password.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { creditFromSystem } from '../../../server/ledger/ledger.ts';
import { buildTestApp, createUser } from '../helpers.ts';
import { startServerProcess } from '../process.ts';

const TRADERS = [
  { username: 'long1', password: 'Trader1Pass' },
  { username: 'short2', password: 'Trader2Pass' },
];

/** A data folder with two traders holding spot USDT, which they move into their contract wallets. */
async function prepareDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-swap-crash-'));
  const db = await openDatabase(dir);
  for (const t of TRADERS) {
    const userId = await createUser(db, t.username, await hashPassword(t.password));
    await creditFromSystem(db, {
      txnId: `grant:${userId}`,
      account: 'system:test',
      kind: 'test_grant',
      at: 0,
      credits: [{ userId, coin: 'USDT', amount: '1000000' }],
    });
  }
  await db.destroy();
  return dir;
}

async function post(url: string, path: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { orderId: number; dealVolume: number } | null };
}

describe('contracts across a kill -9', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await prepareDataDir();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged order, position and balance when killed while trading', async () => {
    const server = await startServerProcess(dir, { RATE_LIMIT: '100000' });
    const heads: Record<string, string>[] = [];
    for (const t of TRADERS) {
      const res = await fetch(`${server.url}/uc/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(t),
      });
      const headers = { 'x-auth-token': ((await res.json()) as { data: { token: string } }).data.token };
      expect(
        (
          await post(server.url, '/swap/wallet/trans', headers, {
            coin: 'USDT',
            amount: '500000',
            from: 'spot',
            to: 'contract',
          })
        ).code,
      ).toBe(0);
      heads.push(headers);
    }
    const acked: NonNullable<Awaited<ReturnType<typeof post>>['data']>[] = [];
    let killing: Promise<void> | null = null;
    const requests = Array.from({ length: 400 }, (_, i) => {
      // Shorts rest around 95 000 and longs cross them: positions open and grow on both sides.
      const long = i % 2 === 1;
      const price = (95_000 + ((i * 7919) % 21) - 10).toFixed(1);
      const body = { symbol: 'BTC/USDT', direction: long ? 1 : 2, type: 1, entrustPrice: price, volume: 1 + (i % 7) };
      return post(server.url, '/swap/order/open', heads[long ? 0 : 1] as Record<string, string>, body).then(
        (ack) => {
          if (killing) return;
          if (ack.code === 0 && ack.data) acked.push(ack.data);
          if (acked.length === 120) killing = server.kill();
        },
        () => undefined,
      );
    });
    await Promise.all(requests);
    await (killing ?? server.kill());
    expect(acked.length).toBeGreaterThanOrEqual(120);

    const t = await buildTestApp({}, { dataDir: dir });
    try {
      const sqlite = sqliteOf(t.db);
      const stored = new Map(
        (sqlite.prepare('select id, filled from swap_orders').all() as { id: number; filled: number }[]).map((r) => [
          r.id,
          r,
        ]),
      );
      for (const ack of acked) {
        expect(stored.get(ack.orderId), `order ${ack.orderId}`).toBeDefined();
        expect(stored.get(ack.orderId)?.filled ?? -1).toBeGreaterThanOrEqual(ack.dealVolume);
      }
      expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
      const { exchange } = t.server;
      exchange.accounts.assertConserved();
      const engine = exchange.swap.engine;
      let net = 0;
      for (const h of engine.holdings.openOn('BTC/USDT')) net += (h.position?.sign ?? 0) * (h.position?.contracts ?? 0);
      expect(net).toBe(0);
      expect(engine.market('BTC/USDT')?.book.crossed()).toBe(false);
      // Each open order's reservation is in its owner's frozen pocket, with nothing else there (cross margin).
      for (const userId of [...new Set(engine.openOrders(0).map((o) => o.userId))]) {
        const reserved = engine.openOrders(userId).reduce((sum, o) => sum + o.frozen, 0);
        expect(exchange.accounts.walletBalance(userId, 'contract', 'USDT').frozen).toBe(reserved);
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
