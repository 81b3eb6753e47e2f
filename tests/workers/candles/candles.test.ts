import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodOf } from '../../../common/candles.ts';
import { CANDLE_INTERVALS } from '../../../common/protocol.ts';
import { CANDLE_COLUMNS as CANDLE_FIELDS } from '../../../workers/api.ts';
import { CandleSeries, periodStart } from '../../../workers/candles/index.ts';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function read(series: CandleSeries): number[][] {
  const out = new Float64Array(series.capacity * CANDLE_FIELDS);
  const n = series.extract(out);
  return Array.from({ length: n }, (_, k) => Array.from(out.subarray(k * CANDLE_FIELDS, (k + 1) * CANDLE_FIELDS)));
}

describe('periodStart', () => {
  it('starts weeks on Monday 00:00 UTC', () => {
    // 2026-11-22 is a Sunday; its week began on Monday 2026-11-16.
    expect(periodStart('W1', Date.UTC(2026, 10, 22, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 16));
    expect(periodStart('W1', Date.UTC(2026, 10, 23))).toBe(Date.UTC(2026, 10, 23));
    expect(periodStart('W1', Date.UTC(2026, 10, 23, 0, 0, 0, 1))).toBe(Date.UTC(2026, 10, 23));
    // Across a year end: Thursday 2026-01-01 belongs to the week of Monday 2025-12-29.
    expect(periodStart('W1', Date.UTC(2026, 0, 1, 12))).toBe(Date.UTC(2025, 11, 29));
  });

  it('starts months on the 1st, whatever their length', () => {
    expect(periodStart('1month', Date.UTC(2026, 0, 31, 23, 59, 59, 999))).toBe(Date.UTC(2026, 0, 1));
    expect(periodStart('1month', Date.UTC(2026, 1, 1))).toBe(Date.UTC(2026, 1, 1));
    expect(periodStart('1month', Date.UTC(2024, 1, 29, 12))).toBe(Date.UTC(2024, 1, 1));
    expect(periodStart('1month', Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2026, 11, 1));
  });

  it('agrees with the server for every interval (common/candles.ts)', () => {
    const period = { start: 0, end: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...CANDLE_INTERVALS), fc.integer({ min: 0, max: 4_102_444_800_000 }), (i, t) => {
        expect(periodStart(i, t)).toBe(periodOf(i, t, period).start);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CandleSeries', () => {
  const T = Date.UTC(2026, 10, 22, 12);

  it('replaces the candle of the same open time and appends a newer one', () => {
    const series = new CandleSeries('M1');
    series.apply({ kind: 'snapshot', t: T, candles: [T, 10, 12, 9, 11, 5] });
    series.apply({ kind: 'update', t: T + 1, candles: [T, 10, 13, 9, 12, 6] });
    expect(read(series)).toEqual([[T, 10, 13, 9, 12, 6]]);
    // A flush that closed one candle and opened the next carries both, oldest first.
    series.apply({ kind: 'update', t: T + MIN, candles: [T, 10, 13, 8, 9, 7, T + MIN, 9, 9, 9, 9, 1] });
    expect(read(series)).toEqual([
      [T, 10, 13, 8, 9, 7],
      [T + MIN, 9, 9, 9, 9, 1],
    ]);
    expect(series.last()).toEqual([T + MIN, 9, 9, 9, 9, 1]);
    expect(series.version).toBe(3);
  });

  it('keeps history older than a snapshot and replaces from its first candle on', () => {
    const series = new CandleSeries('M1');
    const history: number[] = [];
    for (let k = 0; k < 5; k++) history.push(T + k * MIN, 1, 2, 0.5, 1.5, k);
    series.load(history);
    // What the gateway sends on (re)subscribe: only the current candle.
    series.apply({ kind: 'snapshot', t: T + 4 * MIN, candles: [T + 3 * MIN, 7, 7, 7, 7, 7] });
    expect(read(series).map((c) => c[0])).toEqual([T, T + MIN, T + 2 * MIN, T + 3 * MIN]);
    expect(series.last()).toEqual([T + 3 * MIN, 7, 7, 7, 7, 7]);
    expect(series.apply({ kind: 'snapshot', t: T + 5 * MIN, candles: [] })).toBe(false);
    expect(series.size).toBe(4);
  });

  it('keeps the last N candles, oldest first, and writes the newest that fit', () => {
    const series = new CandleSeries('M1', 3);
    for (let k = 0; k < 5; k++) series.apply({ kind: 'update', t: T, candles: [T + k * MIN, k, k, k, k, k] });
    expect(read(series).map((c) => c[1])).toEqual([2, 3, 4]);
    const out = new Float64Array(2 * CANDLE_FIELDS);
    expect(series.extract(out)).toBe(2);
    expect([out[1], out[CANDLE_FIELDS + 1]]).toEqual([3, 4]);
    // An update of a held, older candle lands in place; one older than all is dropped.
    series.apply({ kind: 'update', t: T, candles: [T + 3 * MIN, 30, 30, 30, 30, 30, T - MIN, 1, 1, 1, 1, 1] });
    expect(read(series).map((c) => c[1])).toEqual([2, 30, 4]);
  });

  it('moves the last candle live from trades and opens the next period on a new one', () => {
    const series = new CandleSeries('M1');
    expect(series.applyTrade(100, 1, T + 10)).toBe(true);
    expect(series.last()).toEqual([T, 100, 100, 100, 100, 1]);
    series.applyTrade(103, 2, T + 20);
    series.applyTrade(98, 0.5, T + 30);
    series.applyTrade(101, 1, T + 40);
    expect(series.last()).toEqual([T, 100, 103, 98, 101, 4.5]);
    series.applyTrade(102, 3, T + MIN);
    expect(read(series)).toEqual([
      [T, 100, 103, 98, 101, 4.5],
      [T + MIN, 102, 102, 102, 102, 3],
    ]);
    // A late trade of a closed period changes nothing.
    expect(series.applyTrade(50, 1, T + 50)).toBe(false);
    expect(series.version).toBe(5);
  });

  it('skips trades the server candles already hold, so none counts twice', () => {
    const series = new CandleSeries('M1');
    series.apply({ kind: 'update', t: T + 500, candles: [T, 100, 101, 99, 100, 10] });
    expect(series.applyTrade(101, 1, T + 400)).toBe(false);
    expect(series.applyTrade(102, 1, T + 600)).toBe(true);
    expect(series.last()).toEqual([T, 100, 102, 99, 102, 11]);
  });

  it('opens week candles on Monday and month candles on the 1st', () => {
    const week = new CandleSeries('W1');
    week.applyTrade(10, 1, Date.UTC(2026, 10, 22, 23, 59, 59, 999));
    week.applyTrade(11, 1, Date.UTC(2026, 10, 23, 0, 0, 0, 1));
    expect(read(week).map((c) => c[0])).toEqual([Date.UTC(2026, 10, 16), Date.UTC(2026, 10, 23)]);

    const month = new CandleSeries('1month');
    month.applyTrade(10, 1, Date.UTC(2024, 1, 1));
    month.applyTrade(12, 1, Date.UTC(2024, 1, 29, 23, 59));
    month.applyTrade(11, 1, Date.UTC(2024, 2, 1) + 1);
    expect(read(month)).toEqual([
      [Date.UTC(2024, 1, 1), 10, 12, 10, 12, 2],
      [Date.UTC(2024, 2, 1), 11, 11, 11, 11, 1],
    ]);

    const day = new CandleSeries('D1');
    day.applyTrade(1, 1, Date.UTC(2026, 10, 22, 23, 59));
    day.applyTrade(2, 1, Date.UTC(2026, 10, 23) + DAY / 2);
    expect(read(day).map((c) => c[0])).toEqual([Date.UTC(2026, 10, 22), Date.UTC(2026, 10, 23)]);
  });

  it('takes history under the live candles: the live candle of the same open time wins', () => {
    const series = new CandleSeries('M1');
    // The gateway's snapshot (the current candle) and an update that opened the next one came first.
    series.apply({ kind: 'snapshot', t: T + 2 * MIN, candles: [T + 2 * MIN, 5, 9, 4, 8, 30] });
    series.apply({ kind: 'update', t: T + 3 * MIN, candles: [T + 3 * MIN, 8, 8, 8, 8, 1] });
    // The history was answered earlier: its current candle is older than the live one.
    expect(series.load([T, 1, 2, 1, 2, 10, T + MIN, 2, 3, 2, 3, 10, T + 2 * MIN, 5, 6, 4, 6, 20])).toBe(true);
    expect(read(series)).toEqual([
      [T, 1, 2, 1, 2, 10],
      [T + MIN, 2, 3, 2, 3, 10],
      [T + 2 * MIN, 5, 9, 4, 8, 30],
      [T + 3 * MIN, 8, 8, 8, 8, 1],
    ]);
    // The same history once more changes nothing.
    const version = series.version;
    expect(series.load([T, 1, 2, 1, 2, 10, T + MIN, 2, 3, 2, 3, 10, T + 2 * MIN, 5, 6, 4, 6, 20])).toBe(false);
    expect(series.version).toBe(version);
  });

  it('lets a live frame or a trade replace a history candle, and later history not roll it back', () => {
    const series = new CandleSeries('M1');
    series.load([T, 1, 2, 1, 2, 10, T + MIN, 2, 3, 2, 3, 10]);
    series.apply({ kind: 'update', t: T + MIN + 5, candles: [T + MIN, 2, 4, 2, 4, 12] });
    series.applyTrade(5, 1, T + MIN + 10);
    expect(series.last()).toEqual([T + MIN, 2, 5, 2, 5, 13]);
    series.load([T, 1, 2, 1, 2, 11, T + MIN, 2, 3, 2, 3, 10]);
    expect(read(series)).toEqual([
      [T, 1, 2, 1, 2, 11],
      [T + MIN, 2, 5, 2, 5, 13],
    ]);
  });

  it('fills a gap the feed missed and, after unconfirm (a reconnect), takes the history for candles it holds', () => {
    const series = new CandleSeries('M1');
    series.apply({ kind: 'update', t: T, candles: [T, 1, 1, 1, 1, 1] });
    // The socket was down for two periods; the re-subscription's snapshot brought only the current candle.
    series.apply({ kind: 'snapshot', t: T + 3 * MIN, candles: [T + 3 * MIN, 4, 4, 4, 4, 4] });
    series.unconfirm();
    series.apply({ kind: 'update', t: T + 3 * MIN + 1, candles: [T + 3 * MIN, 4, 5, 4, 5, 6] });
    series.load([T, 1, 2, 1, 2, 9, T + MIN, 2, 2, 2, 2, 2, T + 2 * MIN, 3, 3, 3, 3, 3, T + 3 * MIN, 4, 4, 4, 4, 4]);
    expect(read(series)).toEqual([
      [T, 1, 2, 1, 2, 9],
      [T + MIN, 2, 2, 2, 2, 2],
      [T + 2 * MIN, 3, 3, 3, 3, 3],
      [T + 3 * MIN, 4, 5, 4, 5, 6],
    ]);
  });

  it('keeps the newest candles when history and live overflow the capacity, and drops rows out of order', () => {
    const series = new CandleSeries('M1', 3);
    series.apply({ kind: 'update', t: T, candles: [T + 4 * MIN, 9, 9, 9, 9, 9] });
    const history: number[] = [];
    for (let k = 0; k < 4; k++) history.push(T + k * MIN, k, k, k, k, k);
    history.push(T + MIN, 7, 7, 7, 7, 7);
    series.load(history);
    expect(read(series).map((c) => c[1])).toEqual([2, 3, 9]);
    series.applyTrade(10, 1, T + 5 * MIN);
    expect(read(series).map((c) => c[1])).toEqual([3, 9, 10]);
  });

  it('equals "live wins, history fills in" after any interleaving of live updates and one history load', () => {
    const candle = fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), candle), { maxLength: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(candle, { maxLength: 40 }),
        (steps, loadAt, historyValues) => {
          const series = new CandleSeries('M1');
          const expected = new Map<number, number[]>();
          const history = historyValues.flatMap(([p, v], k) => [T + k * MIN, p, p, p, p, v]);
          for (const [k, [p, v]] of historyValues.entries()) expected.set(T + k * MIN, [T + k * MIN, p, p, p, p, v]);
          const live = new Map<number, number[]>();
          let open = 0;
          const load = () => series.load(history);
          steps.forEach(([advance, [p, v]], i) => {
            if (i === loadAt) load();
            // The server updates the current candle or opens a later one.
            open += advance;
            const c = [T + open * MIN, p, p + 1, p, p, v];
            series.apply({ kind: 'update', t: T + open * MIN, candles: c });
            live.set(c[0] as number, c);
          });
          if (loadAt >= steps.length) load();
          for (const [openTime, c] of live) expected.set(openTime, c);
          expect(read(series)).toEqual([...expected.entries()].sort(([a], [b]) => a - b).map(([, c]) => c));
        },
      ),
      { numRuns: 500 },
    );
  });
});
