/**
 * A synthetic depth stream, computed before anything is timed: 1000 levels a side around a random-walk mid, then diffs
 * of ~20 level updates each — 80 % volume changes of existing levels near the top, 10 % inserts near the mid, 10 %
 * deletes near the top — as flat wire arrays with the gateway's seq and checksum (common/checksum.ts), so the same
 * frames feed every implementation.
 */
import { depthChecksum } from '../../common/checksum.ts';
import { CHECKSUM_LEVELS, type DepthDiffFrame, type DepthSnapshotFrame } from '../../common/protocol.ts';
import { mulberry32 } from '../../server/sim/random.ts';

export const GRID = { priceScale: 2, amountScale: 5 } as const;
const PRICE_UNIT = 10 ** GRID.priceScale;
const AMOUNT_UNIT = 10 ** GRID.amountScale;
const CH = 'depth:BTC/USDT' as const;

export interface DepthStream {
  snapshot: DepthSnapshotFrame;
  diffs: DepthDiffFrame[];
  /** The same diffs as one flat `[price, volume, …]` array: frame k's bids are [offsets[2k], offsets[2k+1]), its asks
   * [offsets[2k+1], offsets[2k+2]). Every implementation reads its merge input from here, in cache-friendly order. A
   * packed array of doubles, the type our decoder hands the book (workers/feed/msgpack.ts), so the merge is timed on
   * the array type it meets in the worker. */
  flat: number[];
  offsets: Int32Array;
  /** Level updates in all diffs (each price at most once per diff, as the gateway sends them). */
  updates: number;
  counts: { update: number; insert: number; delete: number };
}

/** One side, best first: ticks and lots, kept sorted by splicing (the generator is not what is measured). */
class Side {
  readonly ticks: number[] = [];
  readonly lots = new Map<number, number>();

  constructor(readonly bid: boolean) {}

  /** Index where `ticks` belongs, best first. */
  indexOf(ticks: number): number {
    let a = 0;
    let b = this.ticks.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      const t = this.ticks[m] as number;
      if (this.bid ? t > ticks : t < ticks) a = m + 1;
      else b = m;
    }
    return a;
  }

  set(ticks: number, lots: number): void {
    const at = this.indexOf(ticks);
    const here = this.ticks[at] === ticks;
    if (lots > 0) {
      if (!here) this.ticks.splice(at, 0, ticks);
      this.lots.set(ticks, lots);
    } else if (here) {
      this.ticks.splice(at, 1);
      this.lots.delete(ticks);
    }
  }

  wire(depth: number): number[] {
    const out: number[] = [];
    for (const t of this.ticks.slice(0, depth)) out.push(t / PRICE_UNIT, (this.lots.get(t) as number) / AMOUNT_UNIT);
    return out;
  }
}

export function depthStream(updates: number, perFrame = 20, seed = 1): DepthStream {
  const random = mulberry32(seed);
  // Near the top: a geometric distance from the best level, mean ~6, so most hits are in the checksummed 25.
  const near = (max: number) => Math.min(max, Math.floor(-Math.log(1 - random()) * 6));
  const volume = () => 1 + Math.floor(random() * random() * 5_000_000);
  const bids = new Side(true);
  const asks = new Side(false);
  let mid = 6_500_000; // 65000.00
  for (let i = 0, b = mid - 1, a = mid + 1; i < 1000; i++) {
    bids.set(b, volume());
    asks.set(a, volume());
    // Gaps of 1–3 ticks leave room for inserts inside the book.
    b -= 1 + Math.floor(random() * 3);
    a += 1 + Math.floor(random() * 3);
  }
  const snapshot: DepthSnapshotFrame = {
    ch: CH,
    kind: 'snapshot',
    seq: 0,
    t: 0,
    bids: bids.wire(Number.POSITIVE_INFINITY),
    asks: asks.wire(Number.POSITIVE_INFINITY),
    checksum: 0,
  };
  snapshot.checksum = depthChecksum(snapshot.bids, snapshot.asks, GRID.priceScale, GRID.amountScale);
  const diffs: DepthDiffFrame[] = [];
  let total = 0;
  const pending = [new Map<number, number>(), new Map<number, number>()] as const;
  const counts = { update: 0, insert: 0, delete: 0 };
  while (total < updates) {
    // perFrame distinct levels: the gateway sends each level at most once per diff.
    while (pending[0].size + pending[1].size < perFrame) {
      if (random() < 0.05) mid += random() < 0.5 ? -1 : 1;
      const isBid = random() < 0.5;
      const side = isBid ? bids : asks;
      const other = isBid ? asks : bids;
      const changes = pending[isBid ? 0 : 1];
      const r = random();
      const size = side.ticks.length;
      // 10 % inserts and 10 % deletes; the side's size wanders between 800 and 1200 levels.
      const insert = (r < 0.1 && size < 1200) || (r < 0.2 && size <= 800);
      const remove = !insert && r < 0.2;
      if (insert) {
        // A new price near the mid, never through the other side's best.
        const otherBest = other.ticks[0] as number;
        let t = isBid ? mid - 1 - near(40) : mid + 1 + near(40);
        for (let tries = 0; side.lots.has(t) && tries < 20; tries++) t += isBid ? -1 : 1;
        t = isBid ? Math.min(t, otherBest - 1) : Math.max(t, otherBest + 1);
        if (side.lots.has(t) || changes.has(t)) continue;
        const lots = volume();
        side.set(t, lots);
        changes.set(t, lots);
        counts.insert++;
      } else {
        const t = side.ticks[near(size - 1)] as number;
        if (changes.has(t)) continue;
        const lots = remove ? 0 : volume();
        side.set(t, lots);
        changes.set(t, lots);
        if (remove) counts.delete++;
        else counts.update++;
      }
    }
    const flat = (m: Map<number, number>) => {
      const out: number[] = [];
      m.forEach((lots, t) => {
        out.push(t / PRICE_UNIT, lots / AMOUNT_UNIT);
      });
      m.clear();
      return out;
    };
    const seq = diffs.length + 1;
    const frame: DepthDiffFrame = {
      ch: CH,
      kind: 'diff',
      seq,
      prevSeq: seq - 1,
      t: seq,
      bids: flat(pending[0]),
      asks: flat(pending[1]),
      checksum: depthChecksum(
        bids.wire(CHECKSUM_LEVELS),
        asks.wire(CHECKSUM_LEVELS),
        GRID.priceScale,
        GRID.amountScale,
      ),
    };
    total += (frame.bids.length + frame.asks.length) / 2;
    diffs.push(frame);
  }
  const buffer = new Float64Array(total * 2);
  const offsets = new Int32Array(diffs.length * 2 + 1);
  let o = 0;
  diffs.forEach((frame, k) => {
    offsets[2 * k] = o;
    buffer.set(frame.bids, o);
    o += frame.bids.length;
    offsets[2 * k + 1] = o;
    buffer.set(frame.asks, o);
    o += frame.asks.length;
  });
  offsets[diffs.length * 2] = o;
  // Prices off the integer grid make this a packed array of doubles, like the decoder's.
  const flat = Array.from(buffer);
  return { snapshot, diffs, flat, offsets, updates: total, counts };
}
