import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db, Sqlite } from '../../../server/db/schema.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { type Batch, cutBetweenTransactions } from '../../../server/exchange/projection.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { createUser } from '../helpers.ts';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dir = mkdtempSync(join(tmpdir(), 'tickstream-projection-'))) {
  dirs.push(dir);
  const db = await openDatabase(dir);
  dbs.push(db);
  return { dir, db, sqlite: sqliteOf(db) };
}

const tables = (sqlite: Sqlite) =>
  ['spot_orders', 'spot_trades', 'ledger_entries', 'balances', 'system_balances'].map((t) =>
    sqlite.prepare(`select * from ${t} order by 1, 2`).all(),
  );
const state = (sqlite: Sqlite) =>
  sqlite.prepare('select projected, projected_rows as rows from journal_state').get() as {
    projected: number;
    rows: number;
  };

describe('projection in steps', () => {
  it('ends steps inside batches but between ledger transactions, and recovers from any step', async () => {
    const { db, sqlite } = await open();
    const [a, b] = [await createUser(db, 'a'), await createUser(db, 'b')];
    const exchange = await Exchange.open(db, { clock: () => 1000, projectAfterMs: 1, projectSliceRows: 9 });
    await exchange.credit(a, 'USDT', 1_000_000_000_000, 'system:test', 't1', 'test');
    await exchange.credit(b, 'BTC', 1_000_000_000, 'system:test', 't2', 'test');
    exchange.sync();
    const base = { symbol: 'BTC/USDT', type: OrderType.limit } as const;
    // Two batches of many commands each (one event-loop turn each): sells, then buys that take them.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        exchange.place({ ...base, userId: b, side: Side.sell, price: 5_000_000 + i, quantity: 100 }),
      ),
    );
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        exchange.place({ ...base, userId: a, side: Side.buy, price: 5_000_000 + i, quantity: 100 }),
      ),
    );
    // What a crash would leave after each step: a copy of the file, taken between two turns.
    const copies: string[] = [];
    const insideBatch: number[] = [];
    while (state(sqlite).projected < 4 || state(sqlite).rows > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(auditLedger(sqlite).unbalancedTxns).toEqual([]);
      if (state(sqlite).rows > 0) insideBatch.push(state(sqlite).rows);
      const copy = mkdtempSync(join(tmpdir(), 'tickstream-projection-'));
      dirs.push(copy);
      sqlite.exec(`vacuum into '${join(copy, 'tickstream.db')}'`);
      copies.push(copy);
    }
    expect(insideBatch.length).toBeGreaterThan(10);
    const whole = tables(sqlite);
    for (const copy of copies) {
      const recovered = await open(copy);
      await Exchange.open(recovered.db, { clock: () => 2000 });
      expect(state(recovered.sqlite).rows).toBe(0);
      expect(tables(recovered.sqlite)).toEqual(whole);
    }
    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });
});

describe('cutBetweenTransactions', () => {
  // Two orders, one trade, then ledger lines of transactions x (3 lines), y (2), z (1).
  const line = (txn: string) => [txn, 1, 'user:1', 'USDT', 1, 'trade', 0];
  const batch: Batch = {
    seq: 1,
    orders: new Array(40).fill(0),
    trades: new Array(14).fill(0),
    entries: ['x', 'x', 'x', 'y', 'y', 'z'].flatMap(line),
    balances: [],
    system: [],
  };
  it('moves an end inside a transaction back to its start', () => {
    expect(cutBetweenTransactions(batch, 0, 5)).toBe(3);
    expect(cutBetweenTransactions(batch, 0, 7)).toBe(6);
  });
  it('keeps an end between transactions or outside the ledger lines', () => {
    expect(cutBetweenTransactions(batch, 0, 3)).toBe(3);
    expect(cutBetweenTransactions(batch, 0, 6)).toBe(6);
    expect(cutBetweenTransactions(batch, 0, 2)).toBe(2);
    expect(cutBetweenTransactions(batch, 0, 9)).toBe(9);
  });
  it('takes the whole transaction a step starts in', () => {
    expect(cutBetweenTransactions(batch, 3, 4)).toBe(6);
    expect(cutBetweenTransactions(batch, 6, 7)).toBe(8);
  });
});
