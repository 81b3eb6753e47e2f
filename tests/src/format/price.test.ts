import { describe, expect, it } from 'vitest';
import { formatChangePercent, formatPrice } from '../../../src/format/price.ts';

describe('price formats (spec shell §9)', () => {
  it('shows priceScale decimals, truncated downward', () => {
    expect(formatPrice('95000.129', 2)).toBe('95000.12');
    expect(formatPrice('0.5', 4)).toBe('0.5000');
    expect(formatPrice('abc', 2)).toBe('--');
  });

  it('shows change as a percent with 2 decimals and a plus sign when not negative', () => {
    expect(formatChangePercent(0.01234)).toBe('+1.23%');
    expect(formatChangePercent(0)).toBe('+0.00%');
    expect(formatChangePercent(-0.0567)).toBe('-5.67%');
    expect(formatChangePercent(Number.NaN)).toBe('--');
  });
});
