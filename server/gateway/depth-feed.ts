import { depthChecksum } from '../../common/checksum.ts';
import { CHECKSUM_LEVELS, channel, type DepthDiffFrame, type DepthSnapshotFrame } from '../../common/protocol.ts';
import type { MarketMeta } from './source.ts';

/** A book as the source gives it: flat `[priceTicks, volumeLots, …]` per side, best first. */
export interface TickBook {
  bids: readonly number[];
  asks: readonly number[];
}

// One pair of scratch sides for every checksum: the gateway is single-threaded and the checksum is computed at once.
const topBids: number[] = [];
const topAsks: number[] = [];

/**
 * One market's depth stream: the level changes since the last diff (latest volume per price, so a level is never sent
 * twice in one diff) and the market's sequence number. Pure: the caller supplies the book and sends the frames.
 */
export class DepthFeed {
  readonly channel: `depth:${string}`;
  /** Seq of the last diff; a snapshot carries the current value and the next diff is seq + 1. */
  seq = 0;
  private readonly bids = new Map<number, number>();
  private readonly asks = new Map<number, number>();
  private readonly priceUnit: number;
  private readonly amountUnit: number;

  constructor(readonly meta: MarketMeta) {
    this.channel = channel.depth(meta.symbol);
    this.priceUnit = 10 ** meta.priceScale;
    this.amountUnit = 10 ** meta.amountScale;
  }

  get changed(): boolean {
    return this.bids.size > 0 || this.asks.size > 0;
  }

  /** A level's new absolute volume in lots (0: gone). Overwrites an earlier change of the same level. */
  record(side: 1 | 2, priceTicks: number, volumeLots: number): void {
    (side === 1 ? this.bids : this.asks).set(priceTicks, volumeLots);
  }

  /** Forgets pending changes (nobody is listening); seq stays so it never goes back. */
  clear(): void {
    this.bids.clear();
    this.asks.clear();
  }

  /**
   * The diff of every change recorded since the last one, with the checksum of `book`, which must be the book after
   * those changes. Null when nothing changed; otherwise seq advances by one.
   */
  diff(t: number, book: TickBook): DepthDiffFrame | null {
    if (!this.changed) return null;
    const bids = this.pendingSide(this.bids);
    const asks = this.pendingSide(this.asks);
    this.clear();
    this.seq += 1;
    return {
      ch: this.channel,
      kind: 'diff',
      seq: this.seq,
      prevSeq: this.seq - 1,
      t,
      bids,
      asks,
      checksum: this.checksum(book),
    };
  }

  /** The whole book at the current seq. Pending changes must have been taken by {@link diff} first. */
  snapshot(t: number, book: TickBook): DepthSnapshotFrame {
    const bids = this.wireSide(book.bids, book.bids.length);
    const asks = this.wireSide(book.asks, book.asks.length);
    const { priceScale, amountScale } = this.meta;
    return {
      ch: this.channel,
      kind: 'snapshot',
      seq: this.seq,
      t,
      bids,
      asks,
      checksum: depthChecksum(bids, asks, priceScale, amountScale),
    };
  }

  /** Checksum of the top levels of a tick book, converted without building the whole wire book. */
  checksum(book: TickBook): number {
    const n = CHECKSUM_LEVELS * 2;
    this.wireInto(book.bids, Math.min(n, book.bids.length), topBids);
    this.wireInto(book.asks, Math.min(n, book.asks.length), topAsks);
    return depthChecksum(topBids, topAsks, this.meta.priceScale, this.meta.amountScale);
  }

  private pendingSide(levels: Map<number, number>): number[] {
    const out: number[] = [];
    const { priceUnit, amountUnit } = this;
    // forEach, not for-of: no [key, value] entry array per level.
    levels.forEach((lots, ticks) => {
      out.push(ticks / priceUnit, lots / amountUnit);
    });
    return out;
  }

  private wireSide(side: readonly number[], length: number): number[] {
    const out: number[] = [];
    this.wireInto(side, length, out);
    return out;
  }

  /** Ticks and lots to wire numbers; dividing two exact integers rounds once, so toFixed(scale) gives the decimal back. */
  private wireInto(side: readonly number[], length: number, out: number[]): void {
    out.length = 0;
    const { priceUnit, amountUnit } = this;
    for (let i = 0; i + 1 < length; i += 2) {
      out.push((side[i] as number) / priceUnit, (side[i + 1] as number) / amountUnit);
    }
  }
}
