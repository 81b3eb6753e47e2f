import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookSide, HOLE_CHECK, MAX_HOLES } from '../../../workers/book/book-side.ts';
import { MAX_STEPS } from '../../../workers/book/units.ts';

/** Live levels of a side, best first, as `[key, lots]`; checks the side's invariants on the way. */
function live(side: BookSide): [number, number][] {
  const out: [number, number][] = [];
  let holes = 0;
  for (let i = side.count - 1; i >= 0; i--) {
    if (i > 0) expect(side.keys[i - 1] as number).toBeLessThan(side.keys[i] as number);
    const lots = side.lots[i] as number;
    if (lots === 0) holes++;
    else out.push([side.keys[i] as number, lots]);
  }
  if (side.count > 0) expect(side.lots[side.count - 1]).toBeGreaterThan(0);
  expect(side.holes).toBe(holes);
  expect(side.size).toBe(out.length);
  return out;
}

function model(levels: Map<number, number>): [number, number][] {
  return [...levels].sort((a, b) => b[0] - a[0]);
}

// Keys near each other (dense top), keys 4096 apart (the same hint slot) and keys far away.
const key = fc.oneof(
  fc.integer({ min: 1000, max: 1100 }),
  fc.integer({ min: 0, max: 6 }).map((k) => 1050 + 4096 * k),
  fc.integer({ min: 1, max: 1_000_000 }),
);
const volume = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 1_000_000 }));

describe('BookSide', () => {
  it('holds exactly the live levels of a Map under any updates, inserts and deletes', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(key, volume), { maxLength: 40 }), { maxLength: 40 }), (batches) => {
        const side = new BookSide(4);
        const levels = new Map<number, number>();
        for (const batch of batches) {
          side.merge(batch.flat(), 0, batch.length * 2, 1, 1);
          for (const [k, v] of batch) {
            if (v > 0) levels.set(k, v);
            else levels.delete(k);
          }
          expect(live(side)).toEqual(model(levels));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('counts holes after every HOLE_CHECK levels merged and compacts past MAX_HOLES, keeping the levels', () => {
    const side = new BookSide(16);
    const levels = new Map<number, number>();
    const flat: number[] = [];
    for (let k = 0; k < 1000; k++) {
      flat.push(k * 3, k + 1);
      levels.set(k * 3, k + 1);
    }
    side.merge(flat, 0, flat.length, 1, 1);
    // Every other level deep in the book: no insert ever fills these holes.
    const deletes: number[] = [];
    for (let k = 0; k < 2 * MAX_HOLES + 2; k += 2) {
      deletes.push(k * 3, 0);
      levels.delete(k * 3);
    }
    side.merge(deletes, 0, deletes.length, 1, 1);
    expect(side.holes).toBe(MAX_HOLES + 1); // not counted yet
    // Volume changes at the top until HOLE_CHECK levels have been merged since the load.
    for (let n = 1000 + MAX_HOLES + 1; n < HOLE_CHECK; n++) side.merge([2997, n], 0, 2, 1, 1);
    levels.set(2997, HOLE_CHECK - 1);
    expect(side.holes).toBe(0);
    expect(live(side)).toEqual(model(levels));
  });

  it('keeps holes bounded under any stream of deletes and revivals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9000 }), volume), { minLength: 6000, maxLength: 12_000 }),
        (updates) => {
          const side = new BookSide(16);
          for (const [k, v] of updates) {
            side.merge([k, v], 0, 2, 1, 1);
            expect(side.holes).toBeLessThanOrEqual(MAX_HOLES + HOLE_CHECK);
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it('fills a hole next to an insert instead of shifting, and shifts up to a near hole', () => {
    const side = new BookSide(16);
    side.merge([10, 1, 20, 1, 30, 1, 40, 1, 50, 1], 0, 10, 1, 1);
    side.merge([20, 0], 0, 2, 1, 1);
    expect(side.holes).toBe(1);
    side.merge([25, 7], 0, 2, 1, 1); // next to the hole left by 20
    expect(side.holes).toBe(0);
    expect(side.count).toBe(5);
    side.merge([40, 0, 12, 3], 0, 4, 1, 1); // a hole three slots above the insert
    expect(side.count).toBe(5);
    expect(live(side)).toEqual([
      [50, 1],
      [30, 1],
      [25, 7],
      [12, 3],
      [10, 1],
    ]);
  });

  it('never leaves a hole on top: deleting the best trims', () => {
    const side = new BookSide(16);
    side.merge([1, 1, 2, 1, 3, 1], 0, 6, 1, 1);
    side.merge([2, 0], 0, 2, 1, 1);
    side.merge([3, 0], 0, 2, 1, 1);
    expect(side.count).toBe(1);
    expect(side.holes).toBe(0);
    expect(live(side)).toEqual([[1, 1]]);
  });

  it('keys asks on −ticks so the best ask is last', () => {
    const side = new BookSide(16);
    side.merge([101, 1, 100, 2, 103, 3], 0, 6, -1, 1);
    expect(live(side)).toEqual([
      [-100, 2],
      [-101, 1],
      [-103, 3],
    ]);
  });

  it('skips levels it cannot hold exactly, on the fast path and the slow one', () => {
    const side = new BookSide(16);
    side.merge([5, 1, 6, 2], 0, 4, 1, 1);
    // New keys (the slow path) and known keys (the fast path) with a bad volume or key: nothing changes.
    side.merge([7, MAX_STEPS, MAX_STEPS, 1, 5, -1, 6, Number.NaN, Number.NaN, 3, 5, MAX_STEPS * 4 + 1], 0, 12, 1, 1);
    expect(live(side)).toEqual([
      [6, 2],
      [5, 1],
    ]);
  });
});
