import { MINUTE_MS } from '../../common/candles.ts';

/** Minutes in the rolling ticker window (24 h). */
export const WINDOW_MINUTES = 1440;

/**
 * The rolling 24 h statistics of one market: one bucket per minute in a ring of 1440, so moving the window only clears
 * the buckets that fall out of it. The window holds the minutes `(head − 1440, head]`, `head` being the current minute.
 *
 * Sums are kept incrementally as trades arrive; when a bucket with trades leaves the window the aggregates are rebuilt
 * from the 1440 buckets (at most once a minute per market), which keeps high/low exact and stops float drift in the
 * quote amount.
 */
export class RollingWindow {
  private readonly minute = new Float64Array(WINDOW_MINUTES).fill(-1);
  private readonly bucketHigh = new Float64Array(WINDOW_MINUTES);
  private readonly bucketLow = new Float64Array(WINDOW_MINUTES);
  private readonly bucketClose = new Float64Array(WINDOW_MINUTES);
  private readonly bucketVolume = new Float64Array(WINDOW_MINUTES);
  private readonly bucketAmount = new Float64Array(WINDOW_MINUTES);
  private head = Number.NEGATIVE_INFINITY;

  /**
   * The last price before the window (ticks): the window's open. Starts as the reference price; takes the close of each
   * bucket that leaves the window.
   */
  before: number;
  /** Extremes of the trades in the window (±Infinity when there is none). */
  high = Number.NEGATIVE_INFINITY;
  low = Number.POSITIVE_INFINITY;
  /** Lots traded in the window. */
  volume = 0;
  /** Σ price × volume in the window, in the quote currency. */
  amount = 0;

  constructor(referencePrice: number) {
    this.before = referencePrice;
  }

  /**
   * Moves the window's head to `minute` (never backwards). `lastPrice` is the market's last trade price, the open of a
   * window that everything has left. Returns true when a bucket with trades left the window.
   */
  advance(minute: number, lastPrice: number): boolean {
    if (minute <= this.head) return false;
    const head = this.head;
    this.head = minute;
    if (head === Number.NEGATIVE_INFINITY) return false;
    let left = false;
    if (minute - head >= WINDOW_MINUTES) {
      // Every bucket is older than the new window: the last price is the price at its start.
      for (let s = 0; s < WINDOW_MINUTES; s++) {
        if (this.minute[s] !== -1) left = true;
        this.minute[s] = -1;
      }
      if (left) this.before = lastPrice;
    } else {
      // Buckets leave oldest first, so `before` ends on the newest close that left.
      for (let m = head - WINDOW_MINUTES + 1; m <= minute - WINDOW_MINUTES; m++) {
        const s = m % WINDOW_MINUTES;
        if (this.minute[s] === m) {
          this.before = this.bucketClose[s] as number;
          this.minute[s] = -1;
          left = true;
        }
      }
    }
    if (left) this.recount();
    return left;
  }

  /** Adds a trade of minute `minute` (≤ head); a trade older than the window is not counted. */
  add(minute: number, price: number, volume: number, amount: number): void {
    if (minute <= this.head - WINDOW_MINUTES) return;
    // A market with no price before (a new perpetual: no reference, no trade yet) opens at its first trade, not at 0.
    if (this.before === 0) this.before = price;
    const s = minute % WINDOW_MINUTES;
    if (this.minute[s] !== minute) {
      this.minute[s] = minute;
      this.bucketHigh[s] = price;
      this.bucketLow[s] = price;
      this.bucketVolume[s] = volume;
      this.bucketAmount[s] = amount;
    } else {
      if (price > (this.bucketHigh[s] as number)) this.bucketHigh[s] = price;
      if (price < (this.bucketLow[s] as number)) this.bucketLow[s] = price;
      this.bucketVolume[s] = (this.bucketVolume[s] as number) + volume;
      this.bucketAmount[s] = (this.bucketAmount[s] as number) + amount;
    }
    this.bucketClose[s] = price;
    if (price > this.high) this.high = price;
    if (price < this.low) this.low = price;
    this.volume += volume;
    this.amount += amount;
  }

  /** Puts back a persisted M1 candle (at time `openTime`) at start, before any trade; call `recount` after the last. */
  restore(openTime: number, high: number, low: number, close: number, volume: number, amount: number): void {
    const minute = Math.floor(openTime / MINUTE_MS);
    if (minute > this.head || minute <= this.head - WINDOW_MINUTES) return;
    const s = minute % WINDOW_MINUTES;
    this.minute[s] = minute;
    this.bucketHigh[s] = high;
    this.bucketLow[s] = low;
    this.bucketClose[s] = close;
    this.bucketVolume[s] = volume;
    this.bucketAmount[s] = amount;
  }

  /** Rebuilds the aggregates from the buckets. */
  recount(): void {
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let volume = 0;
    let amount = 0;
    for (let s = 0; s < WINDOW_MINUTES; s++) {
      if (this.minute[s] === -1) continue;
      const h = this.bucketHigh[s] as number;
      const l = this.bucketLow[s] as number;
      if (h > high) high = h;
      if (l < low) low = l;
      volume += this.bucketVolume[s] as number;
      amount += this.bucketAmount[s] as number;
    }
    this.high = high;
    this.low = low;
    this.volume = volume;
    this.amount = amount;
  }
}
