import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOpenStatus, type OrderStatus } from '../../../common/trading.ts';
import { DEMO_ACCOUNT, ensureDemoAccount } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { creditFromSystem } from '../../../server/ledger/ledger.ts';
import { buildTestApp, createUser } from '../helpers.ts';
import { startServerProcess } from '../process.ts';

const SECOND = { username: 'trader2', password: 'Trader2Pass' };

/** A data folder with the demo account and a second funded trader, as a real deployment would have. */
async function prepareDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-crash-'));
  const db = await openDatabase(dir);
  await ensureDemoAccount(db, Date.now());
  const userId = await createUser(db, SECOND.username, await hashPassword(SECOND.password));
  await creditFromSystem(db, {
    txnId: 'test-grant',
    account: 'system:test',
    kind: 'test_grant',
    at: 0,
    credits: [
      { userId, coin: 'BTC', amount: '50' },
      { userId, coin: 'USDT', amount: '1000000' },
    ],
  });
  await db.destroy();
  return dir;
}

async function login(url: string, username: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/uc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { 'x-auth-token': ((await res.json()) as { data: { token: string } }).data.token };
}

interface Ack {
  code: number;
  data: { orderId: number; status: OrderStatus; tradedAmount: string } | null;
}

function placeOrder(url: string, headers: Record<string, string>, i: number): Promise<Ack> {
  // Prices straddle 60000 so buys and sells of the two users cross and trade.
  const direction = i % 2 === 0 ? 1 : 2;
  const price = (60000 + ((i * 7919) % 41) - 20).toFixed(2);
  const amount = (0.001 * (1 + (i % 9))).toFixed(3);
  return fetch(`${url}/exchange/order/add`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'BTC/USDT', price, amount, type: 1, direction }),
  }).then((r) => r.json() as Promise<Ack>);
}

async function plate(url: string): Promise<unknown> {
  const res = await fetch(`${url}/market/exchange-plate-full?symbol=BTC/USDT`);
  return ((await res.json()) as { data: unknown }).data;
}

describe('crash recovery (kill -9)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await prepareDataDir();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restarts with the identical book after a kill at rest', async () => {
    const first = await startServerProcess(dir, { RATE_LIMIT: '100000' });
    const demo = await login(first.url, 'demo', DEMO_ACCOUNT.password);
    const other = await login(first.url, SECOND.username, SECOND.password);
    for (let i = 0; i < 40; i++) {
      const ack = await placeOrder(first.url, i % 3 === 0 ? demo : other, i);
      expect(ack.code).toBe(0);
    }
    const before = await plate(first.url);
    await first.kill();

    const second = await startServerProcess(dir);
    try {
      expect(await plate(second.url)).toEqual(before);
    } finally {
      await second.kill();
    }
  }, 60_000);

  it('keeps every acknowledged order, fill and balance when killed during placement', async () => {
    const server = await startServerProcess(dir, { RATE_LIMIT: '100000' });
    const demo = await login(server.url, 'demo', DEMO_ACCOUNT.password);
    const other = await login(server.url, SECOND.username, SECOND.password);
    const acked: NonNullable<Ack['data']>[] = [];
    let killing: Promise<void> | null = null;
    const requests = Array.from({ length: 600 }, (_, i) =>
      placeOrder(server.url, i % 2 === 0 ? demo : other, i + 1000).then(
        (ack) => {
          if (killing) return;
          if (ack.code === 0 && ack.data) acked.push(ack.data);
          if (acked.length === 150) killing = server.kill();
        },
        () => undefined, // refused or cut by the kill: never acknowledged
      ),
    );
    await Promise.all(requests);
    await (killing ?? server.kill());
    expect(acked.length).toBeGreaterThanOrEqual(150);

    // Recover in-process and compare with what the clients were told.
    const t = await buildTestApp({}, { dataDir: dir });
    try {
      const sqlite = sqliteOf(t.db);
      const stored = new Map(
        (sqlite.prepare('select id, status, filled from spot_orders').all() as { id: number; filled: number }[]).map(
          (r) => [r.id, r],
        ),
      );
      for (const ack of acked) {
        const row = stored.get(ack.orderId);
        expect(row, `order ${ack.orderId}`).toBeDefined();
        expect(row?.filled ?? -1).toBeGreaterThanOrEqual(Math.round(Number(ack.tradedAmount) * 1e5));
      }
      expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
      const exchange = t.server.exchange;
      exchange.accounts.assertConserved();
      expect(exchange.engine.book('BTC/USDT')?.crossed()).toBe(false);
      // The rebuilt engine holds exactly the stored open orders, and their reservations are the frozen balances.
      const open = sqlite.prepare('select id, status from spot_orders where status in (0, 3)').all() as {
        id: number;
        status: OrderStatus;
      }[];
      expect([...exchange.engine.allOpenOrders()].map((o) => o.id).sort()).toEqual(open.map((o) => o.id).sort());
      expect(open.every((o) => isOpenStatus(o.status))).toBe(true);
      const frozen = new Map<string, number>();
      for (const o of exchange.engine.allOpenOrders()) {
        const m = exchange.markets.get(o.symbol);
        const key = `${o.userId}:${o.side === 1 ? m?.quote : m?.base}`;
        frozen.set(key, (frozen.get(key) ?? 0) + o.frozen);
      }
      for (const [key, amount] of frozen) {
        const [user, coin = ''] = key.split(':');
        expect(exchange.accounts.balance(Number(user), coin).frozen).toBe(amount);
      }
    } finally {
      await t.close();
    }
  }, 90_000);
});
