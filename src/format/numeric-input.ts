import { compare, normalize, toFixed, truncate } from '../../common/decimal.ts';
import { type Numeric, scaleOr, toDecimal } from '../../common/format/value.ts';

export interface NumericInputOptions {
  /** Decimals kept while typing (extra ones are cut, not rounded); none: unlimited; 0: whole numbers only. */
  decimals?: number | null | undefined;
  /** Upper bound: a larger value is replaced by it. */
  max?: Numeric;
}

/**
 * Digits and one dot out of whatever was typed or pasted, with no leading zeros ('007' → '7', '.5' → '0.5') and at
 * most `decimals` decimals. A trailing dot is kept so typing can go on ('12.'). Shared by both input rules.
 */
export function cleanDigits(raw: string, decimals: number | null | undefined): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  if (text.startsWith('.')) text = `0${text}`;
  text = text.replace(/^0+(?=\d)/, '');
  const limit = scaleOr(decimals, -1);
  if (limit >= 0 && dot >= 0) {
    const [whole = '', fraction = ''] = text.split('.');
    text = limit === 0 ? whole : `${whole}.${fraction.slice(0, limit)}`;
  }
  return text;
}

/**
 * The numeric input rule (spec trading §5, shell §5), run on every keystroke: strips everything except digits and one
 * dot, truncates to `decimals`, caps at `max` (value capped to max). '' stays '' so a field can be cleared.
 */
export function sanitizeNumericInput(raw: string, options: NumericInputOptions = {}): string {
  const text = cleanDigits(raw, options.decimals);
  const max = toDecimal(options.max);
  if (text === '' || max === null) return text;
  const value = text.endsWith('.') ? text.slice(0, -1) : text;
  if (compare(value, max) <= 0) return text;
  const limit = scaleOr(options.decimals, -1);
  return limit >= 0 ? truncate(max, limit) : normalize(max);
}

/**
 * On blur the numeric input shows the price scale (spec trading §5), truncated downward: '12.' → '12.00',
 * '1.239' → '1.23'. Without a priceScale only the dangling dot goes. An empty or broken field becomes ''.
 */
export function formatNumericOnBlur(value: string, priceScale?: number | null): string {
  const decimal = toDecimal(value);
  if (decimal === null) return '';
  const scale = scaleOr(priceScale, -1);
  return scale >= 0 ? toFixed(decimal, scale) : normalize(decimal);
}
