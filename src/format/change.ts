import { div, mul, round, sub, toFixed } from '../../common/decimal.ts';
import { type Numeric, PLACEHOLDER, toDecimal } from '../../common/format/value.ts';

/**
 * A percent value with 2 decimals, a plus sign when not negative and '%' (spec shell §9, trading §3 RiseAndFall).
 * Percents are ratios, not money, so they round half away from zero. The sign follows the shown value:
 * -0.001 shows '+0.00%', never '-0.00%'.
 */
export function formatPercent(percent: Numeric): string {
  const decimal = toDecimal(percent);
  if (decimal === null) return PLACEHOLDER;
  const shown = toFixed(round(decimal, 2), 2);
  return `${shown.startsWith('-') ? '' : '+'}${shown}%`;
}

/** A change given as a fraction (chg 0.0123) as '+1.23%' (spec shell §9). */
export function formatChangePercent(chg: Numeric): string {
  const decimal = toDecimal(chg);
  return decimal === null ? PLACEHOLDER : formatPercent(mul(decimal, '100'));
}

/**
 * Ticker change rate (spec trading §3): (price − ticker[2]) / ticker[2] × 100, 2 decimals, as '+1.23%';
 * '--' when the reference price is missing or zero.
 */
export function formatChangeRate(price: Numeric, open: Numeric): string {
  const p = toDecimal(price);
  const o = toDecimal(open);
  if (p === null || o === null || /^-?[0.]+$/.test(o)) return PLACEHOLDER;
  // One extra truncated digit, then rounding at 2, gives the exactly rounded quotient.
  return formatPercent(div(mul(sub(p, o), '100'), o, 3));
}

/** Trend chart colour (spec shell §9): green ('up') only when chg is above 0, else red ('down'). */
export function trendDirection(chg: Numeric): 'up' | 'down' {
  const decimal = toDecimal(chg);
  return decimal !== null && !decimal.startsWith('-') && !/^[0.]+$/.test(decimal) ? 'up' : 'down';
}
