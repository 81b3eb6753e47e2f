import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DepthDiffFrame, DepthSnapshotFrame } from '../../../common/protocol.ts';
import { type ApplyResult, DepthBook, LEVEL_STRIDE } from '../../../workers/book/index.ts';
import { expectedRows, type Grid, groupLevels, ModelBook } from './model.ts';

/** Bids live on ticks 1–60 and asks on 61–120, so the model is never crossed; 60 levels a side spans the checksum's 25. */
const SPAN = 60;

const grid = fc.record({ priceScale: fc.integer({ min: 0, max: 6 }), amountScale: fc.integer({ min: 0, max: 8 }) });
const lots = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 2 ** 40 }));
const change = fc
  .tuple(fc.constantFrom<1 | 2>(1, 2), fc.integer({ min: 1, max: SPAN }), lots)
  .map(([side, offset, volume]): [1 | 2, number, number] => [side, side === 1 ? offset : SPAN + offset, volume]);
const changes = fc.array(change, { maxLength: 12 });

/** How one diff reaches the worker. */
type Delivery = 'ok' | 'drop' | 'twice' | 'swap' | 'replay';
const delivery = fc.constantFrom<Delivery>('ok', 'ok', 'ok', 'ok', 'drop', 'twice', 'swap', 'replay');

function rows(book: DepthBook, side: 1 | 2, depth = 2 * SPAN, group = 0): number[] {
  const out = new Float64Array(depth * LEVEL_STRIDE);
  const n = book.extract(side, depth, out, group);
  return [...out.subarray(0, n * LEVEL_STRIDE)];
}

function modelRows(model: ModelBook, side: 1 | 2): number[] {
  return expectedRows(model.levels(side), model.grid);
}

/** The server's timeline: the initial snapshot, diffs 1…n, and the snapshot and book after every diff. */
function timeline(g: Grid, initial: [1 | 2, number, number][], frames: [1 | 2, number, number][][]) {
  const model = new ModelBook(g);
  for (const [side, ticks, volume] of initial) model.set(side, ticks, volume);
  const snapshots: DepthSnapshotFrame[] = [model.snapshot()];
  const books: { bids: number[]; asks: number[] }[] = [{ bids: modelRows(model, 1), asks: modelRows(model, 2) }];
  const diffs: DepthDiffFrame[] = [];
  for (const frame of frames) {
    diffs.push(model.diff(frame));
    snapshots.push(model.snapshot());
    books.push({ bids: modelRows(model, 1), asks: modelRows(model, 2) });
  }
  return { snapshots, books, diffs };
}

describe('DepthBook against the reference model', () => {
  it('equals the model after every frame of an intact stream', () => {
    fc.assert(
      fc.property(grid, changes, fc.array(changes, { maxLength: 30 }), (g, initial, frames) => {
        const { snapshots, books, diffs } = timeline(g, initial, frames);
        const book = new DepthBook(g);
        expect(book.apply(snapshots[0] as DepthSnapshotFrame)).toBe('applied');
        diffs.forEach((diff, k) => {
          expect(book.apply(diff)).toBe('applied');
          const expected = books[k + 1] as { bids: number[]; asks: number[] };
          expect(rows(book, 1)).toEqual(expected.bids);
          expect(rows(book, 2)).toEqual(expected.asks);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('under drops, duplicates, swaps and replays: drops what is applied, detects the gap at once, never live while wrong', () => {
    fc.assert(
      fc.property(
        grid,
        changes,
        fc.array(fc.tuple(changes, delivery, fc.nat(), fc.boolean()), { minLength: 1, maxLength: 30 }),
        (g, initial, plan) => {
          const { snapshots, books, diffs } = timeline(
            g,
            initial,
            plan.map(([frame]) => frame),
          );
          const book = new DepthBook(g);
          // What the book must answer, from its state before the frame.
          const expectation = (frame: DepthSnapshotFrame | DepthDiffFrame): ApplyResult => {
            if (frame.kind === 'snapshot') return 'applied';
            if (book.status !== 'live') return 'ignored';
            // Already applied (Binance's rule): dropped; only a frame from the future is a gap.
            if (frame.seq <= book.seq) return 'duplicate';
            return frame.prevSeq === book.seq ? 'applied' : 'stale';
          };
          let duplicates = 0;
          const deliver = (frame: DepthSnapshotFrame | DepthDiffFrame) => {
            const expected = expectation(frame);
            expect(book.apply(frame)).toBe(expected);
            if (expected === 'stale') expect(book.lastReason).toBe('gap');
            if (expected === 'duplicate') duplicates++;
            expect(book.duplicates).toBe(duplicates);
            if (book.status === 'live') {
              const truth = books[book.seq] as { bids: number[]; asks: number[] };
              expect(rows(book, 1)).toEqual(truth.bids);
              expect(rows(book, 2)).toEqual(truth.asks);
            }
          };
          deliver(snapshots[0] as DepthSnapshotFrame);
          let held: DepthDiffFrame | null = null;
          plan.forEach(([, how, pick, resync], k) => {
            const diff = diffs[k] as DepthDiffFrame;
            if (held) {
              // The swapped frame arrives after its successor.
              deliver(diff);
              deliver(held);
              held = null;
            } else if (how === 'swap' && k + 1 < diffs.length) held = diff;
            else if (how === 'ok' || how === 'swap') deliver(diff);
            else if (how === 'twice') {
              deliver(diff);
              deliver(diff);
            } else if (how === 'replay') {
              deliver(diff);
              deliver(diffs[pick % (k + 1)] as DepthDiffFrame);
            }
            // The owner re-syncs a book that is not live: the snapshot at the server's current seq makes it exact.
            if (!held && book.status !== 'live' && resync) {
              book.markResyncing();
              deliver(snapshots[k + 1] as DepthSnapshotFrame);
              expect(book.status).toBe('live');
              expect(book.seq).toBe(k + 1);
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never re-syncs for late duplicates and replays alone: each is dropped, counted, and the book stays exact', () => {
    fc.assert(
      fc.property(
        grid,
        changes,
        fc.array(fc.tuple(changes, fc.array(fc.nat(), { maxLength: 3 })), { minLength: 1, maxLength: 30 }),
        (g, initial, plan) => {
          const { snapshots, books, diffs } = timeline(
            g,
            initial,
            plan.map(([frame]) => frame),
          );
          const book = new DepthBook(g);
          book.apply(snapshots[0] as DepthSnapshotFrame);
          let late = 0;
          plan.forEach(([, replays], k) => {
            expect(book.apply(diffs[k] as DepthDiffFrame)).toBe('applied');
            for (const pick of replays) expect(book.apply(diffs[pick % (k + 1)] as DepthDiffFrame)).toBe('duplicate');
            late += replays.length;
          });
          expect(book).toMatchObject({ status: 'live', resyncs: 0, duplicates: late, seq: diffs.length });
          const truth = books[diffs.length] as { bids: number[]; asks: number[] };
          expect(rows(book, 1)).toEqual(truth.bids);
          expect(rows(book, 2)).toEqual(truth.asks);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('catches a level changed on the way (checksum of the true book) when it lies in the checksummed top', () => {
    fc.assert(
      fc.property(grid, changes, changes, fc.nat(), lots, (g, initial, frame, pick, other) => {
        const model = new ModelBook(g);
        for (const [side, ticks, volume] of initial) model.set(side, ticks, volume);
        const book = new DepthBook(g);
        book.apply(model.snapshot());
        const diff = model.diff(frame);
        // Levels of the frame that are in the top 25 of the true book afterwards.
        const top = (side: 1 | 2) =>
          new Set(
            model
              .levels(side)
              .slice(0, 25)
              .map(([t]) => t),
          );
        const candidates: [side: 'bids' | 'asks', index: number][] = [];
        for (const key of ['bids', 'asks'] as const) {
          const tops = top(key === 'bids' ? 1 : 2);
          diff[key].forEach((x, i) => {
            if (i % 2 === 0 && tops.has(Math.round(x * 10 ** g.priceScale))) candidates.push([key, i + 1]);
          });
        }
        fc.pre(candidates.length > 0);
        const [key, index] = candidates[pick % candidates.length] as [side: 'bids' | 'asks', index: number];
        const volume = diff[key][index] as number;
        const altered = other / 10 ** g.amountScale;
        fc.pre(altered !== volume);
        diff[key][index] = altered;
        expect(book.apply(diff)).toBe('stale');
        expect(book.lastReason).toBe('checksum');
        expect(book.status).toBe('stale');
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a crossed snapshot, checksum and all', () => {
    fc.assert(
      fc.property(grid, changes, fc.integer({ min: 0, max: SPAN }), (g, initial, overlap) => {
        const model = new ModelBook(g);
        for (const [side, ticks, volume] of initial) model.set(side, ticks, volume);
        // A bid at or above the best ask.
        const bestAsk = model.levels(2)[0]?.[0] ?? SPAN + 1;
        model.set(1, bestAsk + overlap, 1);
        if (model.asks.size === 0) model.set(2, bestAsk, 1);
        const book = new DepthBook(g);
        expect(book.apply(model.snapshot())).toBe('stale');
        expect(book.lastReason).toBe('crossed');
        expect(book.status).toBe('stale');
      }),
    );
  });

  it('groups like a reference aggregation, with exact cumulative volume and value', () => {
    fc.assert(
      fc.property(
        grid,
        changes,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 2 * SPAN }),
        (g, initial, group, depth) => {
          const model = new ModelBook(g);
          for (const [side, ticks, volume] of initial) model.set(side, ticks, volume);
          const book = new DepthBook(g);
          book.apply(model.snapshot());
          for (const side of [1, 2] as const) {
            const expected = expectedRows(groupLevels(model.levels(side), side, group).slice(0, depth), g);
            expect(rows(book, side, depth, group)).toEqual(expected);
          }
        },
      ),
    );
  });
});
