import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsFactors, valueCents } from '../../../workers/book/units.ts';

/** ticks × lots in cents, half up, in exact BigInt arithmetic. */
function reference(ticks: number, lots: number, priceScale: number, amountScale: number): number {
  const k = priceScale + amountScale - 2;
  const product = BigInt(ticks) * BigInt(lots);
  if (k <= 0) return Number(product * 10n ** BigInt(-k));
  const d = 10n ** BigInt(k);
  const q = product / d;
  return Number(2n * (product % d) >= d ? q + 1n : q);
}

describe('valueCents', () => {
  it('is price × volume in cents, half up, exactly, on every grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000_000 }),
        (priceScale, amountScale, ticks, lots) => {
          const { divisor, multiplier } = centsFactors(priceScale, amountScale);
          const expected = reference(ticks, lots, priceScale, amountScale);
          fc.pre(expected <= Number.MAX_SAFE_INTEGER);
          expect(valueCents(ticks, lots, divisor, multiplier)).toBe(expected);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rounds a half cent up', () => {
    // 0.05 × 0.1 = 0.005 → 0.01
    const { divisor, multiplier } = centsFactors(2, 1);
    expect(valueCents(5, 1, divisor, multiplier)).toBe(1);
  });
});
