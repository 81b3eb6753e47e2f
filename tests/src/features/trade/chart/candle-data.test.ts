import { describe, expect, it } from 'vitest';
import {
  candleChange,
  candleIndexAt,
  formatCandleTime,
  formatTick,
  isIntraday,
  TICK,
  withAlpha,
} from '../../../../../src/features/trade/chart/candle-data.ts';

/** `[openTime, open, high, low, close, volume]` per candle. */
const candles = (...rows: number[][]) => new Float64Array(rows.flat());
const a = [60_000, 10, 12, 9, 11, 5];
const b = [120_000, 11, 13, 10, 12, 6];
const c = [180_000, 12, 12, 11, 11, 1];

describe('candleChange', () => {
  it('resets on the first candles, and does nothing without any', () => {
    expect(candleChange(null, candles())).toEqual({ kind: 'none' });
    expect(candleChange(null, candles(a, b))).toEqual({ kind: 'reset' });
    expect(candleChange(candles(), candles(a))).toEqual({ kind: 'reset' });
  });
  it('does nothing for the same candles', () => {
    expect(candleChange(candles(a, b), candles(a, b))).toEqual({ kind: 'none' });
  });
  it('updates from the last candle when it moved, and appends new ones', () => {
    const moved = [120_000, 11, 14, 10, 14, 7];
    expect(candleChange(candles(a, b), candles(a, moved))).toEqual({ kind: 'tail', from: 1 });
    expect(candleChange(candles(a, b), candles(a, b, c))).toEqual({ kind: 'tail', from: 2 });
    expect(candleChange(candles(a, b), candles(a, moved, c))).toEqual({ kind: 'tail', from: 1 });
  });
  it('resets when history changed: an older candle, fewer candles, or the oldest dropped', () => {
    const older = [0, 9, 10, 8, 10, 3];
    expect(candleChange(candles(a, b), candles(older, a, b))).toEqual({ kind: 'reset' });
    expect(candleChange(candles(a, b, c), candles(a, b))).toEqual({ kind: 'reset' });
    expect(candleChange(candles(a, b), candles(b, c))).toEqual({ kind: 'reset' });
    expect(candleChange(candles(a, b), candles([60_000, 10, 12, 9, 11, 6], b))).toEqual({ kind: 'reset' });
  });
});

describe('candleIndexAt', () => {
  it('finds a candle by its open time', () => {
    const all = candles(a, b, c);
    expect(candleIndexAt(all, 60_000)).toBe(0);
    expect(candleIndexAt(all, 120_000)).toBe(1);
    expect(candleIndexAt(all, 180_000)).toBe(2);
    expect(candleIndexAt(all, 150_000)).toBe(-1);
    expect(candleIndexAt(candles(), 60_000)).toBe(-1);
  });
});

describe('withAlpha', () => {
  it('makes hex and rgb colours translucent and leaves others', () => {
    expect(withAlpha('#0ecb81', 0.5)).toBe('rgba(14, 203, 129, 0.5)');
    expect(withAlpha(' #fff ', 0.25)).toBe('rgba(255, 255, 255, 0.25)');
    expect(withAlpha('rgb(246, 70, 93)', 0.3)).toBe('rgba(246, 70, 93, 0.3)');
    expect(withAlpha('rgba(246,70,93,1)', 0.3)).toBe('rgba(246, 70, 93, 0.3)');
    expect(withAlpha('red', 0.3)).toBe('red');
  });
});

describe('time labels', () => {
  const time = Date.UTC(2026, 10, 2, 0, 0);
  it('calls minutes and hours intraday', () => {
    expect(['M1', 'M30', 'H1', 'H12'].every((i) => isIntraday(i as 'M1'))).toBe(true);
    expect(['D1', 'W1', '1month'].some((i) => isIntraday(i as 'M1'))).toBe(false);
  });
  it('labels day, week and month candles by their UTC date', () => {
    expect(formatCandleTime(time, 'D1')).toBe('2026-11-02');
    expect(formatCandleTime(time, 'W1')).toBe('2026-11-02');
    expect(formatCandleTime(time, '1month')).toBe('2026-11');
    expect(formatTick(time, TICK.dayOfMonth, 'D1', 'en-US')).toBe('2');
    expect(formatTick(time, TICK.year, 'W1', 'en-US')).toBe('2026');
    expect(formatTick(time, TICK.month, '1month', 'en-US')).toBe('Nov');
  });
  it('labels intraday candles in local time', () => {
    const d = new Date(time + 90 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    expect(formatCandleTime(d.getTime(), 'M15')).toBe(local);
    expect(formatTick(d.getTime(), TICK.time, 'H1', 'en-US')).toBe(`${pad(d.getHours())}:${pad(d.getMinutes())}`);
    expect(formatTick(d.getTime(), TICK.dayOfMonth, 'H1', 'en-US')).toBe(String(d.getDate()));
  });
});
