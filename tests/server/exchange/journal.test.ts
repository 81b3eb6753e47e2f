import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { createUser } from '../helpers.ts';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dir = mkdtempSync(join(tmpdir(), 'tickstream-journal-'))) {
  dirs.push(dir);
  const db = await openDatabase(dir);
  dbs.push(db);
  return { dir, db, sqlite: sqliteOf(db) };
}

async function traders(db: Db): Promise<[number, number]> {
  return [await createUser(db, 'a'), await createUser(db, 'b')];
}

const count = (sqlite: ReturnType<typeof sqliteOf>, table: string) =>
  (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

/** From the projection's first step, the event-loop turns until `trades` trades and every batch are in the tables. */
async function turnsToProject(sqlite: ReturnType<typeof sqliteOf>, trades: number): Promise<number> {
  while (count(sqlite, 'spot_orders') === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const caughtUp = () =>
    count(sqlite, 'spot_trades') === trades &&
    (sqlite.prepare('select projected_rows as rows from journal_state').get() as { rows: number }).rows === 0;
  let turns = 0;
  while (!caughtUp()) {
    turns++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return turns;
}

describe('journal', () => {
  it('acknowledges a command only once its batch is committed, and projects the batch into the tables after', async () => {
    const { db, sqlite } = await open();
    const [a] = await traders(db);
    const exchange = await Exchange.open(db, { clock: () => 1000, projectAfterMs: 3_600_000 });
    await exchange.credit(a, 'USDT', 1_000_000_000, 'system:test', 't1', 'test');
    const placed = await exchange.place({
      userId: a,
      symbol: 'BTC/USDT',
      side: Side.buy,
      type: OrderType.limit,
      price: 5_000_000,
      quantity: 1000,
    });
    expect(placed.ok).toBe(true);
    // Durable in the journal, not yet in the query tables.
    expect(count(sqlite, 'journal')).toBe(2);
    expect(count(sqlite, 'spot_orders')).toBe(0);
    exchange.sync();
    expect(count(sqlite, 'spot_orders')).toBe(1);
    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });

  it('projects at start what a crash left in the journal only, so the state comes back whole', async () => {
    const first = await open();
    const [a, b] = await traders(first.db);
    const exchange = await Exchange.open(first.db, { clock: () => 1000, projectAfterMs: 3_600_000 });
    await exchange.credit(a, 'USDT', 1_000_000_000, 'system:test', 't1', 'test');
    await exchange.credit(b, 'BTC', 100_000_000, 'system:test', 't2', 'test');
    const base = { symbol: 'BTC/USDT', type: OrderType.limit, price: 5_000_000 } as const;
    await exchange.place({ ...base, userId: b, side: Side.sell, quantity: 3000 });
    await exchange.place({ ...base, userId: a, side: Side.buy, quantity: 1000 });
    expect(count(first.sqlite, 'spot_trades')).toBe(0);
    // A copy of what is committed now is what a crash at this instant would leave on disk.
    const copyDir = mkdtempSync(join(tmpdir(), 'tickstream-journal-'));
    first.sqlite.exec(`vacuum into '${join(copyDir, 'tickstream.db')}'`);

    const second = await open(copyDir);
    const recovered = await Exchange.open(second.db, { clock: () => 2000 });
    expect(count(second.sqlite, 'spot_trades')).toBe(1);
    expect(recovered.accounts.balance(a, 'BTC')).toMatchObject({ available: 1000 * 1000 - 1000, frozen: 0 });
    expect(recovered.accounts.balance(b, 'BTC')).toMatchObject({ frozen: 2000 * 1000 });
    expect(recovered.engine.book('BTC/USDT')?.asks.best()).toMatchObject({ price: 5_000_000, volume: 2000 });
    recovered.accounts.assertConserved();
    expect(auditLedger(second.sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });

  it('projects a backlog in steps, one per event-loop turn, and every batch reaches the tables', async () => {
    const { db, sqlite } = await open();
    const [a, b] = await traders(db);
    // The first commit schedules the projection for a second later: by then the backlog is there.
    const exchange = await Exchange.open(db, { clock: () => 1000, projectAfterMs: 1000, projectSliceRows: 20 });
    await exchange.credit(a, 'USDT', 1_000_000_000_000, 'system:test', 't1', 'test');
    await exchange.credit(b, 'BTC', 1_000_000_000, 'system:test', 't2', 'test');
    const base = { symbol: 'BTC/USDT', type: OrderType.limit } as const;
    // Each command its own batch (one per turn): the backlog is many small batches.
    for (let i = 0; i < 60; i++) {
      await exchange.place({ ...base, userId: b, side: Side.sell, price: 5_000_000 + i, quantity: 100 });
      await exchange.place({ ...base, userId: a, side: Side.buy, price: 5_000_000 + i, quantity: 100 });
    }
    expect(count(sqlite, 'spot_orders')).toBe(0);
    expect(await turnsToProject(sqlite, 60)).toBeGreaterThan(5);
    expect(count(sqlite, 'spot_orders')).toBe(120);
    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });

  it('takes larger steps as a backlog builds, so a burst is worked off in tens of turns, not hundreds', async () => {
    const { db, sqlite } = await open();
    const [a, b] = await traders(db);
    const exchange = await Exchange.open(db, { clock: () => 1000 });
    await exchange.credit(a, 'USDT', 1_000_000_000_000, 'system:test', 't1', 'test');
    await exchange.credit(b, 'BTC', 1_000_000_000, 'system:test', 't2', 'test');
    const base = { symbol: 'BTC/USDT', type: OrderType.limit } as const;
    // A thousand trades in one turn: one batch of about 20 000 rows (orders, trades, ledger lines, balances).
    const placed = [];
    for (let i = 0; i < 1000; i++) {
      placed.push(exchange.place({ ...base, userId: b, side: Side.sell, price: 5_000_000, quantity: 100 }));
      placed.push(exchange.place({ ...base, userId: a, side: Side.buy, price: 5_000_000, quantity: 100 }));
    }
    await Promise.all(placed);
    // Steps of 250 rows took 59 turns; an eighth of the backlog a step, 23.
    expect(await turnsToProject(sqlite, 1000)).toBeLessThan(40);
    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });
});
