import type { DepthDiffFrame, DepthSnapshotFrame } from '../../common/protocol.ts';
import { BOOK_COLUMNS as LEVEL_STRIDE } from '../api.ts';
import { BookSide } from './book-side.ts';
import { CRC_START, crcFinish, SideText } from './checksum-writer.ts';
import { centsFactors, MAX_STEPS, steps, valueCents } from './units.ts';

/** 1 bids, 2 asks (the spec's buy/sell codes). */
export type DepthSide = 1 | 2;

/**
 * live: merged up to `seq` and verified. stale: a gap, checksum mismatch or crossed book was seen; diffs are ignored until
 * a snapshot. resyncing: stale, and the owner has asked the server for a snapshot (also the state before the first one).
 */
export type DepthStatus = 'live' | 'stale' | 'resyncing';

/** Why the book last went stale. */
export type StaleReason = 'gap' | 'checksum' | 'crossed';

/**
 * applied: merged and verified, the book is live. duplicate: a diff the book already holds, dropped. ignored: the book
 * waits for a snapshot. stale: this frame made it stale.
 */
export type ApplyResult = 'applied' | 'duplicate' | 'ignored' | 'stale';

export interface DepthBookOptions {
  /** Decimals of the market's price grid. */
  priceScale: number;
  /** Decimals of the market's amount grid. */
  amountScale: number;
  /**
   * A perpetual's contract size as a power of ten (0.01 → 2, 100 → −2): a level's value is price × contracts × size in
   * the settle coin. 0 (default) for a spot market, whose volume is the coin itself.
   */
  valueScale?: number;
}

const INITIAL_CAPACITY = 256;

/**
 * One market's order book inside the worker: merges the gateway's depth frames (DESIGN §4) in integer ticks and lots,
 * checks sequence, checksum and crossing after every frame, and writes the top levels into typed arrays for the UI.
 * Merging allocates nothing unless a side outgrows its capacity (which then doubles and stays).
 */
export class DepthBook {
  readonly priceScale: number;
  readonly amountScale: number;
  status: DepthStatus = 'resyncing';
  /** Seq of the last applied frame. */
  seq = 0;
  /** Times the book went stale. */
  resyncs = 0;
  /** Diffs dropped because the book already held them (late re-deliveries). */
  duplicates = 0;
  lastReason: StaleReason | null = null;
  /** `now` of the last applied frame (the frame's own `t` unless the owner passes its clock). */
  updatedAt = 0;

  private readonly bids = new BookSide(INITIAL_CAPACITY);
  private readonly asks = new BookSide(INITIAL_CAPACITY);
  private readonly priceUnit: number;
  private readonly amountUnit: number;
  private readonly centsDivisor: number;
  private readonly centsMultiplier: number;
  private readonly bidsText: SideText;
  private readonly asksText: SideText;
  // The checksum covers the bids text then the asks text: the CRC register after the bids is kept, so a frame that only
  // touched the asks costs no hashing of the bids.
  private bidsDirty = true;
  private asksDirty = true;
  private bidsCrc = CRC_START;
  private sum = 0;

  constructor(options: DepthBookOptions) {
    this.priceScale = options.priceScale;
    this.amountScale = options.amountScale;
    this.priceUnit = 10 ** options.priceScale;
    this.amountUnit = 10 ** options.amountScale;
    const cents = centsFactors(options.priceScale, options.amountScale + (options.valueScale ?? 0));
    this.centsDivisor = cents.divisor;
    this.centsMultiplier = cents.multiplier;
    this.bidsText = new SideText(options.priceScale, options.amountScale, 1);
    this.asksText = new SideText(options.priceScale, options.amountScale, -1);
  }

  /**
   * Merges one frame. A snapshot replaces the book whatever the state. A diff is ignored unless the book is live. Then,
   * Binance's rule for diff streams: a diff whose `seq` is at or below the book's is already applied (a re-delivery,
   * or the diff folded into the snapshot we loaded) and is dropped and counted — merging an old one again could undo
   * later changes. A diff whose `prevSeq` is beyond the book's seq comes from the future: a gap. Any other diff reaches
   * past the book from at or before it; diffs carry absolute volumes, so it is merged (a coalesced diff included).
   * After merging: a crossed book (best bid ≥ best ask) is corrupt; then the checksum must match.
   */
  apply(frame: DepthSnapshotFrame | DepthDiffFrame, now: number = frame.t): ApplyResult {
    if (frame.kind === 'snapshot') {
      this.load(this.bids, frame.bids, 1);
      this.load(this.asks, frame.asks, -1);
      this.bidsDirty = true;
      this.asksDirty = true;
    } else {
      if (this.status !== 'live') return 'ignored';
      if (frame.seq <= this.seq) {
        this.duplicates++;
        return 'duplicate';
      }
      if (frame.prevSeq > this.seq) return this.stale('gap');
      this.merge(1, frame.bids);
      this.merge(2, frame.asks);
    }
    this.seq = frame.seq;
    if (this.crossed()) return this.stale('crossed');
    if (this.checksum() !== frame.checksum) return this.stale('checksum');
    this.status = 'live';
    this.updatedAt = now;
    return 'applied';
  }

  /**
   * Merges flat `[price, volume, …]` wire levels into one side, volume 0 deleting — no sequence or checksum checks (those
   * are {@link apply}'s). For replays and benchmarks; a live feed goes through `apply`. Levels that are not numbers or
   * have a negative volume are skipped (the checksum then tells). `from`/`to` bound the numbers read, so a decoder may
   * hand over one flat buffer for many frames.
   */
  merge(side: DepthSide, levels: ArrayLike<number>, from = 0, to: number = levels.length): void {
    if (to - from < 2) return;
    if (side === 1) {
      this.bids.merge(levels, from, to, this.priceUnit, this.amountUnit);
      this.bidsDirty = true;
    } else {
      this.asks.merge(levels, from, to, -this.priceUnit, this.amountUnit);
      this.asksDirty = true;
    }
  }

  /** The owner asked the server for a fresh snapshot; diffs stay ignored until it comes. */
  markResyncing(): void {
    this.status = 'resyncing';
  }

  /** `depthChecksum` of common/checksum.ts for the book as it is now (cached per side until a frame touches it). */
  checksum(): number {
    if (this.bidsDirty) {
      this.bidsCrc = this.bidsText.feed(CRC_START, this.bids, false);
      this.bidsDirty = false;
      this.asksDirty = true;
    }
    if (this.asksDirty) {
      this.sum = crcFinish(this.asksText.feed(this.bidsCrc, this.asks, this.bids.count > 0));
      this.asksDirty = false;
    }
    return this.sum;
  }

  /** Best bid in ticks, NaN when there are no bids. */
  bestBid(): number {
    const n = this.bids.count;
    return n > 0 ? (this.bids.keys[n - 1] as number) : Number.NaN;
  }

  /** Best ask in ticks, NaN when there are no asks. */
  bestAsk(): number {
    const n = this.asks.count;
    return n > 0 ? -(this.asks.keys[n - 1] as number) : Number.NaN;
  }

  /** Number of levels on a side. */
  size(side: DepthSide): number {
    return side === 1 ? this.bids.size : this.asks.size;
  }

  /** Empties the book and waits for a snapshot; the counters stay. */
  clear(): void {
    this.bids.clear();
    this.asks.clear();
    this.bidsDirty = true;
    this.asksDirty = true;
    this.seq = 0;
    this.status = 'resyncing';
  }

  /**
   * Writes up to `maxLevels` levels of one side, best first, into `out` from index `at` as {@link LEVEL_STRIDE} numbers
   * each: price, volume, cumulative volume (summed in lots from the best level, so exact) and value (price × volume in
   * the quote currency, 2 decimals, half up; spec trading §3). Stops early when `out` is full. Returns the levels written.
   *
   * `groupTicks` > 0 merges levels into buckets of that many ticks, the usual exchange convention: a bid bucket takes the
   * price rounded down to a multiple of `groupTicks` and an ask bucket the price rounded up, so a grouped row never
   * shows a better price than the orders in it. A bucket's volume is the sum of its levels, its value is its price × its
   * volume.
   */
  extract(side: DepthSide, maxLevels: number, out: Float64Array, groupTicks = 0, at = 0): number {
    const book = side === 1 ? this.bids : this.asks;
    const sign = side === 1 ? 1 : -1;
    const { keys, lots, count } = book;
    const limit = Math.min(maxLevels, Math.floor((out.length - at) / LEVEL_STRIDE));
    const group = Math.round(groupTicks);
    let written = 0;
    let cumLots = 0;
    let o = at;
    if (group <= 1) {
      for (let i = count - 1; i >= 0 && written < limit; i--) {
        const volume = lots[i] as number;
        if (volume === 0) continue; // a hole
        cumLots += volume;
        o = this.row(out, o, sign * (keys[i] as number), volume, cumLots);
        written++;
      }
      return written;
    }
    let bucket = Number.NaN;
    let bucketLots = 0;
    for (let i = count - 1; i >= 0; i--) {
      const volume = lots[i] as number;
      if (volume === 0) continue;
      const ticks = sign * (keys[i] as number);
      // `%` is exact on doubles, so the bucket is exact at any magnitude; ticks are positive prices.
      const r = ticks % group;
      const b = side === 1 || r === 0 ? ticks - r : ticks - r + group;
      if (b !== bucket) {
        if (bucketLots > 0) {
          if (written === limit) return written;
          cumLots += bucketLots;
          o = this.row(out, o, bucket, bucketLots, cumLots);
          written++;
        }
        bucket = b;
        bucketLots = 0;
      }
      bucketLots += volume;
    }
    if (bucketLots > 0 && written < limit) {
      cumLots += bucketLots;
      this.row(out, o, bucket, bucketLots, cumLots);
      written++;
    }
    return written;
  }

  private row(out: Float64Array, o: number, ticks: number, volume: number, cumLots: number): number {
    out[o] = ticks / this.priceUnit;
    out[o + 1] = volume / this.amountUnit;
    out[o + 2] = cumLots / this.amountUnit;
    out[o + 3] = valueCents(ticks, volume, this.centsDivisor, this.centsMultiplier) / 100;
    return o + LEVEL_STRIDE;
  }

  private stale(reason: StaleReason): ApplyResult {
    this.status = 'stale';
    this.lastReason = reason;
    this.resyncs++;
    return 'stale';
  }

  private crossed(): boolean {
    const nb = this.bids.count;
    const na = this.asks.count;
    return nb > 0 && na > 0 && (this.bids.keys[nb - 1] as number) >= -(this.asks.keys[na - 1] as number);
  }

  /**
   * Replaces a side from snapshot levels, best first. The common case (sorted, distinct, no zero volume) is written
   * straight in, reversed so the best lands last; anything else goes level by level through the sorted insert.
   */
  private load(book: BookSide, levels: ArrayLike<number>, sign: number): void {
    const keyUnit = sign * this.priceUnit;
    const amountUnit = this.amountUnit;
    const n = levels.length >> 1;
    book.clear();
    book.reserve(n);
    const keys = book.keys;
    const lots = book.lots;
    let ordered = true;
    for (let j = 0; j < n; j++) {
      const key = steps(levels[2 * j] as number, keyUnit);
      const volume = steps(levels[2 * j + 1] as number, amountUnit);
      const at = n - 1 - j;
      // Best first means keys fall as j grows; each must be strictly below the one written before it.
      const valid = volume > 0 && volume < MAX_STEPS && key > -MAX_STEPS && key < MAX_STEPS;
      if (!valid || (j > 0 && !(key < (keys[at + 1] as number)))) {
        ordered = false;
        break;
      }
      keys[at] = key;
      lots[at] = volume;
    }
    if (ordered) {
      book.count = n;
      book.rehint(0, n);
      return;
    }
    for (let j = 0; j < n; j++) {
      book.set(steps(levels[2 * j] as number, keyUnit), steps(levels[2 * j + 1] as number, amountUnit));
    }
  }
}
