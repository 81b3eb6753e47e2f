import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, toFixed } from '../../../common/decimal.ts';
import { fixedDown, PLACEHOLDER, toDecimal, wholeDigits } from '../../../common/format/value.ts';

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

describe('fixedDown and wholeDigits: the paint path without decimal.js', () => {
  /** Doubles of every size, and decimal strings as the server writes them. */
  const values = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e-3, max: 1e-3 }),
    fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,14}$/), fc.stringMatching(/^\d{0,18}$/))
      .map(([minus, whole, fraction]) => `${minus ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`),
  );

  it('truncates exactly as common/decimal toFixed with ROUND_DOWN, at any scale', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 12 }), (value, scale) => {
        const decimal = toDecimal(value);
        if (decimal === null) return;
        expect(fixedDown(decimal, scale)).toBe(toFixed(decimal, scale));
      }),
      { numRuns: 5000 },
    );
  });

  it('counts the digits before the point, so that "under 10" and "under 1000" need no decimal compare', () => {
    fc.assert(
      fc.property(values, (value) => {
        const decimal = toDecimal(value);
        if (decimal === null) return;
        const size = decimal.replace(/^-/, '');
        expect(wholeDigits(decimal) < 2).toBe(compare(size, '10') < 0);
        expect(wholeDigits(decimal) < 4).toBe(compare(size, '1000') < 0);
      }),
      { numRuns: 5000 },
    );
    expect([fixedDown('-0.001', 2), fixedDown('5', 3), fixedDown('123.456', 0), wholeDigits('0.5')]).toEqual([
      '0.00',
      '5.000',
      '123',
      1,
    ]);
  });
});
