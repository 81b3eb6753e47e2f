import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS } from '../../../common/protocol.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { CandleRow } from '../../../server/marketdata/candles.ts';
import { MarketData } from '../../../server/marketdata/index.ts';
import { SEED_CANDLES, seedCandles, seedMarket } from '../../../server/marketdata/seed.ts';
import { seedMarketOf } from '../../../server/sim/history.ts';
import { BTC, T0 } from './helpers.ts';

// BTC/USDT at 95 000.00 (2 decimals), amounts with 4.
const LIVE = 9_500_000;
const market = seedMarketOf({ ...BTC, base: 'BTC', quote: 'USDT', price: LIVE, baseUsd: 95_000 });

describe('the seeded past of a fresh market', () => {
  const candles = seedCandles(market, T0);

  it('has at least 300 candles of every interval, a day of M1, the newest closing at the live price', () => {
    for (const interval of CANDLE_INTERVALS) {
      const rows = candles.get(interval) as CandleRow[];
      expect(rows.length, interval).toBeGreaterThanOrEqual(interval === 'M1' ? 1440 : SEED_CANDLES);
      expect(rows.at(-1)?.close, interval).toBe(LIVE);
      expect(rows.at(-1)?.openTime, interval).toBeLessThanOrEqual(T0);
    }
  });

  it('is one continuous market: each candle opens where the last closed, low ≤ open, close ≤ high', () => {
    for (const interval of CANDLE_INTERVALS) {
      const rows = candles.get(interval) as CandleRow[];
      rows.forEach((r, i) => {
        expect(r.low).toBeLessThanOrEqual(Math.min(r.open, r.close));
        expect(r.high).toBeGreaterThanOrEqual(Math.max(r.open, r.close));
        expect(r.volume).toBeGreaterThan(0);
        if (i > 0) expect(r.open, `${interval} ${i}`).toBe(rows[i - 1]?.close);
      });
    }
  });

  it('tells the same story in every interval: an hour is its minutes', () => {
    const minutes = candles.get('M1') as CandleRow[];
    const hours = candles.get('H1') as CandleRow[];
    const whole = hours.filter((h) => minutes[0] && h.openTime >= minutes[0].openTime);
    expect(whole.length).toBeGreaterThanOrEqual(23);
    for (const h of whole) {
      const inside = minutes.filter((m) => m.openTime >= h.openTime && m.openTime < h.openTime + 3_600_000);
      expect(h.high).toBe(Math.max(...inside.map((m) => m.high)));
      expect(h.low).toBe(Math.min(...inside.map((m) => m.low)));
      expect(h.volume).toBe(inside.reduce((sum, m) => sum + m.volume, 0));
      expect(h.open).toBe(inside[0]?.open);
    }
  });

  it('moves like a market and stays plausible over years', () => {
    const closes = (candles.get('1month') as CandleRow[]).map((r) => r.close);
    expect(Math.min(...closes)).toBeGreaterThan(LIVE * 0.6);
    expect(Math.max(...closes)).toBeLessThan(LIVE * 1.6);
    const day = (candles.get('H1') as CandleRow[]).slice(-24).map((r) => r.close);
    expect(new Set(day).size).toBeGreaterThan(12);
  });
});

describe('seeding a database', () => {
  it('writes a market with no candles once; the ticker and trend read a day of it at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-seed-'));
    const db = await openDatabase(dir);
    try {
      const sqlite = sqliteOf(db);
      expect(seedMarket(sqlite, market, T0)).toBe(true);
      expect(seedMarket(sqlite, market, T0 + 60_000)).toBe(false);
      const data = new MarketData({ markets: [{ ...BTC, referencePrice: LIVE }], clock: () => T0, sqlite });
      data.load();
      const stats = data.stats(BTC.symbol);
      expect(stats.price).toBe(LIVE);
      expect(stats.high).toBeGreaterThan(stats.low);
      expect(stats.volume).toBeGreaterThan(0);
      expect(new Set(data.trend(BTC.symbol)).size).toBeGreaterThan(12);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
