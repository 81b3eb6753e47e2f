import { describe, expect, it } from 'vitest';
import { BasisAverage, indexPrice, markPrice } from '../../../common/margin/mark.ts';

describe('index price (research §1.1)', () => {
  it('averages the sources within 5 % of their median', () => {
    expect(indexPrice([100_000, 100_200, 99_800])).toBe(100_000);
  });
  it('drops one source more than 5 % off', () => {
    expect(indexPrice([100_000, 100_200, 120_000])).toBe(100_100);
  });
  it('takes the median of all when more than one source is off', () => {
    expect(indexPrice([100_000, 80_000, 120_000, 100_400, 130_000])).toBe(100_400);
  });
  it('has no price without a source', () => {
    expect(indexPrice([])).toBeNull();
    expect(indexPrice([0, Number.NaN])).toBeNull();
  });
});

describe('mark price', () => {
  const base = { index: 100_000, fundingRate: 0n, msToFunding: 0, intervalMs: 8 * 3600_000, basisAverage: 0 };
  it('is the median of the funding-adjusted index, index + basis and the last price', () => {
    // P1 = 100 000 × (1 + 0.01 % × ½) = 100 005; P2 = 100 020; last 100 100 → 100 020.
    const mark = markPrice({
      ...base,
      fundingRate: 10_000n,
      msToFunding: 4 * 3600_000,
      basisAverage: 20,
      last: 100_100,
    });
    expect(mark).toBe(100_020);
  });
  it('is not moved by a last trade far off alone', () => {
    expect(markPrice({ ...base, basisAverage: 10, last: 150_000 })).toBe(100_010);
    expect(markPrice({ ...base, basisAverage: 10, last: 10 })).toBe(100_000);
  });
  it('before the first trade, uses the index as the third component', () => {
    expect(markPrice({ ...base, basisAverage: -30, last: null })).toBe(100_000);
  });
});

describe('basis moving average', () => {
  it('keeps the last n samples', () => {
    const average = new BasisAverage(3);
    for (const sample of [10, 20, 30, 40]) average.add(sample);
    expect(average.value()).toBe(30);
    expect(new BasisAverage().value()).toBe(0);
  });
});
