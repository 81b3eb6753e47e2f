/** Candle periods, one convention for the server's candles and the worker's live last candle. */
import type { CandleInterval } from './protocol.ts';

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday; the first Monday 00:00 UTC is four days later. Weeks start on Monday. */
const MONDAY_OFFSET_MS = 4 * DAY_MS;

/** Fixed-length intervals: period length and the offset of period starts from the epoch. */
const FIXED: Readonly<Record<Exclude<CandleInterval, '1month'>, readonly [length: number, offset: number]>> = {
  M1: [MINUTE_MS, 0],
  M5: [5 * MINUTE_MS, 0],
  M15: [15 * MINUTE_MS, 0],
  M30: [30 * MINUTE_MS, 0],
  H1: [HOUR_MS, 0],
  H2: [2 * HOUR_MS, 0],
  H4: [4 * HOUR_MS, 0],
  H6: [6 * HOUR_MS, 0],
  H12: [12 * HOUR_MS, 0],
  D1: [DAY_MS, 0],
  W1: [WEEK_MS, MONDAY_OFFSET_MS],
};

/** Start and end (exclusive) of a candle period, in ms; written into a caller-owned pair so the hot path allocates nothing. */
export interface Period {
  start: number;
  end: number;
}

/**
 * The candle period of `interval` holding `time` (ms), all in UTC: days start at 00:00, weeks on Monday 00:00,
 * months on the 1st (calendar months of 28–31 days).
 */
export function periodOf(interval: CandleInterval, time: number, into: Period): Period {
  if (interval === '1month') {
    const date = new Date(time);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    into.start = Date.UTC(year, month, 1);
    into.end = Date.UTC(year, month + 1, 1);
    return into;
  }
  const [length, offset] = FIXED[interval];
  const elapsed = (((time - offset) % length) + length) % length;
  into.start = time - elapsed;
  into.end = into.start + length;
  return into;
}

/** Start (ms) of the period of `interval` holding `time`. */
export function periodStart(interval: CandleInterval, time: number): number {
  return periodOf(interval, time, scratch).start;
}

const scratch: Period = { start: 0, end: 0 };
