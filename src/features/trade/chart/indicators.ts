// Chart indicators over the worker's candles (`[openTime, open, high, low, close, volume]`, oldest first), pure so
// they can be tested exactly. Every result has one value per candle, NaN where the indicator is not defined yet.
import { CANDLE_COLUMNS } from '../../../../workers/api.ts';

const CLOSE = 4;

const candleCount = (candles: ArrayLike<number>) => Math.floor(candles.length / CANDLE_COLUMNS);
const closeAt = (candles: ArrayLike<number>, i: number) => candles[i * CANDLE_COLUMNS + CLOSE] as number;

/** Simple moving average of the closes; defined from the `period`-th candle on. */
export function sma(candles: ArrayLike<number>, period: number): Float64Array {
  const total = candleCount(candles);
  const out = new Float64Array(total).fill(Number.NaN);
  if (!(period >= 1)) return out;
  let sum = 0;
  for (let i = 0; i < total; i++) {
    sum += closeAt(candles, i);
    if (i >= period) sum -= closeAt(candles, i - period);
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average of the closes, α = 2 / (period + 1), seeded with the SMA of the first `period` closes
 * (as TradingView and Binance do), so it is defined from the same candle as the SMA.
 */
export function ema(candles: ArrayLike<number>, period: number): Float64Array {
  const total = candleCount(candles);
  const out = new Float64Array(total).fill(Number.NaN);
  if (!(period >= 1) || total < period) return out;
  const alpha = 2 / (period + 1);
  let value = 0;
  for (let i = 0; i < period; i++) value += closeAt(candles, i);
  value /= period;
  out[period - 1] = value;
  for (let i = period; i < total; i++) {
    value = alpha * closeAt(candles, i) + (1 - alpha) * value;
    out[i] = value;
  }
  return out;
}

/** Bollinger bands: the SMA of `period` closes ± `width` population standard deviations of those closes. */
export function bollinger(
  candles: ArrayLike<number>,
  period = 20,
  width = 2,
): { middle: Float64Array; upper: Float64Array; lower: Float64Array } {
  const middle = sma(candles, period);
  const total = middle.length;
  const upper = new Float64Array(total).fill(Number.NaN);
  const lower = new Float64Array(total).fill(Number.NaN);
  for (let i = period - 1; i < total; i++) {
    const mean = middle[i] as number;
    // Summed around the mean each time (period × candles, cheap): running sums of squares lose digits at BTC prices.
    let squares = 0;
    for (let k = i - period + 1; k <= i; k++) squares += (closeAt(candles, k) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + width * deviation;
    lower[i] = mean - width * deviation;
  }
  return { middle, upper, lower };
}

// ─── The toggles ────────────────────────────────────────────────────────────────────────────────────────────────────

export const INDICATORS = ['ma', 'ema', 'boll'] as const;
export type IndicatorId = (typeof INDICATORS)[number];

/** One drawn line of an indicator. Labels are the usual symbols (MA7, BOLL UP), the same in every language. */
export interface IndicatorLine {
  key: string;
  label: string;
  color: string;
  values: Float64Array;
}

export const MA_PERIODS = [7, 25, 99] as const;
export const EMA_PERIODS = [7, 25, 99] as const;
export const BOLL_PERIOD = 20;
export const BOLL_WIDTH = 2;

const MA_COLORS = ['#f0b90b', '#e056fd', '#3fa9f5'] as const;
const EMA_COLORS = ['#ff8c00', '#2ed3b7', '#a3a3ff'] as const;
const BOLL_COLORS = { middle: '#f0b90b', upper: '#c77dff', lower: '#3fa9f5' } as const;

/** The lines of an indicator over `candles`. */
export function indicatorLines(id: IndicatorId, candles: ArrayLike<number>): IndicatorLine[] {
  switch (id) {
    case 'ma':
      return MA_PERIODS.map((p, i) => ({
        key: `ma${p}`,
        label: `MA${p}`,
        color: MA_COLORS[i] as string,
        values: sma(candles, p),
      }));
    case 'ema':
      return EMA_PERIODS.map((p, i) => ({
        key: `ema${p}`,
        label: `EMA${p}`,
        color: EMA_COLORS[i] as string,
        values: ema(candles, p),
      }));
    case 'boll': {
      const bands = bollinger(candles, BOLL_PERIOD, BOLL_WIDTH);
      return [
        { key: 'boll-mid', label: 'BOLL', color: BOLL_COLORS.middle, values: bands.middle },
        { key: 'boll-up', label: 'UB', color: BOLL_COLORS.upper, values: bands.upper },
        { key: 'boll-low', label: 'LB', color: BOLL_COLORS.lower, values: bands.lower },
      ];
    }
  }
}

/** Button text of a toggle. */
export const INDICATOR_NAMES: Record<IndicatorId, string> = {
  ma: 'MA',
  ema: 'EMA',
  boll: 'BOLL',
};

export const INDICATORS_KEY = 'tickstream.trade.indicators';
/** What a first visit shows: MA, as the canvas chart did. */
export const DEFAULT_INDICATORS: readonly IndicatorId[] = ['ma'];

/** The remembered toggles (a JSON list of ids), in {@link INDICATORS} order; the default when nothing valid is stored. */
export function readIndicators(stored: string | null): IndicatorId[] {
  if (stored === null) return [...DEFAULT_INDICATORS];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [...DEFAULT_INDICATORS];
    return INDICATORS.filter((id) => parsed.includes(id));
  } catch {
    return [...DEFAULT_INDICATORS];
  }
}

/** What {@link readIndicators} reads back. */
export function writeIndicators(ids: readonly IndicatorId[]): string {
  return JSON.stringify(INDICATORS.filter((id) => ids.includes(id)));
}

/** Turns `id` on or off, keeping {@link INDICATORS} order. */
export function toggleIndicator(ids: readonly IndicatorId[], id: IndicatorId): IndicatorId[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : INDICATORS.filter((x) => x === id || ids.includes(x));
}
