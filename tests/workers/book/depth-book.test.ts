import { describe, expect, it } from 'vitest';
import type { DepthDiffFrame } from '../../../common/protocol.ts';
import { DepthFeed } from '../../../server/gateway/depth-feed.ts';
import { DepthBook, LEVEL_STRIDE, toTicks } from '../../../workers/book/index.ts';
import { expectedRows, type Grid, type Levels, ModelBook } from './model.ts';

const GRID: Grid = { priceScale: 2, amountScale: 3 };

/** A model with bids 100.00–99.96 and asks 100.01–100.05, 1.000–5.000 each. */
function seeded(): ModelBook {
  const model = new ModelBook(GRID);
  for (let i = 0; i < 5; i++) {
    model.set(1, 10_000 - i, (i + 1) * 1000);
    model.set(2, 10_001 + i, (i + 1) * 1000);
  }
  return model;
}

function top(book: DepthBook, side: 1 | 2, depth = 4000): number[] {
  const out = new Float64Array(depth * LEVEL_STRIDE);
  const n = book.extract(side, depth, out);
  return [...out.subarray(0, n * LEVEL_STRIDE)];
}

function expectSameAs(book: DepthBook, model: ModelBook): void {
  expect(top(book, 1)).toEqual(expectedRows(model.levels(1), GRID));
  expect(top(book, 2)).toEqual(expectedRows(model.levels(2), GRID));
}

describe('DepthBook: snapshots', () => {
  it('waits for a snapshot before the first one and ignores diffs meanwhile', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    expect(book.status).toBe('resyncing');
    expect(book.apply(model.diff([[1, 9_990, 1]]))).toBe('ignored');
    expect(book.size(1)).toBe(0);
  });

  it('loads a snapshot: live at its seq, levels best first', () => {
    const model = seeded();
    model.seq = 41;
    const book = new DepthBook(GRID);
    expect(book.apply(model.snapshot(1234))).toBe('applied');
    expect(book.status).toBe('live');
    expect(book.seq).toBe(41);
    expect(book.updatedAt).toBe(1234);
    expect(book.bestBid()).toBe(10_000);
    expect(book.bestAsk()).toBe(10_001);
    expect(book.size(1)).toBe(5);
    expect(book.size(2)).toBe(5);
    expectSameAs(book, model);
  });

  it('replaces the whole book on a later snapshot', () => {
    const book = new DepthBook(GRID);
    book.apply(seeded().snapshot());
    const other = new ModelBook(GRID);
    other.set(1, 5_000, 7);
    other.seq = 3;
    expect(book.apply(other.snapshot())).toBe('applied');
    expect(book.size(1)).toBe(1);
    expect(book.size(2)).toBe(0);
    expect(book.bestAsk()).toBeNaN();
    expectSameAs(book, other);
  });

  it('loads an unsorted snapshot with repeated prices and empty levels the way the levels say', () => {
    const book = new DepthBook(GRID);
    const model = seeded();
    const frame = model.snapshot();
    // Same book, written out of order, with a level repeated and a zero volume that means nothing.
    frame.bids = [99.97, 4, 100, 1, 99.96, 5, 99.99, 2, 99.98, 3, 99.5, 0, 99.99, 2];
    expect(book.apply(frame)).toBe('applied');
    expectSameAs(book, model);
  });

  it('grows past its first capacity', () => {
    const model = new ModelBook(GRID);
    for (let i = 0; i < 1500; i++) {
      model.set(1, 50_000 - i, 1 + i);
      model.set(2, 50_001 + 2 * i, 1 + i);
    }
    const book = new DepthBook(GRID);
    expect(book.apply(model.snapshot())).toBe('applied');
    // Inserts in between every ask level, then deletes of every other bid.
    const changes: [1 | 2, number, number][] = [];
    for (let i = 0; i < 1500; i++) changes.push([2, 50_002 + 2 * i, 9]);
    for (let i = 0; i < 1500; i += 2) changes.push([1, 50_000 - i, 0]);
    expect(book.apply(model.diff(changes))).toBe('applied');
    expect(book.size(2)).toBe(3000);
    expect(book.size(1)).toBe(750);
    expectSameAs(book, model);
  });
});

describe('DepthBook: diffs', () => {
  it('merges a diff that follows on: update, insert and delete (volume 0)', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const diff = model.diff(
      [
        [1, 10_000, 7_500],
        [1, 9_995, 1],
        [2, 10_003, 0],
        [2, 10_100, 42],
      ],
      99,
    );
    expect(book.apply(diff)).toBe('applied');
    expect(book.seq).toBe(1);
    expect(book.updatedAt).toBe(99);
    expectSameAs(book, model);
  });

  it('takes the time of the owner when given', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot(5), 777);
    expect(book.updatedAt).toBe(777);
  });

  it('ignores a delete of a level that is not there', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    expect(book.apply(model.diff([[1, 1, 0]]))).toBe('applied');
    expectSameAs(book, model);
  });

  it('goes stale on a gap, counts it and ignores diffs until a snapshot', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    model.diff([[1, 9_990, 1]]); // lost on the way
    const next = model.diff([[1, 9_991, 1]]);
    expect(book.apply(next)).toBe('stale');
    expect(book.status).toBe('stale');
    expect(book.lastReason).toBe('gap');
    expect(book.resyncs).toBe(1);
    expect(book.seq).toBe(0);
    // Even a diff that would follow on from the frame that made it stale is not merged.
    expect(book.apply(model.diff([[1, 9_992, 1]]))).toBe('ignored');
    expect(book.status).toBe('stale');
    expect(book.apply(model.snapshot())).toBe('applied');
    expect(book.status).toBe('live');
    expect(book.resyncs).toBe(1);
    expectSameAs(book, model);
  });

  it('drops a re-delivery of the last diff without going stale, and counts it', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const diff = model.diff([
      [1, 10_000, 0],
      [2, 10_001, 3],
    ]);
    expect(book.apply(diff)).toBe('applied');
    expect(book.apply(diff)).toBe('duplicate');
    expect(book.status).toBe('live');
    expect(book.seq).toBe(1);
    expect(book.duplicates).toBe(1);
    expect(book.resyncs).toBe(0);
    expectSameAs(book, model);
  });

  it('drops the diff already folded into the snapshot it loaded', () => {
    const model = seeded();
    const diff = model.diff([[2, 10_001, 0]]);
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    expect(book.apply(diff)).toBe('duplicate');
    expect(book.duplicates).toBe(1);
    expectSameAs(book, model);
  });

  it("drops a late older duplicate (Binance: drop seq ≤ the book's): merging it again would undo later changes", () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const first = model.diff([[1, 10_000, 1]]);
    book.apply(first);
    book.apply(model.diff([[1, 10_000, 2]]));
    expect(book.apply(first)).toBe('duplicate');
    expect(book.status).toBe('live');
    expect(book.seq).toBe(2);
    expect(book.resyncs).toBe(0);
    expect(book.lastReason).toBeNull();
    expect(book.duplicates).toBe(1);
    expectSameAs(book, model);
    // The stream goes on from where the book is.
    expect(book.apply(model.diff([[2, 10_002, 9]]))).toBe('applied');
    expectSameAs(book, model);
  });

  it('does not count a duplicate while it waits for a snapshot', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    const diff = model.diff([[1, 9_990, 1]]);
    book.apply(model.snapshot());
    book.markResyncing();
    expect(book.apply(diff)).toBe('ignored');
    expect(book.duplicates).toBe(0);
  });

  it('treats a diff from the future (prevSeq beyond the book) as a gap', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const future: DepthDiffFrame = { ...model.diff([[1, 10_000, 1]]), seq: 7, prevSeq: 6 };
    expect(book.apply(future)).toBe('stale');
    expect(book.lastReason).toBe('gap');
    expect(book.duplicates).toBe(0);
  });

  it("merges a coalesced diff that starts before the book's seq and ends after it (absolute volumes)", () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    book.apply(model.diff([[1, 9_990, 4]]));
    const second = model.diff([[1, 9_991, 5]]);
    book.apply(second);
    const third = model.diff([[2, 10_001, 0]]);
    const coalesced: DepthDiffFrame = {
      ...third,
      prevSeq: 1,
      bids: [...second.bids, ...third.bids],
      asks: [...second.asks, ...third.asks],
    };
    expect(book.apply(coalesced)).toBe('applied');
    expect(book.seq).toBe(3);
    expectSameAs(book, model);
  });

  it('treats a diff that jumps backwards with a matching seq but wrong prevSeq as a gap', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const diff: DepthDiffFrame = { ...model.diff([[1, 10_000, 1]]), prevSeq: 5 };
    expect(book.apply(diff)).toBe('stale');
    expect(book.lastReason).toBe('gap');
  });

  it('keeps ignoring diffs after markResyncing until the snapshot comes', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    book.apply(model.diff([[1, 1, 1]]));
    model.diff([[1, 2, 1]]);
    book.apply(model.diff([[1, 3, 1]]));
    book.markResyncing();
    expect(book.status).toBe('resyncing');
    expect(book.apply(model.diff([[1, 4, 1]]))).toBe('ignored');
    expect(book.status).toBe('resyncing');
    expect(book.apply(model.snapshot())).toBe('applied');
    expect(book.seq).toBe(model.seq);
    expectSameAs(book, model);
  });
});

describe('DepthBook: verification', () => {
  it('goes stale when the checksum does not match the merged book', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const diff = model.diff([[1, 10_000, 1_500]]);
    diff.bids = [100, 1.499]; // one lot off, checksum of the true book
    expect(book.apply(diff)).toBe('stale');
    expect(book.lastReason).toBe('checksum');
    expect(book.resyncs).toBe(1);
  });

  it('refuses a snapshot whose checksum does not match', () => {
    const book = new DepthBook(GRID);
    const frame = seeded().snapshot();
    frame.checksum ^= 1;
    expect(book.apply(frame)).toBe('stale');
    expect(book.status).toBe('stale');
    expect(book.lastReason).toBe('checksum');
  });

  it('refuses a crossed snapshot even with a correct checksum', () => {
    const model = seeded();
    model.set(1, 10_002, 1_000);
    const book = new DepthBook(GRID);
    expect(book.apply(model.snapshot())).toBe('stale');
    expect(book.lastReason).toBe('crossed');
  });

  it('counts a bid equal to the best ask as crossed', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    expect(book.apply(model.diff([[1, 10_001, 1]]))).toBe('stale');
    expect(book.lastReason).toBe('crossed');
  });

  it('does not call a one-sided book crossed', () => {
    const model = new ModelBook(GRID);
    model.set(2, 1, 1);
    const book = new DepthBook(GRID);
    expect(book.apply(model.snapshot())).toBe('applied');
    expect(book.bestBid()).toBeNaN();
  });

  it('an empty book is live and its checksum is the CRC of nothing', () => {
    const book = new DepthBook(GRID);
    expect(book.apply(new ModelBook(GRID).snapshot())).toBe('applied');
    expect(book.checksum()).toBe(0);
  });

  it('skips levels that are not numbers; the checksum then reports the damage', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const diff = model.diff([[1, 9_000, 5]]);
    diff.bids = [Number.NaN, 1, 90, Number.POSITIVE_INFINITY, 90, -1];
    expect(book.apply(diff)).toBe('stale');
    expect(book.lastReason).toBe('checksum');
    expect(top(book, 1)).toEqual(expectedRows(seeded().levels(1), GRID));
  });
});

describe('DepthBook: small things', () => {
  it('clear empties the book and waits for a snapshot, keeping the counters', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    book.apply({ ...model.snapshot(), checksum: 1 });
    book.clear();
    expect(book.size(1)).toBe(0);
    expect(book.size(2)).toBe(0);
    expect(book.bestBid()).toBeNaN();
    expect(book.status).toBe('resyncing');
    expect(book.resyncs).toBe(1);
    expect(book.apply(model.snapshot())).toBe('applied');
    expectSameAs(book, model);
  });

  it('toTicks rounds wire numbers to the grid', () => {
    expect(toTicks(0.1 + 0.2, 2)).toBe(30);
    expect(toTicks(65_000.12, 2)).toBe(6_500_012);
    expect(toTicks(1.005, 3)).toBe(1_005);
    expect(toTicks(12, 0)).toBe(12);
  });

  it('reads the frames of the real gateway feed', () => {
    const meta = { symbol: 'BTC/USDT', ...GRID };
    const feed = new DepthFeed(meta);
    const model = seeded();
    const tickBook = () => ({
      bids: model.levels(1).flat(),
      asks: model.levels(2).flat(),
    });
    const book = new DepthBook(GRID);
    expect(book.apply(feed.snapshot(0, tickBook()))).toBe('applied');
    const changes: [1 | 2, number, number][] = [
      [1, 10_000, 0],
      [1, 9_999, 123],
      [2, 10_002, 1],
    ];
    for (const [side, ticks, lots] of changes) {
      model.set(side, ticks, lots);
      feed.record(side, ticks, lots);
    }
    const diff = feed.diff(1, tickBook());
    expect(diff).not.toBeNull();
    expect(book.apply(diff as DepthDiffFrame)).toBe('applied');
    expectSameAs(book, model);
  });
});

describe('DepthBook: extract', () => {
  const levels = (model: ModelBook, side: 1 | 2): Levels => model.levels(side);

  it('writes price, volume, cumulative volume and value per level, best first', () => {
    const model = seeded();
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    expect(top(book, 1, 2)).toEqual([100, 1, 1, 100, 99.99, 2, 3, 199.98]);
    expect(top(book, 2, 1)).toEqual([100.01, 1, 1, 100.01]);
    expect(top(book, 2)).toEqual(expectedRows(levels(model, 2), GRID));
  });

  it('stops where out is full and writes from `at`', () => {
    const book = new DepthBook(GRID);
    book.apply(seeded().snapshot());
    const out = new Float64Array(2 * LEVEL_STRIDE + 1);
    expect(book.extract(1, 10, out)).toBe(2);
    const both = new Float64Array(3 * LEVEL_STRIDE);
    expect(book.extract(2, 2, both, 0, LEVEL_STRIDE)).toBe(2);
    expect([...both.subarray(0, LEVEL_STRIDE)]).toEqual([0, 0, 0, 0]);
    expect(both[LEVEL_STRIDE]).toBe(100.01);
  });

  it('rounds value half up to cents', () => {
    const grid = { priceScale: 3, amountScale: 1 };
    const model = new ModelBook(grid);
    model.set(1, 1_005, 5); // 1.005 × 0.5 = 0.5025 → 0.50
    model.set(2, 1_025, 2); // 1.025 × 0.2 = 0.205 → 0.21 (half up)
    const book = new DepthBook(grid);
    book.apply(model.snapshot());
    const out = new Float64Array(LEVEL_STRIDE);
    book.extract(1, 1, out);
    expect(out[3]).toBe(0.5);
    book.extract(2, 1, out);
    expect(out[3]).toBe(0.21);
  });

  it('keeps value exact where ticks × lots passes 2^53', () => {
    const grid = { priceScale: 2, amountScale: 8 };
    const model = new ModelBook(grid);
    // 100000.00 × 1234.56789012 = 123456789.012 → 123456789.01; 1e7 ticks × 123456789012 lots ≈ 1.2e18.
    model.set(1, 10_000_000, 123_456_789_012);
    model.set(2, 10_000_001, 50_000_000_000); // 100000.01 × 500 = 50000005.00
    const book = new DepthBook(grid);
    book.apply(model.snapshot());
    const out = new Float64Array(LEVEL_STRIDE);
    book.extract(1, 1, out);
    expect([...out]).toEqual([100_000, 1234.56789012, 1234.56789012, 123_456_789.01]);
    book.extract(2, 1, out);
    expect(out[3]).toBe(50_000_005);
  });

  it('groups bids down and asks up to the bucket, summing volumes', () => {
    const model = new ModelBook(GRID);
    // Bids 100.07, 100.03, 99.99; asks 100.11, 100.15, 100.20, 100.21.
    for (const [t, l] of [
      [10_007, 1_000],
      [10_003, 2_000],
      [9_999, 4_000],
    ] as const)
      model.set(1, t, l);
    for (const [t, l] of [
      [10_011, 1_000],
      [10_015, 500],
      [10_020, 250],
      [10_021, 1],
    ] as const)
      model.set(2, t, l);
    const book = new DepthBook(GRID);
    book.apply(model.snapshot());
    const out = new Float64Array(10 * LEVEL_STRIDE);
    // Buckets of 0.10: bids 100.00 (1 + 2) and 99.90 (4); asks 100.20 (1 + 0.5 + 0.25) and 100.30 (0.001).
    expect(book.extract(1, 10, out, 10)).toBe(2);
    expect([...out.subarray(0, 8)]).toEqual([100, 3, 3, 300, 99.9, 4, 7, 399.6]);
    expect(book.extract(2, 10, out, 10)).toBe(2);
    expect([...out.subarray(0, 8)]).toEqual([100.2, 1.75, 1.75, 175.35, 100.3, 0.001, 1.751, 0.1]);
    expect(book.extract(2, 1, out, 10)).toBe(1);
  });
});

describe("DepthBook: a perpetual's value column", () => {
  it('values a level as price × contracts × contract size, in the settle coin', () => {
    const grid = { priceScale: 2, amountScale: 0 };
    for (const [valueScale, value] of [
      [2, 340_000 * 3 * 0.01],
      [-2, 340_000 * 3 * 100],
      [0, 340_000 * 3],
    ] as const) {
      const model = new ModelBook(grid);
      model.set(1, 34_000_000, 3);
      const book = new DepthBook({ ...grid, valueScale });
      book.apply(model.snapshot(1));
      // [price, volume, cumVolume, value]: 340000.00 for 3 contracts.
      expect(top(book, 1)).toEqual([340_000, 3, 3, value]);
    }
  });
});
