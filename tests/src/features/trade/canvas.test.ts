import { describe, expect, it } from 'vitest';
import {
  barWidth,
  formatLevel,
  levelAt,
  maxCumulative,
  ROW_HEIGHT,
  rowsThatFit,
  rowTop,
} from '../../../../src/canvas/book-ladder.ts';
import { depthExtent } from '../../../../src/canvas/charts.ts';
import { formatTrade, TRADE_CAP, tradeCount } from '../../../../src/canvas/trade-tape.ts';
import { priceDirection } from '../../../../src/features/trade/market-header.tsx';
import { bookReadout } from '../../../../src/features/trade/order-book.tsx';

/** `[price, volume, cumVolume, value]` per level. */
const side = (...levels: [number, number][]) => {
  const out: number[] = [];
  let cum = 0;
  for (const [p, v] of levels) {
    cum += v;
    out.push(p, v, cum, p * v);
  }
  return new Float64Array(out);
};

describe('book ladder layout', () => {
  it('fits whole rows', () => {
    expect(rowsThatFit(0)).toBe(0);
    expect(rowsThatFit(ROW_HEIGHT * 10 + 19)).toBe(10);
  });
  it('puts the best ask at the bottom and the best bid at the top', () => {
    const height = ROW_HEIGHT * 5;
    expect(rowTop('ask', 0, 5, ROW_HEIGHT, height)).toBe(height - ROW_HEIGHT);
    expect(rowTop('ask', 4, 5, ROW_HEIGHT, height)).toBe(0);
    expect(rowTop('bid', 0, 5, ROW_HEIGHT, height)).toBe(0);
    expect(rowTop('bid', 2, 5, ROW_HEIGHT, height)).toBe(2 * ROW_HEIGHT);
  });
  it('finds the level under a click, only among drawn levels', () => {
    const height = ROW_HEIGHT * 5;
    expect(levelAt('bid', 5, 3, ROW_HEIGHT, height)).toBe(0);
    expect(levelAt('bid', ROW_HEIGHT * 2 + 1, 3, ROW_HEIGHT, height)).toBe(2);
    expect(levelAt('bid', ROW_HEIGHT * 3 + 1, 3, ROW_HEIGHT, height)).toBe(-1);
    expect(levelAt('ask', height - 1, 3, ROW_HEIGHT, height)).toBe(0);
    expect(levelAt('ask', 1, 3, ROW_HEIGHT, height)).toBe(-1);
  });
  it('sizes depth bars by cumulative volume against the deepest shown', () => {
    expect(barWidth(5, 10, 200)).toBe(100);
    expect(barWidth(20, 10, 200)).toBe(200);
    expect(barWidth(0, 10, 200)).toBe(0);
    expect(barWidth(5, 0, 200)).toBe(0);
    const bids = side([100, 1], [99, 2], [98, 3]);
    expect(maxCumulative(bids, 2)).toBe(3);
    expect(maxCumulative(bids, 10)).toBe(6);
    expect(maxCumulative(undefined, 10)).toBe(0);
  });
  it('formats a level with the book amount rules (spec trading §9)', () => {
    const levels = side([95000.5, 0.123456], [94999, 12.5], [94998, 1234.5]);
    expect(formatLevel(levels, 0, 2, 5)).toEqual({
      price: '95000.50',
      amount: '0.12345',
      total: '0.12345',
      value: '11.72K',
    });
    // Under 1000: 3 decimals; at or above 1000: abbreviated with 2.
    expect(formatLevel(levels, 1, 2, 5).amount).toBe('12.500');
    expect(formatLevel(levels, 2, 2, 5).amount).toBe('1.23K');
    // A coin with fewer decimals keeps them.
    expect(formatLevel(levels, 0, 2, 2).amount).toBe('0.12');
  });
  it('calls the book live only when the socket and the book are', () => {
    expect(bookReadout(undefined, undefined)).toBe('connecting');
    expect(bookReadout('connecting', 'live')).toBe('connecting');
    expect(bookReadout('stale', 'live')).toBe('stale');
    expect(bookReadout('closed', 'live')).toBe('stale');
    expect(bookReadout('live', 'resyncing')).toBe('resyncing');
    expect(bookReadout('live', undefined)).toBe('resyncing');
    expect(bookReadout('live', 'live')).toBe('live');
  });
});

describe('trade tape', () => {
  it('formats trades with the side colour key (1 buy, 2 sell)', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5).getTime();
    const trades = new Float64Array([95000.1, 1, 0.5, time, 95000, 2, 1500, time]);
    expect(formatTrade(trades, 0, 2, 5)).toEqual({
      price: '95000.10',
      side: 'buy',
      amount: '0.50000',
      time: '03:04:05',
    });
    expect(formatTrade(trades, 1, 2, 5)).toMatchObject({ side: 'sell', amount: '1.50K' });
  });
  it('caps the list at 100 (spec trading §4)', () => {
    expect(TRADE_CAP).toBe(100);
    expect(tradeCount(new Float64Array(4 * 150))).toBe(100);
    expect(tradeCount(new Float64Array(4 * 3))).toBe(3);
    expect(tradeCount(undefined)).toBe(0);
  });
});

describe('charts', () => {
  it('spans both sides of the book in the depth chart', () => {
    const bids = side([100, 1], [99, 2]);
    const asks = side([101, 1], [102, 5]);
    expect(depthExtent(bids, asks)).toEqual({ minPrice: 99, maxPrice: 102, maxCum: 6 });
    expect(depthExtent(new Float64Array(), new Float64Array())).toBeNull();
  });
  it('colours the last price by its move, by the day change at first', () => {
    expect(priceDirection(10, Number.NaN, -1)).toBe('down');
    expect(priceDirection(10, Number.NaN, 1)).toBe('up');
    expect(priceDirection(10, 11, 1)).toBe('down');
    expect(priceDirection(12, 11, -1)).toBe('up');
    expect(priceDirection(11, 11, -1)).toBe('down');
  });
});
