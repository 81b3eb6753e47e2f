import { describe, expect, it } from 'vitest';
import { depthExtent } from '../../../../src/canvas/charts.ts';
import { formatTrade, TRADE_CAP, tradeCount } from '../../../../src/canvas/trade-tape.ts';
import { priceDirection } from '../../../../src/features/trade/market-header.tsx';
import { bookReadout } from '../../../../src/features/trade/order-book.tsx';
import { side } from '../../../workers/paint/recorder.ts';

describe('book readout', () => {
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
