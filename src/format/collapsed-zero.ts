import { type Numeric, PLACEHOLDER, toDecimal } from '../../common/format/value.ts';

/** Spec shell §9, trading §9: five or more leading zeros collapse. */
export const COLLAPSE_MIN_ZEROS = 5;

/**
 * 0.00000123 as its parts: prefix '0.0', zeros 5, rest '123', drawn as 0.0₅123 (the subscript counts every zero
 * after the point). A negative value carries its sign in the prefix: '-0.0'.
 */
export interface CollapsedZero {
  prefix: string;
  zeros: number;
  rest: string;
}

export interface CollapseOptions {
  /** Keep at most this many digits of `rest`, truncated (the value is already scaled when omitted). */
  maxDigits?: number | undefined;
}

/** The parts of a very small value, or null when it is not small enough to collapse (or not a number, or zero). */
export function collapseZeros(value: Numeric, options: CollapseOptions = {}): CollapsedZero | null {
  const decimal = toDecimal(value);
  if (decimal === null) return null;
  const match = /^(-?)0\.(0*)(\d*)$/.exec(decimal);
  if (!match) return null;
  const [, sign = '', zeros = '', digits = ''] = match;
  if (zeros.length < COLLAPSE_MIN_ZEROS || !/[1-9]/.test(digits)) return null;
  const rest = options.maxDigits === undefined ? digits : digits.slice(0, Math.max(1, options.maxDigits));
  return { prefix: `${sign}0.0`, zeros: zeros.length, rest };
}

const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';

/** 12 → '₁₂'. */
export function subscript(count: number): string {
  return String(count).replace(/\d/g, (d) => SUBSCRIPT[Number(d)] ?? d);
}

/**
 * The text form: '0.0₅123' for a collapsible value, the value itself otherwise ('--' when not a number), so a
 * formatted price can be passed straight through: formatCollapsedZero(formatPrice(p, scale)).
 */
export function formatCollapsedZero(value: Numeric, options: CollapseOptions = {}): string {
  const parts = collapseZeros(value, options);
  if (parts) return `${parts.prefix}${subscript(parts.zeros)}${parts.rest}`;
  if (typeof value === 'string' && value.trim() === PLACEHOLDER) return PLACEHOLDER;
  return toDecimal(value) ?? PLACEHOLDER;
}
