import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS } from '../../../common/protocol.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db, Sqlite } from '../../../server/db/schema.ts';
import { MarketData } from '../../../server/marketdata/index.ts';
import { BTC, btcTrade, DAY, ETH, HOUR, MINUTE, makeData, T0 } from './helpers.ts';

let dir: string;
let db: Db;
let sqlite: Sqlite;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tickstream-marketdata-'));
  db = await openDatabase(dir);
  sqlite = sqliteOf(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const count = () => (sqlite.prepare('SELECT count(*) AS n FROM candles').get() as { n: number }).n;

describe('MarketData persistence', () => {
  it('flushes changed candles in one go and reads them back after a restart', () => {
    const first = makeData({ sqlite });
    first.set(T0 - 2 * HOUR);
    first.data.record('BTC/USDT', btcTrade(300, 1, T0 - 2 * HOUR));
    first.set(T0);
    first.data.record('BTC/USDT', btcTrade(200, 2, T0));
    first.data.record('BTC/USDT', btcTrade(210, 1, T0 + 1000));
    // 10:00 and 12:00 fall in two periods of M1 … H12 (12:00 starts an H4, H6 and H12 period), one of D1, W1, 1month.
    const written = first.data.flush();
    expect(written).toBe(count());
    expect(written).toBe(2 * 9 + 3);
    expect(first.data.flush()).toBe(0);

    first.data.record('BTC/USDT', btcTrade(220, 1, T0 + 2000));
    // Only the current candle of each interval is written again.
    expect(first.data.flush()).toBe(CANDLE_INTERVALS.length);
    expect(count()).toBe(written);

    first.set(T0 + 5 * MINUTE);
    const second = new MarketData({ markets: [BTC, ETH], clock: () => T0 + 5 * MINUTE, sqlite });
    second.load();
    for (const interval of CANDLE_INTERVALS) {
      expect(second.history('BTC/USDT', interval)).toEqual(first.data.history('BTC/USDT', interval));
    }
    const ticker = first.data.ticker('BTC/USDT');
    // The last trade's own volume and time are not stored: the newest M1 candle stands for them.
    expect(second.ticker('BTC/USDT')).toEqual([ticker[0], 0, ...ticker.slice(2, 7), T0]);
    expect(second.trend('BTC/USDT')).toEqual(first.data.trend('BTC/USDT'));
    expect(second.ticker('ETH/USDT')).toEqual(first.data.ticker('ETH/USDT'));

    // Trading goes on in the loaded current candle.
    second.record('BTC/USDT', btcTrade(230, 1, T0 + 3000));
    expect(second.currentCandle('BTC/USDT', 'M1')).toEqual([T0, 200, 230, 200, 230, 5]);
    expect(second.flush()).toBe(CANDLE_INTERVALS.length);
  });

  it('opens the reloaded 24 h window at the last close before it', () => {
    const first = makeData({ sqlite });
    first.set(T0 - DAY - HOUR);
    first.data.record('BTC/USDT', btcTrade(150, 1, T0 - DAY - HOUR));
    first.set(T0 - HOUR);
    first.data.record('BTC/USDT', btcTrade(160, 3, T0 - HOUR));
    first.data.flush();
    const second = new MarketData({ markets: [BTC, ETH], clock: () => T0, sqlite });
    second.load();
    expect(second.ticker('BTC/USDT')).toEqual([160, 0, 150, 160, 150, 3, 480, T0 - HOUR]);
    expect(second.ticker('BTC/USDT')).toEqual([160, 0, ...first.data.ticker('BTC/USDT').slice(2, 7), T0 - HOUR]);
  });

  it('skips a flush while another transaction is open and writes it on the next', () => {
    const t = makeData({ sqlite });
    t.data.record('BTC/USDT', btcTrade(100, 1, T0));
    sqlite.exec('BEGIN');
    expect(t.data.flush()).toBe(-1);
    sqlite.exec('COMMIT');
    expect(count()).toBe(0);
    expect(t.data.flush()).toBe(CANDLE_INTERVALS.length);
    expect(count()).toBe(CANDLE_INTERVALS.length);
  });

  it('serves candles older than those held in memory from the database', () => {
    const t = makeData({ sqlite, maxCandles: 5 });
    for (let i = 0; i < 20; i++) {
      t.set(T0 + i * MINUTE);
      t.data.record('BTC/USDT', btcTrade(100 + i, 1, T0 + i * MINUTE));
      t.data.flush();
    }
    const all = t.data.history('BTC/USDT', 'M1');
    expect(all.map((c) => c[1])).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    expect(t.data.history('BTC/USDT', 'M1', { limit: 8 }).map((c) => c[1])).toEqual([
      112, 113, 114, 115, 116, 117, 118, 119,
    ]);
    expect(t.data.history('BTC/USDT', 'M1', { from: T0 + 2 * MINUTE, to: T0 + 6 * MINUTE }).map((c) => c[0])).toEqual(
      [2, 3, 4, 5, 6].map((i) => T0 + i * MINUTE),
    );
  });

  it('flushes on stop and never keeps the process alive', () => {
    const t = makeData({ sqlite });
    t.data.start();
    t.data.record('BTC/USDT', btcTrade(100, 1, T0));
    expect(t.data.stop()).toBe(CANDLE_INTERVALS.length);
    expect(count()).toBe(CANDLE_INTERVALS.length);
  });
});
