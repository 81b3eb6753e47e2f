import { describe, expect, it } from 'vitest';
import { nextBudget } from '../../../src/canvas/surface.ts';

describe('frame budget of budgeted surfaces', () => {
  it('shrinks quickly after a late frame and grows back slowly, within bounds', () => {
    expect(nextBudget(4, 33.3)).toBeCloseTo(2.8);
    expect(nextBudget(4, 16.7)).toBeCloseTo(4.02);
    let ms = 8;
    for (let i = 0; i < 50; i++) ms = nextBudget(ms, 100);
    expect(ms).toBe(1);
    for (let i = 0; i < 1000; i++) ms = nextBudget(ms, 16.7);
    expect(ms).toBe(8);
  });
});
