// A market's recent trades, newest first, as the trades view draws them (spec trading §3, §4). Imports only common/.
import { TRADES_CAP, type TradesFrame } from '../../common/protocol.ts';
// The wire's groups are the snapshot's columns: `[price, side, volume, time]`.
import { TRADE_COLUMNS as TRADE_FIELDS } from '../api.ts';

export { TRADES_CAP };

/**
 * The last {@link TRADES_CAP} trades of one market (spec trading §4: at most 100, newest first) in a preallocated ring,
 * so applying a frame allocates nothing. `version` grows with every change, for the publisher.
 */
export class TradeTape {
  readonly capacity: number;
  version = 0;
  private readonly ring: Float64Array;
  /** Slot of the newest trade. */
  private head = -1;
  private count = 0;

  constructor(capacity: number = TRADES_CAP) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`trade tape capacity ${capacity}`);
    this.capacity = capacity;
    this.ring = new Float64Array(capacity * TRADE_FIELDS);
  }

  /** Trades held. */
  get size(): number {
    return this.count;
  }

  /**
   * A snapshot replaces the tape, an update appends; both carry trades oldest first. Returns whether anything changed.
   */
  apply(frame: Pick<TradesFrame, 'kind' | 'trades'>): boolean {
    const { trades } = frame;
    const groups = Math.floor(trades.length / TRADE_FIELDS);
    if (frame.kind === 'snapshot') {
      this.head = -1;
      this.count = 0;
    } else if (groups === 0) {
      return false;
    }
    // Only the newest `capacity` of the frame can stay, so older ones are not even written.
    for (let g = Math.max(0, groups - this.capacity); g < groups; g++) {
      const i = g * TRADE_FIELDS;
      this.push(trades[i] as number, trades[i + 1] as number, trades[i + 2] as number, trades[i + 3] as number);
    }
    this.version++;
    return true;
  }

  /** Adds the newest trade; the oldest falls off when the tape is full. Does not bump `version` ({@link apply} does). */
  push(price: number, side: number, volume: number, time: number): void {
    this.head = (this.head + 1) % this.capacity;
    const at = this.head * TRADE_FIELDS;
    this.ring[at] = price;
    this.ring[at + 1] = side;
    this.ring[at + 2] = volume;
    this.ring[at + 3] = time;
    if (this.count < this.capacity) this.count++;
  }

  clear(): void {
    if (this.count === 0) return;
    this.head = -1;
    this.count = 0;
    this.version++;
  }

  /**
   * Writes the trades newest first as `[price, side, volume, time]` groups into `out` (as many as fit) and returns how
   * many it wrote.
   */
  extract(out: Float64Array): number {
    const n = Math.min(this.count, Math.floor(out.length / TRADE_FIELDS));
    let slot = this.head;
    for (let k = 0; k < n; k++) {
      const from = slot * TRADE_FIELDS;
      const to = k * TRADE_FIELDS;
      out[to] = this.ring[from] as number;
      out[to + 1] = this.ring[from + 1] as number;
      out[to + 2] = this.ring[from + 2] as number;
      out[to + 3] = this.ring[from + 3] as number;
      slot = slot === 0 ? this.capacity - 1 : slot - 1;
    }
    return n;
  }
}
