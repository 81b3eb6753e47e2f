import { OrderType, Side, TriggerType } from '../../common/trading.ts';
import type { Order } from './order.ts';

/**
 * Orders waiting for a trigger that one price reaches in one direction (spot's stop orders, the contracts' plans).
 * The queue keeps the next to fire last, so firing is a pop.
 */
export class TriggerQueue<T extends { readonly triggerPrice: number }> {
  private readonly items: T[] = [];

  /** rising: fires when the price reaches the trigger from below (price ≥ trigger). */
  constructor(private readonly rising: boolean) {}

  get size(): number {
    return this.items.length;
  }

  add(order: T): void {
    // Sorted so the first to fire is last; among equal triggers the older order sits nearer the end (fires first).
    const t = order.triggerPrice;
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = (this.items[mid] as T).triggerPrice;
      const before = this.rising ? m > t : m < t;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, order);
  }

  remove(order: T): boolean {
    const i = this.items.indexOf(order);
    if (i < 0) return false;
    this.items.splice(i, 1);
    return true;
  }

  /** The next order whose trigger `price` has reached, taken out of the queue. */
  popFired(price: number): T | undefined {
    const last = this.items[this.items.length - 1];
    if (!last || price <= 0) return undefined;
    const fired = this.rising ? price >= last.triggerPrice : price <= last.triggerPrice;
    if (!fired) return undefined;
    this.items.pop();
    return last;
  }
}

/** Whether an order fires on a rising price: stop-loss buys and take-profit sells. */
export function firesOnRise(side: Side, type: OrderType): boolean {
  return (type === OrderType.stopLoss) === (side === Side.buy);
}

/** True when `price` already meets the order's trigger, so it would fire the moment it is placed. */
export function wouldFire(side: Side, type: OrderType, trigger: number, price: number): boolean {
  if (price <= 0) return false;
  return firesOnRise(side, type) ? price >= trigger : price <= trigger;
}

export class Plans {
  /** Four queues per market: by the price they watch (trade or index) and the direction that fires them. */
  private readonly queues = {
    tradeRise: new TriggerQueue<Order>(true),
    tradeFall: new TriggerQueue<Order>(false),
    indexRise: new TriggerQueue<Order>(true),
    indexFall: new TriggerQueue<Order>(false),
  };

  get size(): number {
    const q = this.queues;
    return q.tradeRise.size + q.tradeFall.size + q.indexRise.size + q.indexFall.size;
  }

  add(order: Order): void {
    this.queueOf(order).add(order);
  }

  remove(order: Order): boolean {
    return this.queueOf(order).remove(order);
  }

  /**
   * The next plan fired by trades that reached `low` … `high` (Infinity / 0 when there were none) or by the index price,
   * oldest trigger first.
   */
  popFired(low: number, high: number, indexPrice: number): Order | undefined {
    const q = this.queues;
    return (
      q.tradeRise.popFired(high) ??
      q.tradeFall.popFired(low) ??
      q.indexRise.popFired(indexPrice) ??
      q.indexFall.popFired(indexPrice)
    );
  }

  private queueOf(order: Order): TriggerQueue<Order> {
    const rise = firesOnRise(order.side, order.type);
    const q = this.queues;
    if (order.triggerType === TriggerType.indexPrice) return rise ? q.indexRise : q.indexFall;
    return rise ? q.tradeRise : q.tradeFall;
  }
}
