// The numbers the canvases draw (spec shell §9, trading §9): plain digits, no language and no Intl, so the page and
// the data worker (which paints the order book on an OffscreenCanvas) show them byte for byte alike. On the text
// itself, not on decimal.js: a painted row formats up to four of them.
import { fixedDown, magnitude, type Numeric, PLACEHOLDER, scaleOr, toDecimal, wholeDigits } from './value.ts';

/** Spec shell §9: price shown with priceScale decimals, default 2. */
export const DEFAULT_PRICE_SCALE = 2;

/**
 * A price with exactly `priceScale` decimals, truncated downward (spec shell §9, trading §5: price-scale rounding
 * truncates); '--' when unknown. Truncation is toward zero, so a negative value keeps its sign: -1.239 → -1.23.
 */
export function formatPrice(value: Numeric, priceScale?: number | null): string {
  const decimal = toDecimal(value);
  return decimal === null ? PLACEHOLDER : fixedDown(decimal, scaleOr(priceScale, DEFAULT_PRICE_SCALE));
}

/** A unit of abbreviation: values from 10^power up are divided by it and get the suffix. */
export interface Unit {
  power: number;
  suffix: string;
}

/** Spec shell §9, trading §9: abbreviations K, M, G, T, P, E, steps of 1e3. */
export const SI_UNITS: readonly Unit[] = [
  { power: 18, suffix: 'E' },
  { power: 15, suffix: 'P' },
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'G' },
  { power: 6, suffix: 'M' },
  { power: 3, suffix: 'K' },
];

/** Two decimals throughout (spec §9); truncated like prices, so 999,999.999 shows 999999.99, never 1000000.00. */
export const MONEY_DECIMALS = 2;

/** A plain decimal (toDecimal's form) divided by 10^power, exactly: the point moved left. */
function shiftLeft(decimal: string, power: number): string {
  const negative = decimal.startsWith('-');
  const body = magnitude(decimal);
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '' : body.slice(dot + 1);
  const padded = whole.padStart(power + 1, '0');
  const cut = padded.length - power;
  return `${negative ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}${fraction}`;
}

/**
 * Divides by the largest unit the value reaches and appends its suffix, truncated to `decimals`; below every unit,
 * plain with `decimals`: 12345.6 → '12.34K'.
 */
export function abbreviate(value: Numeric, units: readonly Unit[] = SI_UNITS, decimals = MONEY_DECIMALS): string {
  const decimal = toDecimal(value);
  if (decimal === null) return PLACEHOLDER;
  // toDecimal leaves no leading zeros, so the whole digits tell the magnitude: 10^power has power + 1 of them.
  const digits = /^-?0(\.|$)/.test(decimal) ? 0 : wholeDigits(decimal);
  for (const unit of units) {
    if (digits > unit.power) return `${fixedDown(shiftLeft(decimal, unit.power), decimals)}${unit.suffix}`;
  }
  return fixedDown(decimal, decimals);
}

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
