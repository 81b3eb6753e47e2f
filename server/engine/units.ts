/**
 * Integer arithmetic of the engine. Prices are ticks (price × 10^priceScale), quantities lots (amount × 10^amountScale),
 * and a fill's value ticks × lots is in "value units" of 10^-(priceScale + amountScale) quote. Every number stays an exact
 * integer below 2^53: orders whose value could pass that are refused at the door.
 */

const POW10 = Array.from({ length: 31 }, (_, i) => 10 ** i);

export function pow10(n: number): number {
  const p = POW10[n];
  if (p === undefined || n > 15) throw new RangeError(`10^${n} is not exact`);
  return p;
}

/** ⌊a × b ÷ d⌋ for non-negative integers, exact even when a × b passes 2^53. */
export function mulDivFloor(a: number, b: number, d: number): number {
  const p = a * b;
  if (p <= Number.MAX_SAFE_INTEGER) return (p - (p % d)) / d;
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}

/** ⌈a × b ÷ d⌉ for non-negative integers. */
export function mulDivCeil(a: number, b: number, d: number): number {
  const p = a * b;
  if (p <= Number.MAX_SAFE_INTEGER) {
    const r = p % d;
    return (p - r) / d + (r > 0 ? 1 : 0);
  }
  const big = BigInt(a) * BigInt(b);
  const q = big / BigInt(d);
  return Number(big % BigInt(d) > 0n ? q + 1n : q);
}

/** Fee rates are integers of 10^-8 ("0.001" → 100000). */
export const RATE_SCALE = 100_000_000;

/** Converts between value units of a market and ledger units of its quote coin. */
export interface ValueGrid {
  /** priceScale + amountScale − quote decimals: > 0 when value units are finer than ledger units. */
  shift: number;
}

/** Value units → quote ledger units, rounded down (a payment never exceeds what was reserved). */
export function valueToQuote(value: number, shift: number): number {
  if (shift <= 0) return value * pow10(-shift);
  const d = pow10(shift);
  return (value - (value % d)) / d;
}

/** Quote ledger units → value units, rounded down (what a budget can pay for never exceeds the budget). */
export function quoteToValueFloor(quote: number, shift: number): number {
  if (shift >= 0) return quote * pow10(shift);
  const d = pow10(-shift);
  return (quote - (quote % d)) / d;
}

/** Value units → quote ledger units, rounded up: what a limit buy must reserve. */
export function valueToQuoteCeil(value: number, shift: number): number {
  if (shift <= 0) return value * pow10(-shift);
  const d = pow10(shift);
  const r = value % d;
  return (value - r) / d + (r > 0 ? 1 : 0);
}
