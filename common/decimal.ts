// Exact decimal arithmetic for money off the hot path (catalogue, balances, REST payloads, order entry, DESIGN §4),
// shared by the server and the client, on decimal.js configured once here. Values travel as strings, as the wire
// carries them; ledgers hold BigInt units (toUnits/fromUnits); the workers' hot path stays on integer ticks and lots.
import { Decimal } from 'decimal.js';

/**
 * decimal.js for money. 200 significant digits hold any product of two amounts we meet (a balance of 1e20 with 18
 * decimals has 38; the server takes amounts of 40 characters at most), so sums and products are exact; anything cut
 * is cut toward zero, never rounded up. Plain notation always: '0.00000001', never '1e-8'.
 */
export const Exact = Decimal.clone({
  precision: 200,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Exact = InstanceType<typeof Exact>;

/** A decimal as written: BigInt units at the scale of the digits after the dot ('12.340' is 12340n at scale 3). */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

/** What the wire carries: an optional minus, digits, optionally a dot and digits ('.5', '1e5', '1.' are not). */
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** The value of a decimal string (trimmed); a RangeError for anything else, as a broken amount must not pass. */
export function exact(text: string): Exact {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) throw new RangeError(`not a decimal: ${text}`);
  return new Exact(trimmed);
}

/** Shortest exact string: no trailing zeros, no trailing dot, '-0' written as '0'. */
export function normalize(text: string): string {
  return exact(text).toString();
}

/** The units and written scale of a decimal string (trailing zeros count: they say what scale the server used). */
export function parseDecimal(text: string): ScaledDecimal {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

// Ledger units ⇄ text is digit shifting, not arithmetic: done on the BigInt's digits, as the server formats every
// order and trade this way and decimal.js would be an order of magnitude slower here.

/** Shortest exact string of units at a scale: no trailing zeros, no trailing dot, '-0' written as '0'. */
export function formatDecimal(value: ScaledDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  if (whole === '0' && fraction === '' && negative) return '0';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Integer units of a coin with `decimals` places ('1.5', 8 → 150000000n); rejects extra precision as written. */
export function toUnits(text: string, decimals: number): bigint {
  const value = parseDecimal(text);
  if (value.scale > decimals) throw new RangeError(`${text} has more than ${decimals} decimals`);
  return value.units * 10n ** BigInt(decimals - value.scale);
}

/**
 * Integer units of a positive amount typed by a person or sent in a request (at most `scale` decimals, safe as a JS
 * number), or null: callers refuse null with their own code.
 */
export function positiveUnits(text: string | undefined, scale: number): number | null {
  const trimmed = text?.trim() ?? '';
  if (!isDecimal(trimmed) || trimmed.startsWith('-')) return null;
  try {
    const n = toUnits(trimmed, scale);
    return n > 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
  } catch {
    return null;
  }
}

export function fromUnits(units: bigint, decimals: number): string {
  return formatDecimal({ units, scale: decimals });
}

/** a × b, exact. */
export function mul(a: string, b: string): string {
  return exact(a).times(exact(b)).toString();
}

/** a + b, exact. */
export function add(a: string, b: string): string {
  return exact(a).plus(exact(b)).toString();
}

/** a − b, exact. */
export function sub(a: string, b: string): string {
  return exact(a).minus(exact(b)).toString();
}

/** a ÷ b truncated toward zero at `scale` decimals (only the digits kept are computed). */
export function div(a: string, b: string, scale: number): string {
  const divisor = exact(b);
  if (divisor.isZero()) throw new RangeError('division by zero');
  return exact(a).times(`1e${scale}`).divToInt(divisor).times(`1e-${scale}`).toString();
}

/** −1, 0 or 1 as a is below, equal to or above b, exact ('1.50' equals '1.5'). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  return exact(a).comparedTo(exact(b)) as -1 | 0 | 1;
}

/** Truncates (toward zero) to `scale` decimals, as price-scale rounding does (spec shell §9). */
export function truncate(text: string, scale: number): string {
  return exact(text).toDecimalPlaces(scale, Exact.ROUND_DOWN).toString();
}

/** Rounds half away from zero to `scale` decimals (ratios such as percents; prices truncate instead). */
export function round(text: string, scale: number): string {
  return exact(text).toDecimalPlaces(scale, Exact.ROUND_HALF_UP).toString();
}

/** Fixed `scale` decimals, truncated, padded with zeros; a value truncated to zero has no sign ('0.00'). */
export function toFixed(text: string, scale: number): string {
  const fixed = exact(text).toFixed(scale, Exact.ROUND_DOWN);
  return fixed.startsWith('-') && /^-[0.]+$/.test(fixed) ? fixed.slice(1) : fixed;
}
