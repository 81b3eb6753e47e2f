/**
 * Exact decimal arithmetic on strings for money off the hot path (catalogue, balances, REST payloads).
 * A value is a BigInt of units at a given scale: "12.345" is 12345n at scale 3.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

export function parseDecimal(text: string): Decimal {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign ? -units : units, scale: fraction.length };
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** a × b, exact. */
export function mul(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a − b, exact. */
export function sub(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return formatDecimal({ units: rescale(x, scale) - rescale(y, scale), scale });
}

/** a ÷ b truncated toward zero at `scale` decimals. */
export function div(a: string, b: string, scale: number): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // x/y = (xu/10^xs)/(yu/10^ys); shift so the quotient lands at `scale`.
  const numerator = x.units * 10n ** BigInt(scale + y.scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return formatDecimal({ units: numerator / denominator, scale });
}

/** Truncates (toward zero) to `scale` decimals, as price-scale rounding does (spec shell §9). */
export function truncate(text: string, scale: number): string {
  const value = parseDecimal(text);
  if (value.scale <= scale) return formatDecimal(value);
  return formatDecimal({ units: value.units / 10n ** BigInt(value.scale - scale), scale });
}

/** Fixed `scale` decimals, truncated, padded with zeros. */
export function toFixed(text: string, scale: number): string {
  const value = parseDecimal(truncate(text, scale));
  const units = rescale(value, scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Shortest exact string: no trailing zeros, no trailing dot, "-0" written as "0". */
export function formatDecimal(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  if (whole === '0' && fraction === '' && negative) return '0';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Integer units of a coin with `decimals` places ("1.5", 8 → 150000000n); rejects extra precision. */
export function toUnits(text: string, decimals: number): bigint {
  const value = parseDecimal(text);
  if (value.scale > decimals) throw new RangeError(`${text} has more than ${decimals} decimals`);
  return rescale(value, decimals);
}

export function fromUnits(units: bigint, decimals: number): string {
  return formatDecimal({ units, scale: decimals });
}

/** a + b, exact. */
export function add(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return formatDecimal({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** −1, 0 or 1 as a is below, equal to or above b, exact ("1.50" equals "1.5"). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** Rounds half away from zero to `scale` decimals (ratios such as percents; prices truncate instead). */
export function round(text: string, scale: number): string {
  const value = parseDecimal(text);
  if (value.scale <= scale) return formatDecimal(value);
  const divisor = 10n ** BigInt(value.scale - scale);
  const magnitude = value.units < 0n ? -value.units : value.units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return formatDecimal({ units: value.units < 0n ? -rounded : rounded, scale });
}
