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

/** The generator's state: the two sides, the wandering mid, and the levels changed in the frame being built. */
class DiffMaker {
  readonly bids = new Side(true);
  readonly asks = new Side(false);
  readonly counts = { update: 0, insert: 0, delete: 0 };
  private readonly pending = [new Map<number, number>(), new Map<number, number>()] as const;
  private mid = 6_500_000; // 65000.00

  constructor(private readonly random: () => number) {}

  /** Near the top: a geometric distance from the best level, mean ~6, so most hits are in the checksummed 25. */
  private near(max: number): number {
    return Math.min(max, Math.floor(-Math.log(1 - this.random()) * 6));
  }

  private volume(): number {
    return 1 + Math.floor(this.random() * this.random() * 5_000_000);
  }

  /** 1000 levels a side around the mid. */
  seed(): void {
    for (let i = 0, b = this.mid - 1, a = this.mid + 1; i < 1000; i++) {
      this.bids.set(b, this.volume());
      this.asks.set(a, this.volume());
      // Gaps of 1–3 ticks leave room for inserts inside the book.
      b -= 1 + Math.floor(this.random() * 3);
      a += 1 + Math.floor(this.random() * 3);
    }
  }

  /** perFrame distinct levels: the gateway sends each level at most once per diff. */
  fill(perFrame: number): void {
    const pending = this.pending;
    while (pending[0].size + pending[1].size < perFrame) {
      if (this.random() < 0.05) this.mid += this.random() < 0.5 ? -1 : 1;
      const isBid = this.random() < 0.5;
      const r = this.random();
      const size = (isBid ? this.bids : this.asks).ticks.length;
      // 10 % inserts and 10 % deletes; the side's size wanders between 800 and 1200 levels.
      const insert = (r < 0.1 && size < 1200) || (r < 0.2 && size <= 800);
      if (insert) this.insert(isBid);
      else this.change(isBid, r < 0.2);
    }
  }

  /** A new price near the mid, never through the other side's best. */
  private insert(isBid: boolean): void {
    const side = isBid ? this.bids : this.asks;
    const changes = this.pending[isBid ? 0 : 1];
    const otherBest = (isBid ? this.asks : this.bids).ticks[0] as number;
    let t = isBid ? this.mid - 1 - this.near(40) : this.mid + 1 + this.near(40);
    for (let tries = 0; side.lots.has(t) && tries < 20; tries++) t += isBid ? -1 : 1;
    t = isBid ? Math.min(t, otherBest - 1) : Math.max(t, otherBest + 1);
    if (side.lots.has(t) || changes.has(t)) return;
    const lots = this.volume();
    side.set(t, lots);
    changes.set(t, lots);
    this.counts.insert++;
  }

  /** A new volume for an existing level near the top, or its removal. */
  private change(isBid: boolean, remove: boolean): void {
    const side = isBid ? this.bids : this.asks;
    const changes = this.pending[isBid ? 0 : 1];
    const t = side.ticks[this.near(side.ticks.length - 1)] as number;
    if (changes.has(t)) return;
    const lots = remove ? 0 : this.volume();
    side.set(t, lots);
    changes.set(t, lots);
    if (remove) this.counts.delete++;
    else this.counts.update++;
  }

  /** The filled changes as diff frame `seq`, checksummed over the book after them; the changes start anew. */
  frame(seq: number): DepthDiffFrame {
    const flat = (m: Map<number, number>) => {
      const out: number[] = [];
      m.forEach((lots, t) => {
        out.push(t / PRICE_UNIT, lots / AMOUNT_UNIT);
      });
      m.clear();
      return out;
    };
    return {
      ch: CH,
      kind: 'diff',
      seq,
      prevSeq: seq - 1,
      t: seq,
      bids: flat(this.pending[0]),
      asks: flat(this.pending[1]),
      checksum: depthChecksum(
        this.bids.wire(CHECKSUM_LEVELS),
        this.asks.wire(CHECKSUM_LEVELS),
        GRID.priceScale,
        GRID.amountScale,
      ),
    };
  }
}

/** All diffs' levels in one flat array, with each frame's bid and ask offsets into it. */
function pack(diffs: readonly DepthDiffFrame[], total: number): { flat: number[]; offsets: Int32Array } {
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
  return { flat: Array.from(buffer), offsets };
}

export function depthStream(updates: number, perFrame = 20, seed = 1): DepthStream {
  const maker = new DiffMaker(mulberry32(seed));
  maker.seed();
  const snapshot: DepthSnapshotFrame = {
    ch: CH,
    kind: 'snapshot',
    seq: 0,
    t: 0,
    bids: maker.bids.wire(Number.POSITIVE_INFINITY),
    asks: maker.asks.wire(Number.POSITIVE_INFINITY),
    checksum: 0,
  };
  snapshot.checksum = depthChecksum(snapshot.bids, snapshot.asks, GRID.priceScale, GRID.amountScale);
  const diffs: DepthDiffFrame[] = [];
  let total = 0;
  while (total < updates) {
    maker.fill(perFrame);
    const frame = maker.frame(diffs.length + 1);
    total += (frame.bids.length + frame.asks.length) / 2;
    diffs.push(frame);
  }
  const { flat, offsets } = pack(diffs, total);
  return { snapshot, diffs, flat, offsets, updates: total, counts: maker.counts };
}
