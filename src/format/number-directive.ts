import type { Numeric } from '../../common/format/value.ts';
import { sanitizeNumericInput } from './numeric-input.ts';

/** Spec trading §5: decimals are limited to a configured count, default 10. */
export const NUMBER_DIRECTIVE_DECIMALS = 10;

export interface NumberDirectiveOptions {
  /** Allows a leading minus (the directive's modifier). */
  negative?: boolean | undefined;
  /** Decimals kept, default 10; 0 allows no dot. */
  decimals?: number | undefined;
  /** Shows thousands separators in the result (they are optional: typed or pasted commas are always stripped). */
  thousands?: boolean | undefined;
  /** Upper bound of the numeric input rule (spec trading §5): a larger value is replaced by it. */
  max?: Numeric;
}

/** '1234567.5' → '1,234,567.5'; only the whole part is grouped. */
export function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** The number written by a field, thousands separators removed: '1,234.5' → '1234.5'. */
export function stripThousands(text: string): string {
  return text.replace(/,/g, '');
}

/**
 * The number directive (spec trading §5) on every input: commas stripped, digits and at most one decimal point,
 * a leading minus only when `negative` is set, decimals cut at the configured count (default 10), and the numeric
 * input rule's cap at `max` (a negative value is below any cap).
 */
export function sanitizeNumberDirective(raw: string, options: NumberDirectiveOptions = {}): string {
  const text = stripThousands(raw).trimStart();
  const minus = options.negative === true && text.startsWith('-') ? '-' : '';
  const decimals = options.decimals ?? NUMBER_DIRECTIVE_DECIMALS;
  const digits = sanitizeNumericInput(text, { decimals, max: minus ? undefined : options.max });
  return minus + (options.thousands ? groupThousands(digits) : digits);
}

/** The parts of a keydown event the directive looks at. */
export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * Keys that edit or move without typing a character; and the keys of a composition (IME, Android keyboards send
 * 'Unidentified' or 'Process' for every key), whose text the change handler cleans instead.
 */
const EDITING_KEYS = new Set([
  'Unidentified',
  'Process',
  'PageUp',
  'PageDown',
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/**
 * Whether the directive lets a keydown through (spec trading §5): digits, one '.', '-' when allowed, editing keys,
 * and Ctrl/Cmd with a, c, v or x. Other shortcuts are refused as the spec lists only those four; function keys pass
 * (F5 must still reload). `current` is the field's text, to refuse a second dot or minus.
 */
export function isNumberDirectiveKey(event: KeyLike, options: NumberDirectiveOptions = {}, current = ''): boolean {
  if (event.ctrlKey || event.metaKey) return ['a', 'c', 'v', 'x'].includes(event.key.toLowerCase());
  if (EDITING_KEYS.has(event.key) || /^F\d{1,2}$/.test(event.key)) return true;
  if (/^\d$/.test(event.key)) return true;
  if (event.key === '.') return (options.decimals ?? NUMBER_DIRECTIVE_DECIMALS) > 0 && !current.includes('.');
  if (event.key === '-') return options.negative === true && !current.includes('-');
  return false;
}
