import { describe, expect, it } from 'vitest';
import { readMarkPrices } from '../../../../../src/features/contract/market/mark-prices.ts';

describe('mark prices', () => {
  it('reads the columns of a mark view, and nothing before its first snapshot', () => {
    expect(readMarkPrices(null)).toBeNull();
    expect(readMarkPrices(new Float64Array(0))).toBeNull();
    expect(readMarkPrices(Float64Array.of(2000, 2001, -0.0002, 1_700_000_000_000, 5))).toEqual({
      index: 2000,
      mark: 2001,
      fundingRate: -0.0002,
      nextFundingTime: 1_700_000_000_000,
    });
  });
});
