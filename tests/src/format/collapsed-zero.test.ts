import { describe, expect, it } from 'vitest';
import {
  COLLAPSE_MIN_ZEROS,
  collapseZeros,
  formatCollapsedZero,
  subscript,
} from '../../../src/format/collapsed-zero.ts';
import { formatPrice } from '../../../src/format/price.ts';

describe('collapsed-zero notation (spec shell §9, trading §9: five or more leading zeros)', () => {
  it('collapses from five leading zeros on', () => {
    expect(COLLAPSE_MIN_ZEROS).toBe(5);
    expect(collapseZeros('0.00000123')).toEqual({ prefix: '0.0', zeros: 5, rest: '123' });
    expect(formatCollapsedZero('0.00000123')).toBe('0.0₅123');
    expect(formatCollapsedZero('0.000000000000456')).toBe('0.0₁₂456');
  });

  it('leaves four leading zeros or fewer as they are', () => {
    expect(collapseZeros('0.0000123')).toBeNull();
    expect(formatCollapsedZero('0.0000123')).toBe('0.0000123');
    expect(formatCollapsedZero('0.5')).toBe('0.5');
    expect(formatCollapsedZero('123.000000001')).toBe('123.000000001');
    expect(collapseZeros('1.0000001')).toBeNull();
  });

  it('does not collapse zero itself', () => {
    expect(collapseZeros('0.00000000')).toBeNull();
    expect(formatCollapsedZero('0.00000000')).toBe('0.00000000');
    expect(collapseZeros(0)).toBeNull();
  });

  it('keeps the sign and the written decimals', () => {
    expect(collapseZeros('-0.0000012')).toEqual({ prefix: '-0.0', zeros: 5, rest: '12' });
    expect(formatCollapsedZero('-0.0000012')).toBe('-0.0₅12');
    expect(formatCollapsedZero(formatPrice('0.0000012', 10))).toBe('0.0₅12000');
  });

  it('reads floats and exponents exactly', () => {
    expect(formatCollapsedZero(1.23e-8)).toBe('0.0₇123');
    expect(formatCollapsedZero('4.5e-6')).toBe('0.0₅45');
  });

  it('cuts the rest to maxDigits when asked, truncating', () => {
    expect(collapseZeros('0.000001234567', { maxDigits: 4 })).toEqual({ prefix: '0.0', zeros: 5, rest: '1234' });
    expect(formatCollapsedZero('0.000001239', { maxDigits: 2 })).toBe('0.0₅12');
  });

  it("shows '--' for NaN, undefined, empty and '--'", () => {
    for (const missing of [Number.NaN, undefined, null, '', '--', 'x']) {
      expect(formatCollapsedZero(missing)).toBe('--');
      expect(collapseZeros(missing)).toBeNull();
    }
  });

  it('writes any count as subscript digits', () => {
    expect(subscript(5)).toBe('₅');
    expect(subscript(10)).toBe('₁₀');
    expect(subscript(109)).toBe('₁₀₉');
  });
});
