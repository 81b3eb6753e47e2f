/** Conversions between wire numbers and the integer ticks and lots the book keeps (DESIGN §4). */

/** Tick and lot counts the book keeps stay below this in magnitude: up to it {@link steps} rounds exactly. */
export const MAX_STEPS = 2 ** 51;

/** 1.5 × 2^52: adding it and taking it away rounds a double below 2^51 to an integer (see {@link steps}). */
export const ROUND_SHIFT = 6755399441055744;

/**
 * `x × unit` rounded to the nearest integer (ties to even): a wire number as a count of grid steps. Adding and taking
 * away {@link ROUND_SHIFT} makes the floating-point add do the rounding. Math.round branches on which way the float error of
 * each price leans (65000.01 × 100 is 6500000.999…), a coin toss the CPU mispredicts half the time: a fifth of the
 * merge's time went there. Exact below {@link MAX_STEPS}; at or past it the result stays at or past it, so a bound check
 * on the result rejects it. NaN stays NaN.
 */
export function steps(x: number, unit: number): number {
  return x * unit + ROUND_SHIFT - ROUND_SHIFT;
}

/** A wire number on a grid of `scale` decimals as an integer count of steps (ticks for prices, lots for volumes). */
export function toTicks(x: number, scale: number): number {
  return steps(x, 10 ** scale);
}

/** Integer division rounded half up, exact for 0 ≤ n ≤ 2^53 and an integer d > 0. */
function divRound(n: number, d: number): number {
  let q = Math.floor(n / d);
  let r = n - q * d;
  // n / d is rounded once, so the floor can be one off either way near an integer.
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return r + r >= d ? q + 1 : q;
}

/**
 * How to turn ticks × lots into cents of the quote currency: divide by `divisor` (10^(priceScale + amountScale − 2)) when
 * the grids are finer than a cent, multiply by `multiplier` when they are coarser; the other one is 1.
 */
export function centsFactors(priceScale: number, amountScale: number): { divisor: number; multiplier: number } {
  const k = priceScale + amountScale - 2;
  return { divisor: 10 ** Math.max(0, k), multiplier: 10 ** Math.max(0, -k) };
}

/**
 * price × volume in hundredths of the quote currency, rounded half up (spec trading §3: value with 2 decimals), from
 * ticks and lots (see {@link centsFactors}). Exact while the cents and ticks × (lots mod divisor) stay below 2^53, which
 * covers any real book (1e10 ticks × a remainder below 1e5, or 1e7 ticks with 8 amount decimals); beyond that it rounds
 * through floating point.
 */
export function valueCents(ticks: number, lots: number, divisor: number, multiplier: number): number {
  if (divisor === 1) return ticks * lots * multiplier;
  // Most levels: the product itself is exact, so one rounded division does it.
  const product = ticks * lots;
  if (product <= Number.MAX_SAFE_INTEGER) return divRound(product, divisor);
  // ticks·lots / divisor = ticks·whole + ticks·rest / divisor, with lots = whole·divisor + rest: each product stays small.
  let whole = Math.floor(lots / divisor);
  let rest = lots - whole * divisor;
  if (rest < 0) {
    whole -= 1;
    rest += divisor;
  } else if (rest >= divisor) {
    whole += 1;
    rest -= divisor;
  }
  const part = ticks * rest;
  if (part <= Number.MAX_SAFE_INTEGER) return ticks * whole + divRound(part, divisor);
  return ticks * whole + Math.round(part / divisor);
}
