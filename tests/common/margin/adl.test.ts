import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adlQuantiles, adlRank } from '../../../common/margin/adl.ts';

const U = 1_000_000n;

describe('auto-deleveraging rank (research §1.7)', () => {
  it('ranks profit times effective leverage, and loss divided by it', () => {
    // 10 % up on 1 000 of entry, equity 200: PnL% 0.1, effective leverage 1 100 / 200 = 5.5 → 0.55.
    expect(adlRank({ unrealized: 100n * U, cost: 1_000n * U, markValue: 1_100n * U, equity: 200n * U })).toBe(
      55_000_000n,
    );
    // 10 % down, equity 100: effective leverage 900 / 100 = 9 → −0.1 / 9.
    expect(adlRank({ unrealized: -100n * U, cost: 1_000n * U, markValue: 900n * U, equity: 100n * U })).toBe(
      -1_111_111n,
    );
  });

  it('puts the more leveraged of two equally profitable positions first', () => {
    const low = adlRank({ unrealized: 50n * U, cost: 500n * U, markValue: 550n * U, equity: 300n * U });
    const high = adlRank({ unrealized: 50n * U, cost: 500n * U, markValue: 550n * U, equity: 60n * U });
    expect(high > low).toBe(true);
  });

  it('lights the top fifth 4 and the bottom fifth 0; ties share a light', () => {
    expect(adlQuantiles([1n, 2n, 3n, 4n, 5n])).toEqual([0, 1, 2, 3, 4]);
    expect(adlQuantiles([5n])).toEqual([4]);
    expect(adlQuantiles([7n, 7n])).toEqual([4, 4]);
    expect(adlQuantiles([1n, 9n, 9n, 1n, 3n])).toEqual([1, 4, 4, 1, 2]);
    expect(adlQuantiles([])).toEqual([]);
  });

  it('never lights a higher rank below a lower one', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -1000n, max: 1000n }), { maxLength: 60 }), (ranks) => {
        const lights = adlQuantiles(ranks);
        for (let i = 0; i < ranks.length; i += 1) {
          for (let j = 0; j < ranks.length; j += 1) {
            if ((ranks[i] as bigint) > (ranks[j] as bigint))
              expect(lights[i]).toBeGreaterThanOrEqual(lights[j] as number);
          }
          expect(lights[i]).toBeGreaterThanOrEqual(0);
          expect(lights[i]).toBeLessThanOrEqual(4);
        }
      }),
    );
  });
});
