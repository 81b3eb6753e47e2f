import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crossingOf,
  hasCrossed,
  isLegTriggerValid,
  positionLegCrossing,
  type Trail,
  trailFirePrice,
  trailStep,
} from '../../../common/margin/triggers.ts';

const run = (trail: Trail, prices: number[]) => {
  let state = trail;
  const fired: number[] = [];
  for (const price of prices) {
    const step = trailStep(state, price);
    state = step.trail;
    if (step.fire) fired.push(price);
  }
  return { state, fired };
};

describe('plan and position triggers (research §1.8)', () => {
  it('fixes a plan order crossing at placement and fires on reaching the trigger', () => {
    expect(crossingOf(105, 100)).toBe('rise');
    expect(crossingOf(95, 100)).toBe('fall');
    expect(hasCrossed('rise', 105, 104)).toBe(false);
    expect(hasCrossed('rise', 105, 105)).toBe(true);
    expect(hasCrossed('fall', 95, 96)).toBe(false);
    expect(hasCrossed('fall', 95, 90)).toBe(true);
  });

  it('a long takes profit above and stops below; a short the reverse', () => {
    expect(positionLegCrossing(1, 'takeProfit')).toBe('rise');
    expect(positionLegCrossing(1, 'stopLoss')).toBe('fall');
    expect(positionLegCrossing(-1, 'takeProfit')).toBe('fall');
    expect(positionLegCrossing(-1, 'stopLoss')).toBe('rise');
    expect(isLegTriggerValid(1, 'takeProfit', 110, 100)).toBe(true);
    expect(isLegTriggerValid(1, 'takeProfit', 100, 100)).toBe(false);
    expect(isLegTriggerValid(-1, 'stopLoss', 110, 100)).toBe(true);
    expect(isLegTriggerValid(-1, 'takeProfit', 110, 100)).toBe(false);
  });
});

describe('trailing stop', () => {
  it('a sell trail waits for its activation price, tracks the high and fires 1 % below it', () => {
    const trail: Trail = { closingSide: 2, activePrice: 10_500, rate: 1_000_000n, extreme: null };
    const { state, fired } = run(trail, [10_000, 10_400, 10_500, 10_800, 10_700, 10_693, 10_692]);
    expect(state.extreme).toBe(10_800);
    expect(trailFirePrice(state)).toBe(10_692);
    expect(fired).toEqual([10_692]);
  });

  it('a buy trail without an activation price tracks the low at once and fires 1 % above it', () => {
    const trail: Trail = { closingSide: 1, activePrice: null, rate: 1_000_000n, extreme: null };
    const { state, fired } = run(trail, [10_000, 9_900, 9_950, 9_999]);
    expect(state.extreme).toBe(9_900);
    expect(trailFirePrice(state)).toBe(9_999);
    expect(fired).toEqual([9_999]);
  });

  it('fires exactly when the price crosses the fire price it shows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.bigInt({ min: 100_000n, max: 10_000_000n }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 50 }),
        (closingSide, rate, prices) => {
          let state: Trail = { closingSide, activePrice: null, rate, extreme: null };
          for (const price of prices) {
            const step = trailStep(state, price);
            state = step.trail;
            const at = trailFirePrice(state) as number;
            expect(step.fire).toBe(closingSide === 2 ? price <= at : price >= at);
          }
        },
      ),
    );
  });
});
