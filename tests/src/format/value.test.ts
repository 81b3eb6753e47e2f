import { describe, expect, it } from 'vitest';
import { PLACEHOLDER, toDecimal } from '../../../src/format/value.ts';

describe('toDecimal: the exact decimal behind any input', () => {
  it("turns nothing and non-numbers into null (shown as '--')", () => {
    for (const bad of [undefined, null, '', '   ', 'abc', '1.2.3', '--', '1,234', Number.NaN, Infinity, -Infinity, '.'])
      expect(toDecimal(bad)).toBeNull();
    expect(PLACEHOLDER).toBe('--');
  });

  it('keeps the decimals a string was written with', () => {
    expect(toDecimal('0.50')).toBe('0.50');
    expect(toDecimal(' 12.3456789012345678901 ')).toBe('12.3456789012345678901');
    expect(toDecimal('007.10')).toBe('7.10');
    expect(toDecimal('.5')).toBe('0.5');
    expect(toDecimal('+3.')).toBe('3');
    expect(toDecimal('-0.000')).toBe('0.000');
  });

  it('writes exponents out in full', () => {
    expect(toDecimal('1.5e-7')).toBe('0.00000015');
    expect(toDecimal('2E+3')).toBe('2000');
    expect(toDecimal(1e-7)).toBe('0.0000001');
    expect(toDecimal(1.23e21)).toBe('1230000000000000000000');
    expect(toDecimal(-4.5e-10)).toBe('-0.00000000045');
  });

  it('drops float noise from numbers', () => {
    expect(toDecimal(0.1 + 0.2)).toBe('0.3');
    expect(toDecimal(0.7 + 0.1)).toBe('0.8');
    expect(toDecimal(1.005)).toBe('1.005');
    expect(toDecimal(-0)).toBe('0');
    expect(toDecimal(95000)).toBe('95000');
  });
});
