import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { Retention } from '../../../server/exchange/retention.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { createUser } from '../helpers.ts';

describe('retention of the simulator churn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-retention-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('folds the bots’ reservations and trades among them, keeps every account sum and every user line', async () => {
    const db = await openDatabase(dir);
    const sqlite = sqliteOf(db);
    const make = (username: string) => createUser(db, username);
    const [maker, taker, user] = [await make('m'), await make('t'), await make('u')];
    const bots = new Set([maker, taker]);
    const exchange = await Exchange.open(db, { clock: () => 1000, isMarketMaker: (id) => bots.has(id) });
    for (const id of [maker, taker, user]) {
      await exchange.credit(id, 'USDT', 10_000_000_000, 'system:test', `u${id}`, 'test');
      await exchange.credit(id, 'BTC', 1_000_000_000, 'system:test', `b${id}`, 'test');
    }
    const order = (userId: number, side: Side, price: number, quantity: number) =>
      exchange.place({ userId, symbol: 'BTC/USDT', side, type: OrderType.limit, price, quantity });
    for (let i = 0; i < 30; i++) {
      await order(maker, Side.sell, 5_000_000 + i, 1000);
      await order(taker, Side.buy, 5_000_000 + i, 400);
      const resting = await order(maker, Side.buy, 4_000_000 - i, 500);
      if (resting.ok && resting.order) await exchange.cancel(maker, resting.order.id);
    }
    await order(user, Side.buy, 5_000_100, 2000);
    exchange.sync();
    const userLines = () =>
      sqlite.prepare(`select * from ledger_entries where account like 'user:${user}%' order by id`).all();
    const before = {
      userLines: userLines(),
      balances: sqlite.prepare('select * from balances order by user_id, coin').all(),
      openOrders: sqlite.prepare('select id from spot_orders where status in (0, 3) order by id').all(),
      lines: (sqlite.prepare('select count(*) as n from ledger_entries').get() as { n: number }).n,
    };

    const retention = new Retention(sqlite, bots);
    expect(retention.run(2000)).toEqual({ ledgerLines: 0, orders: 0, trades: 0 });
    const report = retention.run(3000);
    expect(report.ledgerLines).toBeGreaterThan(100);
    expect(report.orders).toBeGreaterThan(30);

    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
    expect(userLines()).toEqual(before.userLines);
    expect(sqlite.prepare('select * from balances order by user_id, coin').all()).toEqual(before.balances);
    expect(sqlite.prepare('select id from spot_orders where status in (0, 3) order by id').all()).toEqual(
      before.openOrders,
    );
    expect((sqlite.prepare('select count(*) as n from ledger_entries').get() as { n: number }).n).toBeLessThan(
      before.lines / 2,
    );
    // A third run folds the carry lines again instead of adding more.
    retention.run(4000);
    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });

    // What is left restarts to the same exchange.
    const book = exchange.engine.book('BTC/USDT')?.asks.flat([]);
    exchange.close();
    const again = await Exchange.open(db, { clock: () => 5000, isMarketMaker: (id) => bots.has(id) });
    expect(again.engine.book('BTC/USDT')?.asks.flat([])).toEqual(book);
    again.accounts.assertConserved();
    await db.destroy();
  });
});
