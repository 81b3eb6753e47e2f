import { BOOK_COLUMNS } from '../api.ts';
import type { DepthSide } from './depth-book.ts';

/**
 * The user's resting orders on one side of a book, in integer ticks and lots, best first: what marks the levels of a
 * snapshot as holding the user's own volume. Set when the orders change (rare), read on every snapshot: marking walks
 * the levels and the orders side by side, allocating nothing.
 */
export class OwnLevels {
  /** Sort keys best first, descending: +ticks for bids, −ticks for asks (as the book's). */
  private keys: number[] = [];
  private lots: number[] = [];

  constructor(private readonly side: DepthSide) {}

  get count(): number {
    return this.keys.length;
  }

  /** Replaces the orders: price in ticks and resting volume in lots each; orders without volume are left out. */
  set(orders: readonly { ticks: number; lots: number }[]): void {
    const sign = this.side === 1 ? 1 : -1;
    const kept = orders.filter((o) => o.lots > 0 && o.ticks > 0).sort((a, b) => sign * (b.ticks - a.ticks));
    this.keys = kept.map((o) => sign * o.ticks);
    this.lots = kept.map((o) => o.lots);
  }

  /**
   * Writes, per level of `levels` ({@link BOOK_COLUMNS} per level, best first, as the book extracts them with
   * `groupTicks`), the user's volume resting in it into `out`: an order counts in the level of its bucket — rounded
   * down for a bid, up for an ask, as the book groups. `priceUnit` and `amountUnit` are 10^scale of the grid.
   */
  mark(levels: Float64Array, groupTicks: number, priceUnit: number, amountUnit: number, out: Float64Array): void {
    const sign = this.side === 1 ? 1 : -1;
    const group = Math.round(groupTicks);
    const n = out.length;
    let j = 0;
    for (let i = 0; i < n; i++) {
      const level = sign * Math.round((levels[i * BOOK_COLUMNS] as number) * priceUnit);
      let lots = 0;
      // Orders better than this level sit at prices the snapshot does not show: passed over.
      while (j < this.keys.length && this.bucket(j, group, sign) > level) j++;
      while (j < this.keys.length && this.bucket(j, group, sign) === level) lots += this.lots[j++] as number;
      out[i] = lots / amountUnit;
    }
  }

  /** The sort key of order `j`'s level at this grouping. */
  private bucket(j: number, group: number, sign: number): number {
    const key = this.keys[j] as number;
    if (group <= 1) return key;
    const ticks = sign * key;
    const r = ticks % group;
    return sign * (sign === 1 || r === 0 ? ticks - r : ticks - r + group);
  }
}
