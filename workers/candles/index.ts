// A market's candles of one interval, updated from the candles channel and live from trades. Imports only common/.
import { periodStart } from '../../common/candles.ts';
import type { CandleInterval, CandlesFrame } from '../../common/protocol.ts';
// The wire's groups are the snapshot's columns: `[openTime, open, high, low, close, volume]`.
import { CANDLE_COLUMNS as CANDLE_FIELDS } from '../api.ts';

export { fetchHistory, HISTORY_LIMIT, historyUrl, parseHistory } from './history.ts';
export { periodStart };

/** Candles a series keeps unless told otherwise. */
export const DEFAULT_CANDLE_CAPACITY = 1000;

/** One candle: `[openTime, open, high, low, close, volume]`. */
export type Candle = [openTime: number, open: number, high: number, low: number, close: number, volume: number];

/**
 * The last `capacity` candles of one market and interval, oldest first, in a preallocated ring.
 *
 * - A snapshot is authoritative from its first candle on: held candles from that open time on are dropped and the
 *   snapshot's appended; older ones stay. (The gateway's snapshot holds only the current candle, so a resubscribe
 *   must not wipe the history loaded with {@link load}.)
 * - An update replaces the candle with the same open time or appends a newer one.
 * - History ({@link load}, from REST) only fills in: a candle the live feed has written since the last
 *   {@link unconfirm} wins over the history's candle of the same open time, since the request may have been answered
 *   before the frame was sent; history that arrives late therefore never rolls a candle back.
 * - {@link applyTrade} moves the last candle between candle frames (spec: the last candle is updated live from
 *   trades); trades the server's candles already include (time ≤ the last candle frame's `t`) are skipped, so a trade
 *   is never counted twice.
 */
export class CandleSeries {
  readonly capacity: number;
  version = 0;
  private readonly ring: Float64Array;
  /** Per slot: 1 when the live feed (a candle frame or a trade) wrote the candle, 0 when history did. */
  private readonly live: Uint8Array;
  /** Slot of the oldest candle. */
  private start = 0;
  private count = 0;
  /** `t` of the last candle frame: trades up to then are in the server's candles. */
  private serverAsOf = Number.NEGATIVE_INFINITY;

  constructor(
    readonly interval: CandleInterval,
    capacity: number = DEFAULT_CANDLE_CAPACITY,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`candle series capacity ${capacity}`);
    this.capacity = capacity;
    this.ring = new Float64Array(capacity * CANDLE_FIELDS);
    this.live = new Uint8Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Applies a candles frame; returns whether anything changed. */
  apply(frame: Pick<CandlesFrame, 'kind' | 'candles' | 't'>): boolean {
    this.serverAsOf = Math.max(this.serverAsOf, frame.t);
    return frame.kind === 'snapshot' ? this.merge(frame.candles) : this.update(frame.candles);
  }

  /**
   * History (REST), oldest first: candles not held are inserted in time order (before the oldest held, or into a gap
   * the feed missed), held ones are replaced unless the live feed wrote them; the newest {@link capacity} are kept.
   * Returns whether anything changed.
   */
  load(candles: ArrayLike<number>): boolean {
    const groups = Math.floor(candles.length / CANDLE_FIELDS);
    if (groups === 0) return false;
    // A cold path (once per subscription and reconnect): merge into a fresh array, then write the ring anew.
    const merged = new Float64Array((this.count + groups) * CANDLE_FIELDS);
    const flags = new Uint8Array(this.count + groups);
    let n = 0;
    let held = 0;
    let changed = false;
    const take = (from: ArrayLike<number>, at: number, live: number) => {
      for (let f = 0; f < CANDLE_FIELDS; f++) merged[n * CANDLE_FIELDS + f] = from[at + f] as number;
      flags[n++] = live;
    };
    let previous = Number.NEGATIVE_INFINITY;
    for (let g = 0; g < groups; g++) {
      const i = g * CANDLE_FIELDS;
      const openTime = candles[i] as number;
      // Rows out of order (or NaN) are not trusted; the caller sorts them.
      if (!(openTime > previous)) continue;
      previous = openTime;
      while (held < this.count && this.openTimeOf(held) < openTime) {
        take(this.ring, this.slot(held) * CANDLE_FIELDS, this.live[this.slot(held)] as number);
        held++;
      }
      if (held < this.count && this.openTimeOf(held) === openTime) {
        const at = this.slot(held) * CANDLE_FIELDS;
        if (this.live[this.slot(held)] === 1) {
          take(this.ring, at, 1);
        } else {
          take(candles, i, 0);
          for (let f = 1; f < CANDLE_FIELDS; f++) if (this.ring[at + f] !== candles[i + f]) changed = true;
        }
        held++;
      } else {
        take(candles, i, 0);
        changed = true;
      }
    }
    while (held < this.count) {
      take(this.ring, this.slot(held) * CANDLE_FIELDS, this.live[this.slot(held)] as number);
      held++;
    }
    if (!changed) return false;
    const keep = Math.min(n, this.capacity);
    const skip = n - keep;
    this.ring.set(merged.subarray(skip * CANDLE_FIELDS, n * CANDLE_FIELDS));
    this.live.set(flags.subarray(skip, n));
    this.start = 0;
    this.count = keep;
    this.version++;
    return true;
  }

  /**
   * The feed missed frames (a reconnect): the candles it wrote may lack trades, so history loaded from now on may
   * replace them. What the feed writes after this wins again.
   */
  unconfirm(): void {
    this.live.fill(0);
  }

  /**
   * A trade moves the last candle (close, high, low, volume) or opens the next period's candle. Trades of a period
   * older than the last candle, and trades already in the server's candles, change nothing. Returns whether it changed.
   */
  applyTrade(price: number, volume: number, time: number): boolean {
    if (time <= this.serverAsOf) return false;
    const openTime = periodStart(this.interval, time);
    const last = this.count === 0 ? -1 : this.slot(this.count - 1) * CANDLE_FIELDS;
    const lastOpen = last < 0 ? Number.NEGATIVE_INFINITY : (this.ring[last] as number);
    if (openTime < lastOpen) return false;
    if (openTime > lastOpen) {
      this.append(openTime, price, price, price, price, volume);
    } else {
      const ring = this.ring;
      if (price > (ring[last + 2] as number)) ring[last + 2] = price;
      if (price < (ring[last + 3] as number)) ring[last + 3] = price;
      ring[last + 4] = price;
      ring[last + 5] = (ring[last + 5] as number) + volume;
      this.live[last / CANDLE_FIELDS] = 1;
    }
    this.version++;
    return true;
  }

  /** The newest candle, or null when there is none. */
  last(): Candle | null {
    if (this.count === 0) return null;
    const at = this.slot(this.count - 1) * CANDLE_FIELDS;
    const r = this.ring;
    return [
      r[at] as number,
      r[at + 1] as number,
      r[at + 2] as number,
      r[at + 3] as number,
      r[at + 4] as number,
      r[at + 5] as number,
    ];
  }

  /** Writes the candles oldest first (the newest that fit when `out` is short) and returns how many. */
  extract(out: Float64Array): number {
    const n = Math.min(this.count, Math.floor(out.length / CANDLE_FIELDS));
    const skip = this.count - n;
    for (let k = 0; k < n; k++) {
      const from = this.slot(skip + k) * CANDLE_FIELDS;
      const to = k * CANDLE_FIELDS;
      for (let f = 0; f < CANDLE_FIELDS; f++) out[to + f] = this.ring[from + f] as number;
    }
    return n;
  }

  clear(): void {
    if (this.count > 0) this.version++;
    this.start = 0;
    this.count = 0;
    this.serverAsOf = Number.NEGATIVE_INFINITY;
  }

  private merge(candles: ArrayLike<number>): boolean {
    const groups = Math.floor(candles.length / CANDLE_FIELDS);
    if (groups === 0) return false;
    const first = candles[0] as number;
    while (this.count > 0 && (this.ring[this.slot(this.count - 1) * CANDLE_FIELDS] as number) >= first) this.count--;
    this.update(candles);
    return true;
  }

  private update(candles: ArrayLike<number>): boolean {
    const groups = Math.floor(candles.length / CANDLE_FIELDS);
    let changed = false;
    for (let g = 0; g < groups; g++) {
      const i = g * CANDLE_FIELDS;
      const openTime = candles[i] as number;
      const at = this.find(openTime);
      if (at === -2) {
        this.append(
          openTime,
          candles[i + 1] as number,
          candles[i + 2] as number,
          candles[i + 3] as number,
          candles[i + 4] as number,
          candles[i + 5] as number,
        );
      } else if (at >= 0) {
        for (let f = 1; f < CANDLE_FIELDS; f++) this.ring[at + f] = candles[i + f] as number;
        this.live[at / CANDLE_FIELDS] = 1;
      } else {
        // Older than every held candle, or in a gap: nothing to attach it to.
        continue;
      }
      changed = true;
    }
    if (changed) this.version++;
    return changed;
  }

  /** Ring offset of the candle opening at `openTime`; -2 when it is newer than the last, -1 when not held. */
  private find(openTime: number): number {
    for (let k = this.count - 1; k >= 0; k--) {
      const at = this.slot(k) * CANDLE_FIELDS;
      const held = this.ring[at] as number;
      if (held === openTime) return at;
      if (k === this.count - 1 && held < openTime) return -2;
      if (held < openTime) return -1;
    }
    return this.count === 0 ? -2 : -1;
  }

  private append(openTime: number, open: number, high: number, low: number, close: number, volume: number): void {
    if (this.count === this.capacity) {
      this.start = (this.start + 1) % this.capacity;
      this.count--;
    }
    const at = this.slot(this.count) * CANDLE_FIELDS;
    const r = this.ring;
    r[at] = openTime;
    r[at + 1] = open;
    r[at + 2] = high;
    r[at + 3] = low;
    r[at + 4] = close;
    r[at + 5] = volume;
    this.live[at / CANDLE_FIELDS] = 1;
    this.count++;
  }

  private openTimeOf(k: number): number {
    return this.ring[this.slot(k) * CANDLE_FIELDS] as number;
  }

  /** Ring slot of the k-th oldest candle. */
  private slot(k: number): number {
    return (this.start + k) % this.capacity;
  }
}
