/**
 * The replay of a depth recording through the worker's own frame validation and book (the code the data plane runs).
 * Recording format (JSON Lines): a `market` line `{"kind":"market","ch","priceScale","volumeScale"}`, then one line
 * per frame `{"kind":"snapshot"|"diff","seq","prevSeq","bids","asks","checksum"?}`.
 */
import type { DepthDiffFrame, DepthSnapshotFrame } from '../../common/protocol.ts';
import { DepthBook, LEVEL_STRIDE } from '../../workers/book/index.ts';
import { validateFrame } from '../../workers/feed/index.ts';

interface MarketLine {
  kind: 'market';
  ch: string;
  priceScale: number;
  volumeScale: number;
}

export interface ReplayResult {
  seq: number;
  stale: boolean;
  resyncs: number;
  /** Diffs dropped as already applied. */
  duplicates: number;
  /** Lines that were not valid frames (counted and skipped, as the feed drops them). */
  rejected?: number;
  /** `[price, volume, cumVolume, value]` per level, best first. */
  bids: number[][];
  asks: number[][];
}

/** Replays the lines of a recording; a gap leaves the book stale until the next snapshot line. */
export function replay(lines: readonly string[], depth = 50): ReplayResult {
  const rows = lines.filter((line) => line.trim() !== '');
  const header = JSON.parse(rows[0] ?? '{}') as MarketLine;
  if (header.kind !== 'market') throw new Error('the first line of a recording must be the market line');
  const grid = { priceScale: header.priceScale, amountScale: header.volumeScale };
  const book = new DepthBook(grid);
  let rejected = 0;
  for (const line of rows.slice(1)) {
    const raw = JSON.parse(line) as Record<string, unknown>;
    // A recording may leave the checksum out; such a frame is checked for sequence and crossing only.
    const checked = typeof raw.checksum === 'number';
    const frame = validateFrame({ prevSeq: 0, ...raw, ch: header.ch, t: 0, checksum: checked ? raw.checksum : 0 });
    if (!frame || (frame.kind !== 'snapshot' && frame.kind !== 'diff')) {
      rejected++;
      continue;
    }
    const depthFrame = frame as DepthSnapshotFrame | DepthDiffFrame;
    book.apply(checked ? depthFrame : { ...depthFrame, checksum: checksumAfter(book, depthFrame, grid) });
  }
  const side = (s: 1 | 2): number[][] => {
    const out = new Float64Array(depth * LEVEL_STRIDE);
    const n = book.extract(s, depth, out);
    return Array.from({ length: n }, (_, i) => [...out.subarray(i * LEVEL_STRIDE, (i + 1) * LEVEL_STRIDE)]);
  };
  return {
    seq: book.seq,
    stale: book.status !== 'live',
    resyncs: book.resyncs,
    duplicates: book.duplicates,
    ...(rejected > 0 ? { rejected } : {}),
    bids: side(1),
    asks: side(2),
  };
}

/** The checksum the book will have after the frame, for frames recorded without one. */
function checksumAfter(
  current: DepthBook,
  frame: DepthSnapshotFrame | DepthDiffFrame,
  grid: { priceScale: number; amountScale: number },
): number {
  const probe = new DepthBook(grid);
  if (frame.kind === 'diff') {
    for (const s of [1, 2] as const) {
      const rows = new Float64Array(current.size(s) * LEVEL_STRIDE);
      const n = current.extract(s, current.size(s), rows);
      const levels: number[] = [];
      for (let i = 0; i < n; i++) levels.push(rows[i * LEVEL_STRIDE] as number, rows[i * LEVEL_STRIDE + 1] as number);
      probe.merge(s, levels);
    }
  }
  probe.merge(1, frame.bids);
  probe.merge(2, frame.asks);
  return probe.checksum();
}
