/**
 * The reference model the book is tested against: a Map per side (ticks → lots) that emits frames as the gateway does
 * (server/gateway/depth-feed.ts): wire numbers ticks / 10^scale, seq + 1 per diff, the checksum of common/checksum.ts.
 */
import { depthChecksum } from '../../../common/checksum.ts';
import { CHECKSUM_LEVELS, type DepthDiffFrame, type DepthSnapshotFrame } from '../../../common/protocol.ts';

export interface Grid {
  priceScale: number;
  amountScale: number;
}

/** One side as `[ticks, lots]` pairs, best first. */
export type Levels = [ticks: number, lots: number][];

export const CH = 'depth:BTC/USDT' as const;

export class ModelBook {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  seq = 0;

  constructor(readonly grid: Grid) {}

  /** Sets a level (0 deletes). */
  set(side: 1 | 2, ticks: number, lots: number): void {
    const levels = side === 1 ? this.bids : this.asks;
    if (lots > 0) levels.set(ticks, lots);
    else levels.delete(ticks);
  }

  levels(side: 1 | 2): Levels {
    const levels = [...(side === 1 ? this.bids : this.asks)];
    return levels.sort((a, b) => (side === 1 ? b[0] - a[0] : a[0] - b[0]));
  }

  wire(side: 1 | 2, depth = Number.POSITIVE_INFINITY): number[] {
    const { priceScale, amountScale } = this.grid;
    return this.levels(side)
      .slice(0, depth)
      .flatMap(([t, l]) => [t / 10 ** priceScale, l / 10 ** amountScale]);
  }

  checksum(): number {
    const { priceScale, amountScale } = this.grid;
    return depthChecksum(this.wire(1, CHECKSUM_LEVELS), this.wire(2, CHECKSUM_LEVELS), priceScale, amountScale);
  }

  snapshot(t = 0): DepthSnapshotFrame {
    return {
      ch: CH,
      kind: 'snapshot',
      seq: this.seq,
      t,
      bids: this.wire(1),
      asks: this.wire(2),
      checksum: this.checksum(),
    };
  }

  /** Applies changes `[side, ticks, lots]` and returns the diff the gateway would send for them. */
  diff(changes: readonly (readonly [1 | 2, number, number])[], t = 0): DepthDiffFrame {
    const { priceScale, amountScale } = this.grid;
    // Latest volume per price, as the gateway sends a level at most once per diff.
    const pending = { 1: new Map<number, number>(), 2: new Map<number, number>() };
    for (const [side, ticks, lots] of changes) {
      this.set(side, ticks, lots);
      pending[side].set(ticks, lots);
    }
    const flat = (m: Map<number, number>) => [...m].flatMap(([p, l]) => [p / 10 ** priceScale, l / 10 ** amountScale]);
    this.seq += 1;
    return {
      ch: CH,
      kind: 'diff',
      seq: this.seq,
      prevSeq: this.seq - 1,
      t,
      bids: flat(pending[1]),
      asks: flat(pending[2]),
      checksum: this.checksum(),
    };
  }
}

/** Reference grouping: bids floor to the bucket, asks ceil, volumes summed, sorted best first. */
export function groupLevels(levels: Levels, side: 1 | 2, group: number): Levels {
  const buckets = new Map<number, number>();
  for (const [t, l] of levels) {
    const b = side === 1 ? Math.floor(t / group) * group : Math.ceil(t / group) * group;
    buckets.set(b, (buckets.get(b) ?? 0) + l);
  }
  return [...buckets].sort((a, b) => (side === 1 ? b[0] - a[0] : a[0] - b[0]));
}

/** Rows `[price, volume, cumVolume, value]` the book should write for levels, computed with BigInt. */
export function expectedRows(levels: Levels, grid: Grid): number[] {
  const { priceScale, amountScale } = grid;
  const rows: number[] = [];
  let cum = 0n;
  for (const [t, l] of levels) {
    cum += BigInt(l);
    rows.push(t / 10 ** priceScale, l / 10 ** amountScale, Number(cum) / 10 ** amountScale, cents(t, l, grid) / 100);
  }
  return rows;
}

/** price × volume in cents, half up, exactly. */
export function cents(ticks: number, lots: number, grid: Grid): number {
  const k = grid.priceScale + grid.amountScale - 2;
  const product = BigInt(ticks) * BigInt(lots);
  if (k <= 0) return Number(product * 10n ** BigInt(-k));
  const d = 10n ** BigInt(k);
  const q = product / d;
  return Number(2n * (product % d) >= d ? q + 1n : q);
}
