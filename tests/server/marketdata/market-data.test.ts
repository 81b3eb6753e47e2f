import { describe, expect, it, vi } from 'vitest';
import { CANDLE_INTERVALS, TRADES_CAP } from '../../../common/protocol.ts';
import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  MarketData,
  TREND_POINTS,
} from '../../../server/marketdata/index.ts';
import { BTC, btcTrade, DAY, ETH, HOUR, MINUTE, makeData, T0 } from './helpers.ts';

describe('MarketData ticker', () => {
  it('stands at the reference price with no volume before any trade', () => {
    const t = makeData();
    expect(t.data.ticker('BTC/USDT')).toEqual([100, 0, 100, 100, 100, 0, 0, T0]);
    expect(t.data.ticker('ETH/USDT')).toEqual([50, 0, 50, 50, 50, 0, 0, T0]);
    t.advance(5000);
    expect(t.data.ticker('BTC/USDT')[7]).toBe(T0 + 5000);
    expect(Object.keys(t.data.tickers())).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('rolls a 24 h window: old trades leave the open, high, low, volume and amount', () => {
    const t = makeData();
    const { data } = t;
    data.record('BTC/USDT', btcTrade(300, 1, T0));
    // Open is the price at the start of the window (the reference price), and counts in high and low.
    expect(data.ticker('BTC/USDT')).toEqual([300, 1, 100, 300, 100, 1, 300, T0]);
    t.set(T0 + HOUR);
    data.record('BTC/USDT', btcTrade(200, 2, T0 + HOUR, 2));
    t.set(T0 + 2 * HOUR);
    data.record('BTC/USDT', btcTrade(250, 4, T0 + 2 * HOUR));
    expect(data.ticker('BTC/USDT')).toEqual([250, 4, 100, 300, 100, 7, 1700, T0 + 2 * HOUR]);

    // The window is the 1440 minutes up to now: T0's minute is still in it one minute before 24 h.
    t.set(T0 + DAY - MINUTE);
    expect(data.ticker('BTC/USDT')).toEqual([250, 4, 100, 300, 100, 7, 1700, T0 + 2 * HOUR]);
    t.set(T0 + DAY);
    expect(data.ticker('BTC/USDT')).toEqual([250, 4, 300, 300, 200, 6, 1400, T0 + 2 * HOUR]);
    t.set(T0 + DAY + HOUR + 30 * MINUTE);
    expect(data.ticker('BTC/USDT')).toEqual([250, 4, 200, 250, 200, 4, 1000, T0 + 2 * HOUR]);
    t.set(T0 + 3 * DAY);
    expect(data.ticker('BTC/USDT')).toEqual([250, 4, 250, 250, 250, 0, 0, T0 + 2 * HOUR]);
    expect(data.stats('BTC/USDT')).toEqual({
      price: 25_000,
      lastVolume: 40_000,
      open: 25_000,
      high: 25_000,
      low: 25_000,
      volume: 0,
      amount: 0,
      time: T0 + 2 * HOUR,
    });
  });

  it('opens a window that every trade left at the last price, also when a trade moves it', () => {
    const t = makeData();
    t.data.record('BTC/USDT', btcTrade(120, 1, T0));
    t.set(T0 + 2 * DAY);
    t.data.record('BTC/USDT', btcTrade(130, 1, T0 + 2 * DAY));
    expect(t.data.ticker('BTC/USDT')).toEqual([130, 1, 120, 130, 120, 1, 130, T0 + 2 * DAY]);
  });

  it('keeps each market apart', () => {
    const t = makeData();
    t.data.record('ETH/USDT', { price: 512, volume: 1500, side: 2, time: T0 });
    expect(t.data.ticker('ETH/USDT')).toEqual([51.2, 1.5, 50, 51.2, 50, 1.5, 76.8, T0]);
    expect(t.data.ticker('BTC/USDT')).toEqual([100, 0, 100, 100, 100, 0, 0, T0]);
  });

  it('opens a market without a reference price (a new perpetual) at its first trade, not at 0', () => {
    const data = new MarketData({ markets: [{ ...ETH, referencePrice: 0 }], clock: () => T0 });
    data.record('ETH/USDT', { price: 34_000, volume: 1000, side: 1, time: T0 });
    data.record('ETH/USDT', { price: 34_010, volume: 1000, side: 2, time: T0 });
    expect(data.ticker('ETH/USDT')).toEqual([3401, 1, 3400, 3401, 3400, 2, 6801, T0]);
  });

  it('refuses an unknown market', () => {
    const t = makeData();
    expect(() => t.data.record('FOO/BAR', btcTrade(1, 1, T0))).toThrow(RangeError);
    expect(() => t.data.ticker('FOO/BAR')).toThrow(RangeError);
    expect(t.data.has('FOO/BAR')).toBe(false);
    expect([...t.data.metas().keys()]).toEqual(['BTC/USDT', 'ETH/USDT']);
  });
});

describe('MarketData candles', () => {
  it('builds candles per period: open first trade, close last, and a gap where nothing traded', () => {
    const { data } = makeData();
    expect(data.currentCandle('BTC/USDT', 'M1')).toBeNull();
    expect(data.history('BTC/USDT', 'M1')).toEqual([]);
    data.record('BTC/USDT', btcTrade(100, 1, T0 + 10_000));
    data.record('BTC/USDT', btcTrade(110, 2, T0 + 50_000));
    data.record('BTC/USDT', btcTrade(90, 1, T0 + 55_000));
    data.record('BTC/USDT', btcTrade(105, 1, T0 + 3 * MINUTE + 5000));
    expect(data.history('BTC/USDT', 'M1')).toEqual([
      [T0, 100, 110, 90, 90, 4],
      [T0 + 3 * MINUTE, 105, 105, 105, 105, 1],
    ]);
    expect(data.currentCandle('BTC/USDT', 'M1')).toEqual([T0 + 3 * MINUTE, 105, 105, 105, 105, 1]);
    for (const interval of ['M5', 'M15', 'M30', 'H1', 'H2', 'H4', 'H6', 'H12', 'D1', 'W1', '1month'] as const) {
      const candles = data.history('BTC/USDT', interval);
      expect(candles).toHaveLength(1);
      expect(candles[0]?.slice(1)).toEqual([100, 110, 90, 105, 5]);
    }
    expect(data.currentCandle('BTC/USDT', 'D1')?.[0]).toBe(Date.UTC(2026, 10, 23));
    expect(data.currentCandle('BTC/USDT', 'W1')?.[0]).toBe(Date.UTC(2026, 10, 23));
    expect(data.currentCandle('BTC/USDT', '1month')?.[0]).toBe(Date.UTC(2026, 10, 1));
  });

  it('starts a new week candle on Monday 00:00 UTC', () => {
    const monday = Date.UTC(2026, 10, 30);
    const t = makeData();
    t.set(monday - 1);
    t.data.record('BTC/USDT', btcTrade(100, 1, monday - 1));
    t.set(monday);
    t.data.record('BTC/USDT', btcTrade(101, 1, monday));
    expect(t.data.history('BTC/USDT', 'W1').map((c) => c[0])).toEqual([monday - 7 * DAY, monday]);
    expect(t.data.history('BTC/USDT', 'D1').map((c) => c[0])).toEqual([monday - DAY, monday]);
    expect(t.data.history('BTC/USDT', '1month').map((c) => c[0])).toEqual([Date.UTC(2026, 10, 1)]);
  });

  it('follows calendar months, a leap February included', () => {
    const t = makeData();
    const times = [
      Date.UTC(2024, 0, 31, 23, 59, 59, 999),
      Date.UTC(2024, 1, 1),
      Date.UTC(2024, 1, 29, 12),
      Date.UTC(2024, 2, 1),
      Date.UTC(2024, 3, 30, 23),
      Date.UTC(2024, 4, 1),
    ];
    times.forEach((time, i) => {
      t.set(time);
      t.data.record('BTC/USDT', btcTrade(100 + i, 1, time));
    });
    expect(t.data.history('BTC/USDT', '1month')).toEqual([
      [Date.UTC(2024, 0, 1), 100, 100, 100, 100, 1],
      [Date.UTC(2024, 1, 1), 101, 102, 101, 102, 2],
      [Date.UTC(2024, 2, 1), 103, 103, 103, 103, 1],
      [Date.UTC(2024, 3, 1), 104, 104, 104, 104, 1],
      [Date.UTC(2024, 4, 1), 105, 105, 105, 105, 1],
    ]);
  });

  it('returns at most `limit` candles, newest last, within from and to', () => {
    const t = makeData();
    for (let i = 0; i < 50; i++) {
      t.set(T0 + i * MINUTE);
      t.data.record('BTC/USDT', btcTrade(100 + i, 1, T0 + i * MINUTE));
    }
    const all = t.data.history('BTC/USDT', 'M1');
    expect(all).toHaveLength(50);
    const last10 = t.data.history('BTC/USDT', 'M1', { limit: 10 });
    expect(last10.map((c) => c[0])).toEqual(all.slice(-10).map((c) => c[0]));
    expect(last10.at(-1)).toEqual(t.data.currentCandle('BTC/USDT', 'M1'));
    const window = t.data.history('BTC/USDT', 'M1', { from: T0 + 5 * MINUTE, to: T0 + 9 * MINUTE });
    expect(window.map((c) => c[1])).toEqual([105, 106, 107, 108, 109]);
    expect(t.data.history('BTC/USDT', 'M1', { from: T0 + 5 * MINUTE, to: T0 + 9 * MINUTE, limit: 2 })).toHaveLength(2);
    expect(t.data.history('BTC/USDT', 'M1', { limit: 0 })).toHaveLength(1);
    expect(t.data.history('BTC/USDT', 'M5').map((c) => c[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => T0 + i * 5 * MINUTE),
    );
  });

  it('holds the newest 1000 candles and defaults to 300', () => {
    const t = makeData();
    for (let i = 0; i < HISTORY_MAX_LIMIT + 25; i++) {
      t.set(T0 + i * MINUTE);
      t.data.record('BTC/USDT', btcTrade(100, 1, T0 + i * MINUTE));
    }
    expect(t.data.history('BTC/USDT', 'M1')).toHaveLength(HISTORY_DEFAULT_LIMIT);
    const most = t.data.history('BTC/USDT', 'M1', { limit: 5000 });
    expect(most).toHaveLength(HISTORY_MAX_LIMIT);
    expect(most[0]?.[0]).toBe(T0 + 25 * MINUTE);
    expect(most.at(-1)?.[0]).toBe(T0 + (HISTORY_MAX_LIMIT + 24) * MINUTE);
  });

  it('counts a trade stamped before the last one at the last one’s time', () => {
    const t = makeData();
    t.data.record('BTC/USDT', btcTrade(100, 1, T0 + 5 * MINUTE));
    t.data.record('BTC/USDT', btcTrade(101, 1, T0 + MINUTE));
    expect(t.data.history('BTC/USDT', 'M1')).toEqual([[T0 + 5 * MINUTE, 100, 101, 100, 101, 2]]);
  });
});

describe('MarketData trades and trend', () => {
  it('keeps the last 100 trades, oldest first, and takes restored trades without touching the ticker', () => {
    const t = makeData();
    for (let i = 0; i < 150; i++) t.data.record('BTC/USDT', btcTrade(100 + i, 1, T0 + i, i % 2 ? 2 : 1));
    const trades = t.data.recentTrades('BTC/USDT');
    expect(trades).toHaveLength(TRADES_CAP);
    expect(trades[0]).toEqual({ price: 15_000, volume: 10_000, side: 1, time: T0 + 50 });
    expect(trades.at(-1)).toEqual({ price: 24_900, volume: 10_000, side: 2, time: T0 + 149 });

    const before = t.data.ticker('ETH/USDT');
    const restored = Array.from({ length: 120 }, (_, i) => ({ price: 500 + i, volume: 1, side: 1 as const, time: i }));
    t.data.restoreTrades('ETH/USDT', restored);
    expect(t.data.recentTrades('ETH/USDT')).toEqual(restored.slice(20));
    expect(t.data.ticker('ETH/USDT')).toEqual(before);
    expect(t.data.currentCandle('ETH/USDT', 'M1')).toBeNull();
  });

  it('gives 24 hourly closes, carrying the last close over hours without trades', () => {
    const t = makeData();
    expect(t.data.trend('BTC/USDT')).toEqual(new Array(TREND_POINTS).fill(100));
    t.set(T0 + 30 * MINUTE);
    t.data.record('BTC/USDT', btcTrade(90, 1, T0 - 25 * HOUR));
    t.data.record('BTC/USDT', btcTrade(120, 1, T0 - 10 * HOUR));
    t.data.record('BTC/USDT', btcTrade(125, 1, T0 - 10 * HOUR + 1));
    t.data.record('BTC/USDT', btcTrade(130, 1, T0 + 10 * MINUTE));
    const trend = t.data.trend('BTC/USDT');
    expect(trend).toHaveLength(TREND_POINTS);
    expect(trend.slice(0, 13)).toEqual(new Array(13).fill(90));
    expect(trend.slice(13, 23)).toEqual(new Array(10).fill(125));
    expect(trend[23]).toBe(130);
  });
});

describe('MarketData listeners', () => {
  it('tells ticker and candle listeners of every trade, synchronously', () => {
    const t = makeData();
    const tickers: unknown[] = [];
    const candles: [string, string, number[]][] = [];
    const stopTicker = t.data.onTicker((symbol, values) => tickers.push([symbol, values]));
    const stopCandle = t.data.onCandle((symbol, interval, candle) => candles.push([symbol, interval, candle]));
    t.data.record('BTC/USDT', btcTrade(101, 0.5, T0));
    expect(tickers).toEqual([['BTC/USDT', [101, 0.5, 100, 101, 100, 0.5, 50.5, T0]]]);
    expect(candles.map((c) => c[1])).toEqual([...CANDLE_INTERVALS]);
    for (const [symbol, interval, candle] of candles) {
      expect(symbol).toBe('BTC/USDT');
      expect(candle).toEqual(t.data.currentCandle('BTC/USDT', interval as (typeof CANDLE_INTERVALS)[number]));
    }
    stopTicker();
    stopCandle();
    t.data.record('BTC/USDT', btcTrade(102, 1, T0 + 1));
    expect(tickers).toHaveLength(1);
    expect(candles).toHaveLength(CANDLE_INTERVALS.length);
  });

  it('sweeps: a market whose trades left the window is announced once', () => {
    const t = makeData();
    t.data.record('BTC/USDT', btcTrade(300, 1, T0));
    const heard: [string, number[]][] = [];
    t.data.onTicker((symbol, values) => heard.push([symbol, values]));
    t.data.sweep();
    expect(heard).toEqual([]);
    t.set(T0 + DAY + MINUTE);
    t.data.sweep();
    expect(heard).toEqual([['BTC/USDT', [300, 1, 300, 300, 300, 0, 0, T0]]]);
    t.data.sweep();
    expect(heard).toHaveLength(1);
  });

  it('reports a failing listener and still tells the others', () => {
    const onError = vi.fn();
    const t = makeData({ onError });
    const second = vi.fn();
    t.data.onTicker(() => {
      throw new Error('boom');
    });
    t.data.onTicker(second);
    expect(() => t.data.record(BTC.symbol, btcTrade(100, 1, T0))).not.toThrow();
    expect(onError).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });
});
