import { Side } from '../../common/trading.ts';
import type { Order } from './order.ts';

/** What the book needs of an order: spot's and the contracts' orders rest on the same book. */
export interface Resting<O> {
  readonly id: number;
  /** Ticks. */
  readonly price: number;
  /** Lots or contracts still open. */
  remaining: number;
  prev: O | null;
  next: O | null;
}

/** One price level: its total volume and a FIFO queue of resting orders (a doubly linked list through the orders). */
export interface Level<O extends Resting<O> = Order> {
  readonly price: number;
  volume: number;
  head: O | null;
  tail: O | null;
}

/**
 * One side of a book. Prices are kept sorted from worst to best, so the best level is the last element and taking it
 * away is a pop; new levels land near the best, where splicing moves little.
 */
export class BookSide<O extends Resting<O> = Order> {
  private readonly prices: number[] = [];
  private readonly levels = new Map<number, Level<O>>();

  constructor(readonly side: Side) {}

  get size(): number {
    return this.prices.length;
  }

  best(): Level<O> | undefined {
    const price = this.prices[this.prices.length - 1];
    return price === undefined ? undefined : this.levels.get(price);
  }

  level(price: number): Level<O> | undefined {
    return this.levels.get(price);
  }

  /** a is a better price than b on this side. */
  better(a: number, b: number): boolean {
    return this.side === Side.buy ? a > b : a < b;
  }

  /** Appends an order at the back of its level's queue; returns the level's new volume. */
  add(order: O): number {
    let level = this.levels.get(order.price);
    if (!level) {
      level = { price: order.price, volume: 0, head: null, tail: null };
      this.levels.set(order.price, level);
      this.prices.splice(this.insertIndex(order.price), 0, order.price);
    }
    order.prev = level.tail;
    order.next = null;
    if (level.tail) level.tail.next = order;
    else level.head = order;
    level.tail = order;
    level.volume += order.remaining;
    return level.volume;
  }

  /** Takes an order out of its queue (filled or cancelled); returns the level's new volume (0: the level is gone). */
  remove(order: O, volume: number): number {
    const level = this.levels.get(order.price);
    if (!level) throw new Error(`order ${order.id} is not on the book`);
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    order.prev = null;
    order.next = null;
    level.volume -= volume;
    if (level.head === null) {
      this.levels.delete(order.price);
      const last = this.prices.length - 1;
      // The best level goes most often: pop it instead of searching.
      if (this.prices[last] === order.price) this.prices.pop();
      else this.prices.splice(this.indexOf(order.price), 1);
      return 0;
    }
    return level.volume;
  }

  /** Flat `[price, volume, …]` best first, into `out`. */
  flat(out: number[], maxLevels = Number.POSITIVE_INFINITY): number[] {
    for (let i = this.prices.length - 1, n = 0; i >= 0 && n < maxLevels; i--, n++) {
      const price = this.prices[i] as number;
      out.push(price, (this.levels.get(price) as Level<O>).volume);
    }
    return out;
  }

  /** Levels best first (for tests and recovery checks). */
  *levelsBestFirst(): Generator<Level<O>> {
    for (let i = this.prices.length - 1; i >= 0; i--) yield this.levels.get(this.prices[i] as number) as Level<O>;
  }

  /** First index whose price is better than `price` (binary search; the array runs worst → best). */
  private insertIndex(price: number): number {
    let lo = 0;
    let hi = this.prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(this.prices[mid] as number, price)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private indexOf(price: number): number {
    const i = this.insertIndex(price) - 1;
    if (this.prices[i] !== price) throw new Error(`level ${price} missing`);
    return i;
  }
}

/** The two sides of one market. */
export class OrderBook<O extends Resting<O> = Order> {
  readonly bids = new BookSide<O>(Side.buy);
  readonly asks = new BookSide<O>(Side.sell);

  sideOf(side: Side): BookSide<O> {
    return side === Side.buy ? this.bids : this.asks;
  }

  /** The book is crossed when the best bid reaches the best ask; the engine never leaves it so. */
  crossed(): boolean {
    const bid = this.bids.best();
    const ask = this.asks.best();
    return bid !== undefined && ask !== undefined && bid.price >= ask.price;
  }
}
