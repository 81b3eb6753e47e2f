import { describe, expect, it } from 'vitest';
import { type Period, periodOf } from '../../common/candles.ts';
import { CANDLE_INTERVALS } from '../../common/protocol.ts';

const period = (interval: Parameters<typeof periodOf>[0], time: number): Period =>
  periodOf(interval, time, { start: 0, end: 0 });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('candle periods', () => {
  it('align the fixed intervals on UTC minutes, hours and days', () => {
    const t = Date.UTC(2026, 10, 23, 13, 47, 31, 250);
    expect(period('M1', t)).toEqual({ start: Date.UTC(2026, 10, 23, 13, 47), end: Date.UTC(2026, 10, 23, 13, 48) });
    expect(period('M5', t).start).toBe(Date.UTC(2026, 10, 23, 13, 45));
    expect(period('M15', t).start).toBe(Date.UTC(2026, 10, 23, 13, 45));
    expect(period('M30', t).start).toBe(Date.UTC(2026, 10, 23, 13, 30));
    expect(period('H1', t).start).toBe(Date.UTC(2026, 10, 23, 13));
    expect(period('H2', t).start).toBe(Date.UTC(2026, 10, 23, 12));
    expect(period('H4', t).start).toBe(Date.UTC(2026, 10, 23, 12));
    expect(period('H6', t).start).toBe(Date.UTC(2026, 10, 23, 12));
    expect(period('H12', t)).toEqual({ start: Date.UTC(2026, 10, 23, 12), end: Date.UTC(2026, 10, 24) });
    expect(period('D1', t)).toEqual({ start: Date.UTC(2026, 10, 23), end: Date.UTC(2026, 10, 24) });
  });

  it('put a period start in its own period and the instant before it in the previous one', () => {
    const t = Date.UTC(2026, 10, 23, 0, 0);
    for (const interval of CANDLE_INTERVALS) {
      const p = period(interval, t);
      expect(p.start).toBeLessThanOrEqual(t);
      expect(p.end).toBeGreaterThan(t);
      const before = period(interval, p.start - 1);
      expect(before.end).toBe(p.start);
      expect(period(interval, p.end).start).toBe(p.end);
    }
  });

  it('start weeks on Monday 00:00 UTC', () => {
    const monday = Date.UTC(2026, 10, 23); // a Monday
    expect(new Date(monday).getUTCDay()).toBe(1);
    expect(period('W1', monday)).toEqual({ start: monday, end: monday + 7 * DAY });
    // Sunday 23:59:59.999 still belongs to the week that began the Monday before.
    expect(period('W1', monday - 1)).toEqual({ start: monday - 7 * DAY, end: monday });
    expect(period('W1', monday + 6 * DAY + 23 * HOUR).start).toBe(monday);
    // A week across a month and a year end.
    const week = period('W1', Date.UTC(2027, 0, 1, 12));
    expect(new Date(week.start).toISOString()).toBe('2026-12-28T00:00:00.000Z');
    for (let day = 0; day < 60; day++) {
      const p = period('W1', Date.UTC(2025, 0, 1) + day * DAY + 5 * HOUR);
      expect(new Date(p.start).getUTCDay()).toBe(1);
      expect(p.start % DAY).toBe(0);
    }
  });

  it('follow calendar months of 28, 29, 30 and 31 days', () => {
    const month = (y: number, m: number, d: number, h = 0) => period('1month', Date.UTC(y, m, d, h));
    expect(month(2026, 1, 14)).toEqual({ start: Date.UTC(2026, 1, 1), end: Date.UTC(2026, 2, 1) });
    expect(month(2026, 1, 28, 23).end - month(2026, 1, 28, 23).start).toBe(28 * DAY);
    expect(month(2024, 1, 29, 23).end - month(2024, 1, 29, 23).start).toBe(29 * DAY);
    expect(month(2026, 3, 30, 23).end - month(2026, 3, 30, 23).start).toBe(30 * DAY);
    expect(month(2026, 0, 31, 23).end - month(2026, 0, 31, 23).start).toBe(31 * DAY);
    expect(month(2026, 11, 31, 23)).toEqual({ start: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
    expect(period('1month', Date.UTC(2026, 2, 1) - 1).start).toBe(Date.UTC(2026, 1, 1));
  });
});
