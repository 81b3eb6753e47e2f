// Pure helpers of the candle chart: what changed between two snapshots, the legend's candle, colours and time labels.
import type { CandleInterval } from '../../../../common/protocol.ts';
import { CANDLE_COLUMNS } from '../../../../workers/api.ts';
import { formatChartTick, formatChartTime } from '../../../format/intl.ts';

export const candleCount = (candles: ArrayLike<number>): number => Math.floor(candles.length / CANDLE_COLUMNS);

/**
 * How `next` differs from the candles the chart `shown`:
 * - `none`: nothing to draw;
 * - `tail`: every candle before `from` is unchanged, so candles `from`… are the last one changing and/or newer ones
 *   appended (lightweight-charts' cheap `series.update`);
 * - `reset`: history changed (loaded, merged, or the oldest dropped), so the series need `setData`.
 */
export type CandleChange = { kind: 'none' } | { kind: 'tail'; from: number } | { kind: 'reset' };

export function candleChange(shown: ArrayLike<number> | null, next: ArrayLike<number>): CandleChange {
  const s = shown ? candleCount(shown) : 0;
  const n = candleCount(next);
  if (!shown || s === 0) return n === 0 ? { kind: 'none' } : { kind: 'reset' };
  if (n < s) return { kind: 'reset' };
  // Every candle but the last must be the same, field by field (a few thousand numbers: cheaper than a setData).
  const lastAt = (s - 1) * CANDLE_COLUMNS;
  for (let i = 0; i < lastAt; i++) if (shown[i] !== next[i]) return { kind: 'reset' };
  if (shown[lastAt] !== next[lastAt]) return { kind: 'reset' };
  for (let f = 1; f < CANDLE_COLUMNS; f++) {
    if (shown[lastAt + f] !== next[lastAt + f]) return { kind: 'tail', from: s - 1 };
  }
  return n === s ? { kind: 'none' } : { kind: 'tail', from: s };
}

/** Index of the candle opened at `openTime` (ms), or -1 (binary search: candles are oldest first). */
export function candleIndexAt(candles: ArrayLike<number>, openTime: number): number {
  let lo = 0;
  let hi = candleCount(candles) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = candles[mid * CANDLE_COLUMNS] as number;
    if (t === openTime) return mid;
    if (t < openTime) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** `color` at `alpha` opacity, for hex and rgb() colours; anything else is returned as it is. */
export function withAlpha(color: string, alpha: number): string {
  const c = color.trim();
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c)?.[1];
  if (hex) {
    if (hex.length === 3) hex = [...hex].map((d) => d + d).join('');
    const n = Number.parseInt(hex, 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(c);
  return rgb ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})` : c;
}

// ─── Time labels ────────────────────────────────────────────────────────────────────────────────────────────────────
// Candle periods are cut in UTC (common/candles.ts). Intraday candles are labelled in the user's clock; a day, week or
// month candle is a UTC date, which local time would shift to the previous day west of Greenwich.

export const isIntraday = (interval: CandleInterval): boolean => /^[MH]\d/.test(interval);

/** The crosshair and legend label of a candle opened at `openTime` (ms): `2026-11-22 16:30`, `2026-11-22`, `2026-11`. */
export function formatCandleTime(openTime: number, interval: CandleInterval): string {
  const intraday = isIntraday(interval);
  return formatChartTime(openTime, !intraday, intraday ? 'minute' : interval === '1month' ? 'month' : 'day');
}

/** lightweight-charts' TickMarkType, by value (the enum is not imported into this pure module). */
export const TICK = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;

/** A time-axis label: the year, a short month name in `locale`, the day of the month, or the clock time. */
export function formatTick(openTime: number, tickType: number, interval: CandleInterval, locale: string): string {
  const mark =
    tickType === TICK.year ? 'year' : tickType === TICK.month ? 'month' : tickType === TICK.dayOfMonth ? 'day' : 'time';
  return formatChartTick(openTime, !isIntraday(interval), mark, locale);
}
