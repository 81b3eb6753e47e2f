import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthChecksum } from '../../../common/checksum.ts';
import { DepthFeed, type TickBook } from '../../../server/gateway/depth-feed.ts';

const META = { symbol: 'BTC/USDT', priceScale: 2, amountScale: 3 };

/** The exchange's book: price ticks → lots per side. */
class Model {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();

  set(side: 1 | 2, price: number, lots: number): void {
    const levels = side === 1 ? this.bids : this.asks;
    if (lots === 0) levels.delete(price);
    else levels.set(price, lots);
  }

  book(): TickBook {
    return {
      bids: [...this.bids].sort((a, b) => b[0] - a[0]).flat(),
      asks: [...this.asks].sort((a, b) => a[0] - b[0]).flat(),
    };
  }
}

/** What a client holds: wire price → wire volume per side. */
function apply(side: Map<number, number>, levels: number[]): void {
  for (let i = 0; i < levels.length; i += 2) {
    const volume = levels[i + 1] as number;
    if (volume === 0) side.delete(levels[i] as number);
    else side.set(levels[i] as number, volume);
  }
}

const change = fc.record({
  side: fc.constantFrom<1 | 2>(1, 2),
  // A narrow price range so levels are hit again and again within one window.
  price: fc.integer({ min: 1, max: 40 }),
  lots: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 })),
});

describe('DepthFeed', () => {
  it('diffs replayed on a snapshot give the book exactly, with matching checksums and contiguous seq', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(change, { maxLength: 30 }), { minLength: 1, maxLength: 25 }),
        fc.nat({ max: 24 }),
        (windows, joinAt) => {
          const model = new Model();
          const feed = new DepthFeed(META);
          let client: { bids: Map<number, number>; asks: Map<number, number>; seq: number } | null = null;
          windows.forEach((window, index) => {
            if (index === joinAt % windows.length) {
              const snapshot = feed.snapshot(0, model.book());
              client = { bids: new Map(), asks: new Map(), seq: snapshot.seq };
              apply(client.bids, snapshot.bids);
              apply(client.asks, snapshot.asks);
            }
            for (const { side, price, lots } of window) {
              model.set(side, price, lots);
              feed.record(side, price, lots);
            }
            const diff = feed.diff(index, model.book());
            expect(diff === null).toBe(window.length === 0);
            if (!diff || !client) return;
            const held: { bids: Map<number, number>; asks: Map<number, number>; seq: number } = client;
            expect([diff.prevSeq, diff.seq]).toEqual([held.seq, held.seq + 1]);
            for (const levels of [diff.bids, diff.asks]) {
              const prices = levels.filter((_, i) => i % 2 === 0);
              expect(new Set(prices).size).toBe(prices.length);
            }
            apply(held.bids, diff.bids);
            apply(held.asks, diff.asks);
            held.seq = diff.seq;
            const bids = [...held.bids].sort((a, b) => b[0] - a[0]).flat();
            const asks = [...held.asks].sort((a, b) => a[0] - b[0]).flat();
            const book = model.book();
            expect(bids).toEqual(book.bids.map((n, i) => (i % 2 ? n / 1000 : n / 100)));
            expect(asks).toEqual(book.asks.map((n, i) => (i % 2 ? n / 1000 : n / 100)));
            expect(diff.checksum).toBe(depthChecksum(bids, asks, META.priceScale, META.amountScale));
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('sends the final volume of a level that changed several times in one window, once', () => {
    const feed = new DepthFeed(META);
    feed.record(2, 10_050, 3_000);
    feed.record(2, 10_050, 0);
    feed.record(2, 10_050, 1_250);
    feed.record(1, 9_990, 0);
    const diff = feed.diff(1, { bids: [], asks: [10_050, 1_250] });
    expect(diff).toMatchObject({ seq: 1, prevSeq: 0, bids: [99.9, 0], asks: [100.5, 1.25] });
    expect(feed.changed).toBe(false);
    expect(feed.diff(2, { bids: [], asks: [10_050, 1_250] })).toBeNull();
  });

  it('covers only the top 25 levels per side in the checksum', () => {
    const feed = new DepthFeed(META);
    const side = (from: number, step: number) => Array.from({ length: 60 }, (_, i) => [from + i * step, 1 + i]).flat();
    const book = { bids: side(9_999, -1), asks: side(10_000, 1) };
    const deeper = { bids: [...book.bids.slice(0, 50), 1, 1], asks: book.asks.slice(0, 50) };
    expect(feed.checksum(book)).toBe(feed.checksum(deeper));
    expect(feed.checksum(book)).toBe(feed.snapshot(0, book).checksum);
  });
});
