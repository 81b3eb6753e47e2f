import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checksumText, crc32, depthChecksum } from '../../../common/checksum.ts';
import { DepthBook } from '../../../workers/book/index.ts';
import { ModelBook } from './model.ts';

// Up to 2^50 ticks or lots: beyond 2^51 the wire number ticks / 10^scale no longer rounds back to ticks (DESIGN §4).
const magnitude = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: 10_000_000 }),
  fc.integer({ min: 1, max: 2 ** 50 }),
);

describe('DepthBook checksum', () => {
  it('equals depthChecksum of common/checksum.ts for any grid and magnitude', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        fc.uniqueArray(fc.tuple(magnitude, magnitude), { selector: ([t]) => t, maxLength: 40 }),
        fc.uniqueArray(fc.tuple(magnitude, magnitude), { selector: ([t]) => t, maxLength: 40 }),
        (priceScale, amountScale, bids, asks) => {
          const model = new ModelBook({ priceScale, amountScale });
          // Asks above every bid so the book is not crossed, and below the book's limit of 2^51 (units.ts MAX_STEPS).
          for (const [t, l] of bids) model.set(1, t, l);
          for (const [t, l] of asks) model.set(2, 2 ** 50 + 1 + Math.floor(t / 2), l);
          const book = new DepthBook({ priceScale, amountScale });
          expect(book.apply(model.snapshot())).toBe('applied');
          const text = checksumText(model.wire(1, 25), model.wire(2, 25), priceScale, amountScale);
          expect(book.checksum()).toBe(crc32(text));
          expect(book.checksum()).toBe(model.checksum());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes small numbers with a leading zero and no point at scale 0', () => {
    const model = new ModelBook({ priceScale: 4, amountScale: 0 });
    model.set(1, 5, 7); // "0.0005:7"
    model.set(2, 10_000, 1); // "1.0000:1"
    const book = new DepthBook({ priceScale: 4, amountScale: 0 });
    book.apply(model.snapshot());
    expect(book.checksum()).toBe(crc32('0.0005:7:1.0000:1'));
    expect(book.checksum()).toBe(depthChecksum([0.0005, 7], [1, 1], 4, 0));
  });

  it('keeps the checksum right when only one side or only deep levels change', () => {
    const grid = { priceScale: 2, amountScale: 2 };
    const model = new ModelBook(grid);
    for (let i = 0; i < 40; i++) {
      model.set(1, 1000 - i, 1 + i);
      model.set(2, 1001 + i, 1 + i);
    }
    const book = new DepthBook(grid);
    book.apply(model.snapshot());
    const steps: [1 | 2, number, number][][] = [
      [[2, 1001, 99]], // asks only
      [[1, 960, 5]], // bid 40 levels deep: top unchanged
      [[1, 976, 0]], // bid 25th level deleted: the 26th moves up
      [[2, 1100, 3]], // ask far away
      [[1, 1000, 0]], // best bid gone
    ];
    for (const frame of steps) {
      expect(book.apply(model.diff(frame))).toBe('applied');
      expect(book.checksum()).toBe(model.checksum());
    }
  });
});
