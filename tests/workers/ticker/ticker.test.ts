import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TickerValues } from '../../../common/protocol.ts';
import { STOCK_TICKER_COLUMNS, TICKER_COLUMN, TICKER_COLUMNS } from '../../../workers/api.ts';
import { decimalsOf, Tickers, tickerChange, tickerChangeRate } from '../../../workers/ticker/index.ts';

/** A ticker with the given price and third value (the change reference). */
const ticker = (price: number, open: number): TickerValues => [
  price,
  0.5,
  open,
  110,
  90,
  1000,
  100_000,
  1_700_000_000_000,
];

describe('ticker math (spec trading §3)', () => {
  it('change = price − ticker[2]; rate = change / ticker[2] × 100 with 2 decimals', () => {
    expect(tickerChange(ticker(105, 100))).toBe(5);
    expect(tickerChangeRate(ticker(105, 100))).toBe(5);
    expect(tickerChangeRate(ticker(105, 100)).toFixed(2)).toBe('5.00');
    expect(tickerChange(ticker(95, 100))).toBe(-5);
    expect(tickerChangeRate(ticker(95, 100))).toBe(-5);
    expect(tickerChangeRate(ticker(1, 3))).toBe(-66.67);
    expect(tickerChangeRate(ticker(2, 3))).toBe(-33.33);
    expect(tickerChangeRate(ticker(4, 3))).toBe(33.33);
    expect(tickerChangeRate(ticker(5, 3))).toBe(66.67);
  });

  it('is exact in decimal where floats are not', () => {
    expect(tickerChange(ticker(105.1, 100))).toBe(5.1);
    expect(tickerChange(ticker(0.3, 0.1))).toBe(0.2);
    expect(tickerChange(ticker(65_000.12, 64_000.05))).toBe(1000.07);
  });

  it('rounds halves away from zero on the exact value (1.005 → 1.01, −1.005 → −1.01)', () => {
    // In floats (101.005 − 100) / 100 × 100 is 1.00499…, which naive rounding takes to 1.00.
    expect(Math.round(((101.005 - 100) / 100) * 100 * 100) / 100).toBe(1);
    expect(tickerChangeRate(ticker(101.005, 100))).toBe(1.01);
    expect(tickerChangeRate(ticker(98.995, 100))).toBe(-1.01);
    expect(tickerChangeRate(ticker(100.125, 100))).toBe(0.13);
    expect(tickerChangeRate(ticker(100.124_999, 100))).toBe(0.12);
    expect(tickerChangeRate(ticker(1.000_05, 1))).toBe(0.01);
    expect(tickerChangeRate(ticker(0.999_95, 1))).toBe(-0.01);
    expect(tickerChangeRate(ticker(0.999_951, 1))).toBe(0);
    expect(Object.is(tickerChangeRate(ticker(0.999_951, 1)), 0)).toBe(true);
  });

  it('gives 0 for a zero reference and NaN for a missing value', () => {
    expect(tickerChangeRate(ticker(105, 0))).toBe(0);
    expect(tickerChange(ticker(105, 0))).toBe(105);
    expect(tickerChangeRate([105])).toBeNaN();
    expect(tickerChange([105])).toBeNaN();
  });

  it('stays exact when 10⁴ × the scaled change leaves safe integers (BigInt), and falls back to floats past 2⁵³', () => {
    expect(tickerChangeRate(ticker(900_000_000_000.005, 600_000_000_000.005))).toBe(50);
    expect(tickerChangeRate(ticker(800_010_000_000, 200_000_000_000))).toBe(300.01);
    expect(tickerChangeRate(ticker(499_950_000_000, 1_000_000_000_000))).toBe(-50.01);
    // 17 significant digits: no exact scaled form, so floats.
    expect(tickerChangeRate(ticker(123_456_789_012.345_67, 123_456_789_012.345_6))).toBe(0);
  });

  it('equals the rounding of the exact fraction for any prices on a decimal grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 1e12 }),
        fc.integer({ min: 1, max: 1e12 }),
        (d, p, o) => {
          const scale = 10 ** d;
          const price = p / scale;
          const open = o / scale;
          // Reference: 10000 (P − O) / O rounded half away from zero, in BigInt.
          const num = (BigInt(p) - BigInt(o)) * 10_000n;
          const abs = num < 0n ? -num : num;
          let q = abs / BigInt(o);
          if (2n * (abs - q * BigInt(o)) >= BigInt(o)) q++;
          const expected = Number(num < 0n ? -q : q) / 100 + 0;
          expect(tickerChangeRate(ticker(price, open))).toBe(expected);
          expect(tickerChange(ticker(price, open))).toBe((p - o) / scale);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds the decimals of a number', () => {
    expect([105, 0.1, 65_000.12, 1e-8, 1.005].map(decimalsOf)).toEqual([0, 1, 2, 8, 3]);
    expect(decimalsOf(Number.NaN)).toBe(-1);
    expect(decimalsOf(Math.PI)).toBe(-1);
  });
});

describe('Tickers', () => {
  const snapshot = {
    kind: 'snapshot' as const,
    tickers: { 'BTC/USDT': ticker(105, 100), 'ETH/USDT': ticker(95, 100) },
  };

  it('replaces on a snapshot and merges an update, keeping the server order', () => {
    const tickers = new Tickers();
    tickers.apply(snapshot);
    expect(tickers.symbols()).toEqual(['BTC/USDT', 'ETH/USDT']);
    tickers.apply({ kind: 'update', tickers: { 'SOL/USDT': ticker(10, 10), 'BTC/USDT': ticker(110, 100) } });
    expect(tickers.symbols()).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(tickers.get('BTC/USDT')?.[0]).toBe(110);
    expect(tickers.get('ETH/USDT')?.[0]).toBe(95);
    tickers.apply({ kind: 'snapshot', tickers: { 'ETH/USDT': ticker(96, 100) } });
    expect(tickers.symbols()).toEqual(['ETH/USDT']);
    expect(tickers.get('BTC/USDT')).toBeUndefined();
    expect(tickers.version).toBe(3);
    expect(tickers.apply({ kind: 'update', tickers: {} })).toBe(false);
    expect(tickers.version).toBe(3);
  });

  it('extracts [price, change, changeRate, high, low, volume, amount, time] per symbol, NaN for an unknown one', () => {
    const tickers = new Tickers();
    tickers.apply(snapshot);
    const out = new Float64Array(3 * TICKER_COLUMNS);
    expect(tickers.extract(['ETH/USDT', 'NOPE/USDT', 'BTC/USDT'], out)).toBe(3);
    expect(Array.from(out.subarray(0, 8))).toEqual([95, -5, -5, 110, 90, 1000, 100_000, 1_700_000_000_000]);
    expect(Array.from(out.subarray(8, 16)).every(Number.isNaN)).toBe(true);
    expect(out[2 * TICKER_COLUMNS + TICKER_COLUMN.changeRate]).toBe(5);
  });

  it('carries the stock extras (openPrice, 52-week high and low) when asked for 11 columns, NaN when absent', () => {
    const tickers = new Tickers();
    tickers.apply({
      kind: 'snapshot',
      tickers: {
        AAPL: [190, 10, 188, 192, 187, 1e6, 1.9e8, 1, 189, 237.23, 164.08] as unknown as TickerValues,
        'BTC/USDT': ticker(105, 100),
      },
    });
    const out = new Float64Array(2 * STOCK_TICKER_COLUMNS);
    expect(tickers.extract(['AAPL', 'BTC/USDT'], out, STOCK_TICKER_COLUMNS)).toBe(2);
    expect(Array.from(out.subarray(TICKER_COLUMN.openPrice, STOCK_TICKER_COLUMNS))).toEqual([189, 237.23, 164.08]);
    expect(out[TICKER_COLUMN.change]).toBe(2);
    expect(out[TICKER_COLUMN.changeRate]).toBe(1.06);
    const btcExtras = out.subarray(STOCK_TICKER_COLUMNS + TICKER_COLUMN.openPrice, 2 * STOCK_TICKER_COLUMNS);
    expect(Array.from(btcExtras).every(Number.isNaN)).toBe(true);
  });

  it('writes only the rows that fit', () => {
    const tickers = new Tickers();
    tickers.apply(snapshot);
    const out = new Float64Array(TICKER_COLUMNS + 3);
    expect(tickers.extract(['BTC/USDT', 'ETH/USDT'], out)).toBe(1);
    expect(out[0]).toBe(105);
  });
});
