import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, div, toFixed } from '../../../common/decimal.ts';
import { abbreviate, SI_UNITS, type Unit } from '../../../common/format/numbers.ts';
import { magnitude, PLACEHOLDER, toDecimal } from '../../../common/format/value.ts';

/** The abbreviation as decimal.js does it (what abbreviate did before it moved the point on the text). */
function reference(value: number | string, units: readonly Unit[], decimals: number): string {
  const decimal = toDecimal(value);
  if (decimal === null) return PLACEHOLDER;
  for (const unit of units) {
    const divisor = `1${'0'.repeat(unit.power)}`;
    if (compare(magnitude(decimal), divisor) >= 0) {
      return `${toFixed(div(decimal, divisor, decimals), decimals)}${unit.suffix}`;
    }
  }
  return toFixed(decimal, decimals);
}

const WAN: readonly Unit[] = [
  { power: 8, suffix: '亿' },
  { power: 4, suffix: '万' },
];

describe('abbreviate: the point moved on the text', () => {
  const values = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e22, max: 1e22 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -2e4, max: 2e4 }),
    fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,24}$/), fc.stringMatching(/^\d{0,18}$/))
      .map(([minus, whole, fraction]) => `${minus ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`),
  );

  it('equals the exact division by the unit, truncated, for any value, unit table and decimals', () => {
    fc.assert(
      fc.property(values, fc.constantFrom(SI_UNITS, WAN), fc.integer({ min: 0, max: 6 }), (value, units, decimals) => {
        expect(abbreviate(value, units, decimals)).toBe(reference(value, units, decimals));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps the examples of spec §9', () => {
    expect(abbreviate('12345.6')).toBe('12.34K');
    expect(abbreviate('999.999')).toBe('999.99');
    expect(abbreviate('1000')).toBe('1.00K');
    expect(abbreviate('-1234567.891')).toBe('-1.23M');
    expect(abbreviate('0.5')).toBe('0.50');
    expect(abbreviate('1234567.891', WAN)).toBe('123.45万');
    expect(abbreviate('x')).toBe(PLACEHOLDER);
  });
});
