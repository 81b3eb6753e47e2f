import type SQLite from 'better-sqlite3';
import type { CandleInterval } from '../../common/protocol.ts';
import type { Sqlite } from '../db/schema.ts';
import type { CandleRow, CandleSeries } from './candles.ts';

const COLUMNS = 'open_time AS openTime, open, high, low, close, volume, amount';

/**
 * The `candles` table (migration 0004) through prepared statements on the raw better-sqlite3 handle: synchronous and
 * cheap enough to write every dirty candle once a second in one transaction.
 */
export class CandleStore {
  private readonly upsert: SQLite.Statement<unknown[]>;
  private readonly newestRows: SQLite.Statement<unknown[], CandleRow>;
  private readonly rangeRows: SQLite.Statement<unknown[], CandleRow>;
  private readonly closeBeforeRow: SQLite.Statement<unknown[], { close: number }>;
  private readonly writeAll: (series: readonly CandleSeries[]) => number;

  constructor(private readonly sqlite: Sqlite) {
    this.upsert = sqlite.prepare(
      `INSERT INTO candles (symbol, interval, open_time, open, high, low, close, volume, amount)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (symbol, interval, open_time) DO UPDATE SET
         open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
         volume = excluded.volume, amount = excluded.amount`,
    );
    this.newestRows = sqlite.prepare(
      `SELECT ${COLUMNS} FROM candles WHERE symbol = ? AND interval = ? ORDER BY open_time DESC LIMIT ?`,
    );
    this.rangeRows = sqlite.prepare(
      `SELECT ${COLUMNS} FROM candles
       WHERE symbol = ? AND interval = ? AND open_time >= ? AND open_time < ?
       ORDER BY open_time DESC LIMIT ?`,
    );
    this.closeBeforeRow = sqlite.prepare(
      `SELECT close FROM candles WHERE symbol = ? AND interval = 'M1' AND open_time < ? ORDER BY open_time DESC LIMIT 1`,
    );
    this.writeAll = sqlite.transaction((series: readonly CandleSeries[]) => {
      let rows = 0;
      for (const s of series) {
        s.forEachDirty((r) => {
          this.upsert.run(s.symbol, s.interval, r.openTime, r.open, r.high, r.low, r.close, r.volume, r.amount);
          rows++;
        });
      }
      return rows;
    });
  }

  /** True while a transaction is open on the connection (another module may hold one across awaits). */
  get busy(): boolean {
    return this.sqlite.inTransaction;
  }

  /** Upserts the dirty candles of `series` in one transaction; returns the rows written. */
  write(series: readonly CandleSeries[]): number {
    return this.writeAll(series);
  }

  /** The newest `limit` candles, newest first. */
  newest(symbol: string, interval: CandleInterval, limit: number): CandleRow[] {
    return this.newestRows.all(symbol, interval, limit);
  }

  /** Candles with `from ≤ openTime < below`, newest first, at most `limit`. */
  range(symbol: string, interval: CandleInterval, from: number, below: number, limit: number): CandleRow[] {
    return this.rangeRows.all(symbol, interval, from, below, limit);
  }

  /** Close (ticks) of the newest M1 candle that opened before `time`, or undefined. */
  closeBefore(symbol: string, time: number): number | undefined {
    return this.closeBeforeRow.get(symbol, time)?.close;
  }
}
