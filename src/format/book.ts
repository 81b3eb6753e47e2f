import { mul, toFixed } from '../../common/decimal.ts';
import { abbreviate } from './money.ts';
import { fixedDown, type Numeric, PLACEHOLDER, scaleOr, toDecimal, wholeDigits } from './value.ts';

/**
 * An order-book amount (spec trading §9), truncated like prices:
 * - under 10: the spot decimals, or 5 without them;
 * - under 1000: 3, or the spot decimals when those are fewer (a coin with 0 decimals shows '123', not '123.000');
 * - otherwise abbreviated K, M, G, T, P, E with 2 decimals: 12345.6 → '12.34K'.
 */
export function formatBookAmount(value: Numeric, spotDecimals?: number | null): string {
  const decimal = toDecimal(value);
  if (decimal === null) return PLACEHOLDER;
  // Text only below 1000: this runs for every repainted row of the book and the tape.
  const digits = wholeDigits(decimal);
  const given = scaleOr(spotDecimals, -1);
  if (digits < 2) return fixedDown(decimal, given < 0 ? 5 : given);
  if (digits < 4) return fixedDown(decimal, given < 0 ? 3 : Math.min(3, given));
  return abbreviate(decimal);
}

/** A depth level's value in USDT (spec trading §3): price × volume, 2 decimals, truncated. */
export function formatDepthValue(price: Numeric, volume: Numeric): string {
  const p = toDecimal(price);
  const v = toDecimal(volume);
  return p === null || v === null ? PLACEHOLDER : toFixed(mul(p, v), 2);
}
