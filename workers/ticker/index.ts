// Tickers of every market and the spec's ticker math (spec trading §3). Imports only common/.
import type { TickerFrame } from '../../common/protocol.ts';
import { STOCK_TICKER_COLUMNS, TICKER_COLUMN, TICKER_COLUMNS } from '../api.ts';

/**
 * Positions in a wire ticker (spec trading §3): price, last volume, open (the change reference), high, low, volume,
 * amount, time; a stock ticker adds openPrice, 52-week high and 52-week low. Our spot protocol sends the first 8 today.
 */
export const TICKER_WIRE = {
  price: 0,
  lastVolume: 1,
  open: 2,
  high: 3,
  low: 4,
  volume: 5,
  amount: 6,
  time: 7,
  openPrice: 8,
  high52w: 9,
  low52w: 10,
} as const;

// ─── Ticker math ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Beyond this many decimals the math falls back to plain floats (no price grid is that fine). */
const MAX_DECIMALS = 12;
const POW10 = Array.from({ length: MAX_DECIMALS + 1 }, (_, d) => 10 ** d);

/** Decimals of the shortest decimal form of `x` (0.1 → 1, 105 → 0), or -1 when not finite or finer than 12 places. */
export function decimalsOf(x: number): number {
  if (!Number.isFinite(x)) return -1;
  for (let d = 0; d <= MAX_DECIMALS; d++) {
    const p = POW10[d] as number;
    const n = Math.round(x * p);
    if (!Number.isSafeInteger(n)) return -1;
    if (n / p === x) return d;
  }
  return -1;
}

/** Decimals that hold both numbers exactly as scaled integers, or -1. */
function sharedDecimals(a: number, b: number): number {
  const da = decimalsOf(a);
  const db = decimalsOf(b);
  return da < 0 || db < 0 ? -1 : Math.max(da, db);
}

/**
 * 100 × (P − O) / O × 100 rounded to an integer, halves away from zero, exactly, for safe integers P and O ≠ 0: the change
 * rate in hundredths of a percent. Numbers while every step is exact, BigInt beyond.
 */
function rateHundredths(scaledPrice: number, scaledOpen: number): number {
  const diff = scaledPrice - scaledOpen;
  const sign = Math.sign(diff) * Math.sign(scaledOpen);
  if (sign === 0) return 0;
  const b = Math.abs(scaledOpen);
  if (Math.abs(diff) <= 2 ** 52 / 10_000 && b <= 2 ** 52) {
    const a = Math.abs(diff) * 10_000;
    let q = Math.floor(a / b);
    let r = a - q * b;
    // The float quotient may be one off near an integer; the remainder, exact here, says which way.
    if (r < 0) {
      q--;
      r += b;
    } else if (r >= b) {
      q++;
      r -= b;
    }
    if (2 * r >= b) q++;
    return sign * q;
  }
  let a = (BigInt(scaledPrice) - BigInt(scaledOpen)) * 10_000n;
  if (a < 0n) a = -a;
  const B = BigInt(b);
  let q = a / B;
  if (2n * (a - q * B) >= B) q++;
  return sign * Number(q);
}

/**
 * Change of a ticker (spec trading §3): price minus the third value, exact in decimal (105.1 − 100 is 5.1, not
 * 5.099999999999994). NaN when either value is missing.
 */
export function tickerChange(values: ArrayLike<number>): number {
  const price = values[TICKER_WIRE.price] ?? Number.NaN;
  const open = values[TICKER_WIRE.open] ?? Number.NaN;
  const d = sharedDecimals(price, open);
  if (d < 0) return price - open;
  const p = POW10[d] as number;
  return (Math.round(price * p) - Math.round(open * p)) / p;
}

/**
 * Change rate in percent (spec trading §3): change / third value × 100, rounded to 2 decimals, halves away from zero
 * (a rise of exactly 1.005 % shows 1.01, a fall of 1.005 % shows −1.01), computed on the exact decimal values, not on
 * their binary approximations. 0 when the third value is 0 (no reference, no change); NaN when a value is missing.
 */
export function tickerChangeRate(values: ArrayLike<number>): number {
  const price = values[TICKER_WIRE.price] ?? Number.NaN;
  const open = values[TICKER_WIRE.open] ?? Number.NaN;
  if (!Number.isFinite(price) || !Number.isFinite(open)) return Number.NaN;
  if (open === 0) return 0;
  const d = sharedDecimals(price, open);
  if (d < 0) {
    const rate = ((price - open) / open) * 100;
    return (Math.sign(rate) * Math.round(Math.abs(rate) * 100)) / 100 + 0;
  }
  const p = POW10[d] as number;
  return rateHundredths(Math.round(price * p), Math.round(open * p)) / 100 + 0;
}

// ─── Store ───────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Every market's ticker as the `ticker` channel gives it: a snapshot replaces them all, an update merges the markets it
 * names. Derived columns are computed once per change, so extracting for a view only copies.
 */
export class Tickers {
  version = 0;
  private readonly raw = new Map<string, readonly number[]>();
  /** {@link STOCK_TICKER_COLUMNS} derived columns per symbol. */
  private readonly rows = new Map<string, Float64Array>();
  private order: string[] | null = null;

  apply(frame: Pick<TickerFrame, 'kind' | 'tickers'>): boolean {
    const symbols = Object.keys(frame.tickers);
    if (frame.kind === 'snapshot') {
      this.raw.clear();
      this.rows.clear();
      this.order = null;
    } else if (symbols.length === 0) {
      return false;
    }
    for (const symbol of symbols) {
      const values = frame.tickers[symbol] as readonly number[];
      if (!this.raw.has(symbol)) this.order = null;
      this.raw.set(symbol, values);
      let row = this.rows.get(symbol);
      if (!row) {
        row = new Float64Array(STOCK_TICKER_COLUMNS);
        this.rows.set(symbol, row);
      }
      deriveRow(values, row);
    }
    this.version++;
    return true;
  }

  /** A market's wire ticker (8 values, 11 for a stock), or undefined before its first. */
  get(symbol: string): readonly number[] | undefined {
    return this.raw.get(symbol);
  }

  /** Markets known, in the server's order (the snapshot's, then markets first seen in updates); a fresh array. */
  symbols(): string[] {
    this.order ??= [...this.raw.keys()];
    return this.order.slice();
  }

  get size(): number {
    return this.raw.size;
  }

  /**
   * Writes `columns` numbers per symbol of `symbols` into `out`, in {@link TICKER_COLUMN} order: {@link TICKER_COLUMNS}
   * (8) or {@link STOCK_TICKER_COLUMNS} (11) with the stock extras. A symbol without a ticker gets a row of NaN.
   * Returns the rows written (as many symbols as fit).
   */
  extract(symbols: readonly string[], out: Float64Array, columns: number = TICKER_COLUMNS): number {
    const width = Math.max(1, Math.min(STOCK_TICKER_COLUMNS, Math.floor(columns)));
    const n = Math.min(symbols.length, Math.floor(out.length / width));
    for (let i = 0; i < n; i++) {
      const row = this.rows.get(symbols[i] as string);
      const at = i * width;
      if (row) for (let c = 0; c < width; c++) out[at + c] = row[c] as number;
      else out.fill(Number.NaN, at, at + width);
    }
    return n;
  }
}

function deriveRow(values: readonly number[], row: Float64Array): void {
  const at = (i: number) => values[i] ?? Number.NaN;
  row[TICKER_COLUMN.price] = at(TICKER_WIRE.price);
  row[TICKER_COLUMN.change] = tickerChange(values);
  row[TICKER_COLUMN.changeRate] = tickerChangeRate(values);
  row[TICKER_COLUMN.high] = at(TICKER_WIRE.high);
  row[TICKER_COLUMN.low] = at(TICKER_WIRE.low);
  row[TICKER_COLUMN.volume] = at(TICKER_WIRE.volume);
  row[TICKER_COLUMN.amount] = at(TICKER_WIRE.amount);
  row[TICKER_COLUMN.time] = at(TICKER_WIRE.time);
  row[TICKER_COLUMN.openPrice] = at(TICKER_WIRE.openPrice);
  row[TICKER_COLUMN.high52w] = at(TICKER_WIRE.high52w);
  row[TICKER_COLUMN.low52w] = at(TICKER_WIRE.low52w);
}
