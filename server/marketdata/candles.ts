import { type Period, periodOf } from '../../common/candles.ts';
import type { CandleInterval } from '../../common/protocol.ts';

/** Field offsets of one candle in a series' ring: prices in integer ticks, volume in lots, amount in the quote. */
export const Field = {
  openTime: 0,
  open: 1,
  high: 2,
  low: 3,
  close: 4,
  volume: 5,
  amount: 6,
} as const;
const FIELDS = 7;
const INITIAL_CAPACITY = 16;

/** One candle as stored: prices in ticks, volume in lots, amount (Σ price × volume) in the quote currency. */
export interface CandleRow {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

/**
 * The newest candles of one market and interval, oldest first, in a ring of flat Float64 fields that grows by doubling
 * up to `maxSize` and then drops the oldest. A period without trades has no candle (a gap). Updating the newest candle
 * or opening the next one costs O(1) and allocates nothing, except the Date of a new calendar month.
 */
export class CandleSeries {
  private data: Float64Array;
  private capacity: number;
  /** Candles ever appended; the newest has sequence number `count − 1`. */
  private count = 0;
  private size = 0;
  /** The newest candle's period. */
  private readonly period: Period = { start: Number.NEGATIVE_INFINITY, end: Number.NEGATIVE_INFINITY };
  /** Lowest sequence number not yet written to the database, −1 when everything is written. */
  private dirtyFrom = -1;

  constructor(
    readonly symbol: string,
    readonly interval: CandleInterval,
    private readonly maxSize: number,
  ) {
    this.capacity = Math.min(INITIAL_CAPACITY, maxSize);
    this.data = new Float64Array(this.capacity * FIELDS);
  }

  /** Candles held, at most `maxSize`. */
  get length(): number {
    return this.size;
  }

  get dirty(): boolean {
    return this.dirtyFrom >= 0;
  }

  /**
   * Adds a trade. `time` is never before the newest candle's period (the caller keeps trade times non-decreasing).
   * Returns true when the series went from clean to dirty, so the owner can queue it for the next flush.
   */
  add(time: number, price: number, volume: number, amount: number): boolean {
    if (time >= this.period.end) {
      periodOf(this.interval, time, this.period);
      this.push(this.period.start, price, price, price, price, volume, amount);
    } else {
      const i = this.slot(this.count - 1);
      const data = this.data;
      if (price > (data[i + Field.high] as number)) data[i + Field.high] = price;
      if (price < (data[i + Field.low] as number)) data[i + Field.low] = price;
      data[i + Field.close] = price;
      data[i + Field.volume] = (data[i + Field.volume] as number) + volume;
      data[i + Field.amount] = (data[i + Field.amount] as number) + amount;
    }
    if (this.dirtyFrom >= 0) return false;
    this.dirtyFrom = this.count - 1;
    return true;
  }

  /** A field of the candle at `index` (0 = oldest held, `length − 1` = newest). */
  get(index: number, field: number): number {
    return this.data[this.slot(this.count - this.size + index) + field] as number;
  }

  /** Puts persisted candles (oldest first, each newer than the last) behind the ones held; they are not dirty. */
  restore(rows: readonly CandleRow[]): void {
    for (const r of rows) {
      if (r.openTime < this.period.start) continue;
      if (r.openTime === this.period.start && this.size > 0) continue;
      periodOf(this.interval, r.openTime, this.period);
      this.push(r.openTime, r.open, r.high, r.low, r.close, r.volume, r.amount);
    }
  }

  /** Calls `write` for every candle changed since the last `markClean` that is still held, oldest first. */
  forEachDirty(write: (row: CandleRow) => void): void {
    if (this.dirtyFrom < 0) return;
    const row: CandleRow = { openTime: 0, open: 0, high: 0, low: 0, close: 0, volume: 0, amount: 0 };
    for (let seq = Math.max(this.dirtyFrom, this.count - this.size); seq < this.count; seq++) {
      const i = this.slot(seq);
      const data = this.data;
      row.openTime = data[i + Field.openTime] as number;
      row.open = data[i + Field.open] as number;
      row.high = data[i + Field.high] as number;
      row.low = data[i + Field.low] as number;
      row.close = data[i + Field.close] as number;
      row.volume = data[i + Field.volume] as number;
      row.amount = data[i + Field.amount] as number;
      write(row);
    }
  }

  markClean(): void {
    this.dirtyFrom = -1;
  }

  private slot(seq: number): number {
    return (seq % this.capacity) * FIELDS;
  }

  private push(
    openTime: number,
    open: number,
    high: number,
    low: number,
    close: number,
    volume: number,
    amount: number,
  ): void {
    if (this.size === this.capacity && this.capacity < this.maxSize) this.grow();
    const i = this.slot(this.count);
    const data = this.data;
    data[i + Field.openTime] = openTime;
    data[i + Field.open] = open;
    data[i + Field.high] = high;
    data[i + Field.low] = low;
    data[i + Field.close] = close;
    data[i + Field.volume] = volume;
    data[i + Field.amount] = amount;
    this.count++;
    if (this.size < this.capacity) this.size++;
  }

  private grow(): void {
    const capacity = Math.min(this.capacity * 2, this.maxSize);
    const data = new Float64Array(capacity * FIELDS);
    for (let seq = this.count - this.size; seq < this.count; seq++) {
      const from = this.slot(seq);
      data.set(this.data.subarray(from, from + FIELDS), (seq % capacity) * FIELDS);
    }
    this.data = data;
    this.capacity = capacity;
  }
}
