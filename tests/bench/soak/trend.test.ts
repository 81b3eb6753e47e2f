import { describe, expect, it } from 'vitest';
import { slopePer10Min } from '../../../bench/soak/trend.ts';

describe('soak trend', () => {
  it('is the least-squares slope as % of the first value per 10 minutes', () => {
    const points = [0, 1, 2, 3, 4].map((minute) => ({ minute, value: 100 + minute }));
    expect(slopePer10Min(points)).toBeCloseTo(10);
    const flat = [0, 1, 2, 3].map((minute) => ({ minute, value: minute % 2 === 0 ? 99 : 101 }));
    expect(Math.abs(slopePer10Min(flat))).toBeLessThan(5);
  });

  it('has no trend from fewer than two points', () => {
    expect(slopePer10Min([{ minute: 1, value: 5 }])).toBeNaN();
  });
});
