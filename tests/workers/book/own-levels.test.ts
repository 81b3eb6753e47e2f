import { describe, expect, it } from 'vitest';
import { BOOK_COLUMNS } from '../../../workers/api.ts';
import { OwnLevels } from '../../../workers/book/index.ts';

/** A side's levels as the book extracts them: `[price, volume, cumVolume, value]` per level, best first. */
const levels = (...prices: number[]) => {
  const out = new Float64Array(prices.length * BOOK_COLUMNS);
  for (const [i, p] of prices.entries()) out.set([p, 1, i + 1, p], i * BOOK_COLUMNS);
  return out;
};

function marks(own: OwnLevels, side: Float64Array, groupTicks = 0): number[] {
  const out = new Float64Array(side.length / BOOK_COLUMNS);
  own.mark(side, groupTicks, 100, 10_000, out);
  return [...out];
}

describe("the user's own levels", () => {
  it('sums the resting volume of each bid level, skipping orders at prices the snapshot does not show', () => {
    const own = new OwnLevels(1);
    // 100.05 sits above the best bid shown (an order the book has not caught up with), 99.50 below the last shown.
    own.set([
      { ticks: 9_998, lots: 5_000 },
      { ticks: 10_005, lots: 1 },
      { ticks: 9_998, lots: 2_500 },
      { ticks: 10_000, lots: 100 },
      { ticks: 9_950, lots: 1 },
      { ticks: 9_999, lots: 0 },
    ]);
    expect(own.count).toBe(5);
    expect(marks(own, levels(100, 99.99, 99.98, 99.97))).toEqual([0.01, 0, 0.75, 0]);
  });

  it('puts an order in its bucket as the book groups: bids rounded down, asks up', () => {
    const bids = new OwnLevels(1);
    bids.set([{ ticks: 9_998, lots: 10_000 }]);
    expect(marks(bids, levels(100, 99.9, 99.8), 10)).toEqual([0, 1, 0]);
    const asks = new OwnLevels(2);
    asks.set([
      { ticks: 10_001, lots: 10_000 },
      { ticks: 10_010, lots: 10_000 },
      { ticks: 10_011, lots: 5_000 },
    ]);
    expect(marks(asks, levels(100.1, 100.2), 10)).toEqual([2, 0.5]);
    expect(marks(asks, levels(100.01, 100.02, 100.1, 100.11))).toEqual([1, 0, 1, 0.5]);
  });
});
