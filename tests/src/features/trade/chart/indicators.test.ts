import { describe, expect, it } from 'vitest';
import {
  bollinger,
  DEFAULT_INDICATORS,
  ema,
  indicatorLines,
  readIndicators,
  sma,
  toggleIndicator,
  writeIndicators,
} from '../../../../../src/features/trade/chart/indicators.ts';

/** Candles `[openTime, open, high, low, close, volume]` with the given closes, a minute apart. */
const candlesOf = (closes: number[]) => new Float64Array(closes.flatMap((c, i) => [i * 60_000, c, c, c, c, 1]));
const NaN_ = Number.NaN;

describe('sma', () => {
  it('averages the closes over a period, NaN until it is full', () => {
    const candles = candlesOf([1, 2, 3, 4, 5]);
    expect([...sma(candles, 3)]).toEqual([NaN_, NaN_, 2, 3, 4]);
    expect([...sma(candles, 1)]).toEqual([1, 2, 3, 4, 5]);
    expect([...sma(candles, 5)]).toEqual([NaN_, NaN_, NaN_, NaN_, 3]);
    expect([...sma(candles, 7)].every(Number.isNaN)).toBe(true);
    expect([...sma(candles, 0)].every(Number.isNaN)).toBe(true);
    expect(sma(new Float64Array(), 3).length).toBe(0);
  });
});

describe('ema', () => {
  it('is seeded with the SMA of the first period, then weighs each close by 2 / (period + 1)', () => {
    // period 3: α = 0.5; seed (2 + 4 + 6) / 3 = 4; then 0.5·10 + 0.5·4 = 7; 0.5·0 + 0.5·7 = 3.5.
    expect([...ema(candlesOf([2, 4, 6, 10, 0]), 3)]).toEqual([NaN_, NaN_, 4, 7, 3.5]);
    // period 1: α = 1, the closes themselves.
    expect([...ema(candlesOf([5, 1, 7]), 1)]).toEqual([5, 1, 7]);
    // period 7: α = 0.25; seed 8, then 0.25·16 + 0.75·8 = 10.
    expect([...ema(candlesOf([8, 8, 8, 8, 8, 8, 8, 16]), 7)]).toEqual([NaN_, NaN_, NaN_, NaN_, NaN_, NaN_, 8, 10]);
  });
  it('is NaN throughout with fewer candles than the period', () => {
    expect([...ema(candlesOf([1, 2]), 3)]).toEqual([NaN_, NaN_]);
  });
});

describe('bollinger', () => {
  it('is the SMA ± width population standard deviations', () => {
    const { middle, upper, lower } = bollinger(candlesOf([1, 3, 1, 3, 5]), 4, 2);
    expect([...middle]).toEqual([NaN_, NaN_, NaN_, 2, 3]);
    // Closes 1 3 1 3 around 2: deviation 1. Closes 3 1 3 5 around 3: squares 0 4 0 4, deviation √2.
    expect([...upper]).toEqual([NaN_, NaN_, NaN_, 4, 3 + 2 * Math.SQRT2]);
    expect([...lower]).toEqual([NaN_, NaN_, NaN_, 0, 3 - 2 * Math.SQRT2]);
  });
  it('defaults to 20 candles and 2 deviations, and keeps its digits at BTC prices', () => {
    const flat = bollinger(candlesOf(Array(20).fill(95_000.5)));
    expect(flat.upper[19]).toBe(95_000.5);
    expect(flat.lower[19]).toBe(95_000.5);
    expect(Number.isNaN(flat.upper[18] as number)).toBe(true);
    const moving = bollinger(candlesOf(Array.from({ length: 20 }, (_, i) => 95_001 + (i % 2 ? 2 : 0))));
    expect(moving.middle[19]).toBe(95_002);
    expect(moving.upper[19]).toBe(95_004);
    expect(moving.lower[19]).toBe(95_000);
  });
});

describe('indicator lines', () => {
  it('draws MA 7/25/99, EMA 7/25/99 and BOLL 20,2', () => {
    const candles = candlesOf(Array.from({ length: 120 }, (_, i) => i));
    expect(indicatorLines('ma', candles).map((l) => l.label)).toEqual(['MA7', 'MA25', 'MA99']);
    expect(indicatorLines('ema', candles).map((l) => l.label)).toEqual(['EMA7', 'EMA25', 'EMA99']);
    expect(indicatorLines('boll', candles).map((l) => l.key)).toEqual(['boll-mid', 'boll-up', 'boll-low']);
    const [ma7] = indicatorLines('ma', candles);
    expect(ma7?.values[6]).toBe(3);
    expect(ma7?.values[119]).toBe(116);
    const keys = ['ma', 'ema', 'boll'].flatMap((id) => indicatorLines(id as 'ma', candles).map((l) => l.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('indicator toggles', () => {
  it('reads what was stored, in a fixed order, and the default otherwise', () => {
    expect(readIndicators(null)).toEqual([...DEFAULT_INDICATORS]);
    expect(readIndicators('[]')).toEqual([]);
    expect(readIndicators('["boll","ma","macd"]')).toEqual(['ma', 'boll']);
    expect(readIndicators('not json')).toEqual([...DEFAULT_INDICATORS]);
    expect(readIndicators('{"ma":true}')).toEqual([...DEFAULT_INDICATORS]);
    expect(readIndicators(writeIndicators(['boll', 'ema']))).toEqual(['ema', 'boll']);
  });
  it('toggles one indicator, keeping the order', () => {
    expect(toggleIndicator(['boll'], 'ma')).toEqual(['ma', 'boll']);
    expect(toggleIndicator(['ma', 'boll'], 'ma')).toEqual(['boll']);
    expect(toggleIndicator([], 'ema')).toEqual(['ema']);
  });
});
