/** What every formatter accepts: a server decimal string, a worker float, or nothing yet. */
export type Numeric = number | string | null | undefined;

/** Shown for a value that is missing or not a number (spec shell §2: unfinished rows show '--'). */
export const PLACEHOLDER = '--';

const PLAIN = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * The exact decimal string of a value ("-0.5", "0.00000123"), or null when it is not a finite number.
 * Numbers go through 15 significant digits first: that is all a double holds reliably, and it removes
 * arithmetic noise (0.7 + 0.1 = 0.7999999999999999) that truncation would otherwise turn into 0.79.
 */
export function toDecimal(value: Numeric): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return expand(value.toPrecision(15), true);
  }
  if (typeof value !== 'string') return null;
  return expand(value.trim(), false);
}

/** Plain notation for "1.5e-7", ".5", "+3.", "007.10"; null when not a decimal. */
function expand(text: string, fromNumber: boolean): string | null {
  const match = PLAIN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const digits = whole + fraction;
  // Position of the decimal point inside `digits` after applying the exponent.
  const point = whole.length + Number(exponent);
  if (!Number.isSafeInteger(point) || Math.abs(point) > 1000) return null;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    intPart = digits + '0'.repeat(point - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  // Trailing zeros of a float or an exponent form mean nothing; written decimals keep theirs ("0.50").
  if (fromNumber || match[4] !== undefined) fracPart = fracPart.replace(/0+$/, '');
  intPart = intPart.replace(/^0+(?=\d)/, '');
  const zero = /^0*$/.test(intPart + fracPart);
  return `${sign === '-' && !zero ? '-' : ''}${intPart}${fracPart ? `.${fracPart}` : ''}`;
}

/**
 * A plain decimal (toDecimal's form) truncated toward zero to exactly `scale` decimals: common/decimal's toFixed with
 * ROUND_DOWN, done on the text, because the canvases and the chart's axis format numbers on every paint.
 */
export function fixedDown(decimal: string, scale: number): string {
  const negative = decimal.startsWith('-');
  const body = negative ? decimal.slice(1) : decimal;
  const dot = body.indexOf('.');
  const whole = (dot < 0 ? body : body.slice(0, dot)) || '0';
  const fraction = dot < 0 ? '' : body.slice(dot + 1);
  const text = scale > 0 ? `${whole}.${fraction.slice(0, scale).padEnd(scale, '0')}` : whole;
  // No minus on a value truncated to zero ("-0.001" at 2 decimals is "0.00").
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** How many digits a plain decimal has before its point ("0.5" → 1, "123.4" → 3), its sign aside. */
export function wholeDigits(decimal: string): number {
  const body = magnitude(decimal);
  const dot = body.indexOf('.');
  return dot < 0 ? body.length : Math.max(1, dot);
}

/** The value without its minus sign. */
export function magnitude(decimal: string): string {
  return decimal.startsWith('-') ? decimal.slice(1) : decimal;
}

/** A usable count of decimals, or the fallback (a missing or broken priceScale must not break a row). */
export function scaleOr(scale: number | null | undefined, fallback: number): number {
  return typeof scale === 'number' && Number.isInteger(scale) && scale >= 0 && scale <= 100 ? scale : fallback;
}
