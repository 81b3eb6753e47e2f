import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsFactors, MAX_STEPS, steps, valueCents } from '../../../workers/book/units.ts';

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

describe('steps', () => {
  it('reads any grid number as its exact count of steps, either sign of unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 2 ** 50 }), (scale, count) => {
        // The wire number as the gateway writes it: the count printed with `scale` decimals, parsed back.
        const text = String(count).padStart(scale + 1, '0');
        const wire = Number(scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`);
        expect(steps(wire, 10 ** scale)).toBe(count);
        expect(steps(wire, -(10 ** scale))).toBe(count === 0 ? 0 : -count);
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds to the nearest step, ties to even', () => {
    expect(steps(0.1 + 0.2, 100)).toBe(30);
    expect(steps(65_000.129, 100)).toBe(6_500_013);
    expect(steps(2.5, 1)).toBe(2);
    expect(steps(3.5, 1)).toBe(4);
    expect(steps(-2.5, 1)).toBe(-2);
  });

  it('keeps what it cannot round exactly at or past MAX_STEPS, and NaN as NaN', () => {
    fc.assert(
      fc.property(fc.double({ min: MAX_STEPS, max: 1e300, noNaN: true }), (x) => {
        expect(steps(x, 1)).toBeGreaterThanOrEqual(MAX_STEPS);
        expect(steps(-x, 1)).toBeLessThanOrEqual(-MAX_STEPS);
      }),
    );
    expect(steps(Number.NaN, 100)).toBeNaN();
    expect(steps(Number.POSITIVE_INFINITY, 100)).toBe(Number.POSITIVE_INFINITY);
  });
});
