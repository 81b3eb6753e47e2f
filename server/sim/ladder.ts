import { isOpenStatus, Side } from '../../common/trading.ts';
import type { Order } from '../exchange/index.ts';

/** Where a market maker's levels sit, in ticks. */
export interface LadderShape {
  /** Levels per side. */
  readonly levels: number;
  /** Ticks between the outer levels; 1 on most markets. */
  readonly step: number;
  /** Levels one tick apart at the touch when `step` > 1, so the inside spread stays a few ticks. */
  readonly fine: number;
  /** Ticks from the anchor to the best bid and the best ask. */
  readonly halfSpread: number;
  /** Levels past the far end that may stay before they are trimmed, so a wobble does not cancel and re-place them. */
  readonly slack: number;
}

/**
 * The ladder of a market whose price is `priceTicks`: levels one tick apart unless a tick is finer than `minSpacing`
 * (relative) of the price, then a round step (1-2-5 ticks × 10^n) near `minSpacing`; BTC/USDT at 0.01 USD ticks gets
 * 2 USD levels, so 1000 of them reach about ±2 %.
 */
export function ladderShape(levels: number, priceTicks: number, minSpacing: number): LadderShape {
  const raw = minSpacing * priceTicks;
  const step = raw <= 1.5 ? 1 : roundStep(raw);
  return { levels, step, fine: step > 1 ? 2 : 0, halfSpread: 1, slack: Math.max(5, Math.round(levels * 0.1)) };
}

/** The 1-2-5 series value nearest to `x` on a log scale. */
function roundStep(x: number): number {
  const decade = 10 ** Math.floor(Math.log10(x));
  let best = decade;
  for (const m of [1, 2, 5, 10]) {
    if (Math.abs(Math.log(x / (m * decade))) < Math.abs(Math.log(x / best))) best = m * decade;
  }
  return best;
}

/** One of our resting orders, or one on its way to the engine (`pending`, no order yet). */
export interface Slot {
  readonly price: number;
  order: Order | null;
  pending: boolean;
}

export function slotAlive(slot: Slot): boolean {
  return slot.pending || (slot.order !== null && isOpenStatus(slot.order.status));
}

/**
 * One side of a maker's ladder: its orders best first, the prices it should hold, and the difference between them.
 * Arrays are kept and refilled each tick, so a tick allocates little.
 */
export class LadderSide {
  /** Our orders, best price first. */
  slots: Slot[] = [];
  /** Prices the side should hold, best first. */
  readonly desired: number[] = [];
  /** Orders better than the best wanted price: too close to the anchor or on the wrong side of it. */
  readonly near: Slot[] = [];
  /** Orders inside the ladder's range at prices it does not want (an old fine level, a duplicate). */
  readonly off: Slot[] = [];
  /** Orders past the far end, best first. */
  readonly beyond: Slot[] = [];
  /** Indices into `desired` that no order holds, nearest first. */
  readonly missing: number[] = [];

  constructor(readonly side: Side) {}

  /** a is a better price than b on this side. */
  better(a: number, b: number): boolean {
    return this.side === Side.buy ? a > b : a < b;
  }

  /**
   * Drops the orders that were filled or cancelled, among the best `limit` live ones (all by default): a refill after a
   * taker looks at the touch only, and shifts the rest without reading each order.
   */
  prune(limit = Number.POSITIVE_INFINITY): void {
    let n = 0;
    let i = 0;
    const slots = this.slots;
    for (; i < slots.length && n < limit; i++) {
      const slot = slots[i] as Slot;
      if (slotAlive(slot)) slots[n++] = slot;
    }
    if (i === n) return;
    for (; i < slots.length; i++) slots[n++] = slots[i] as Slot;
    slots.length = n;
  }

  /** The prices this side wants around `anchor` (fractional ticks). */
  fillDesired(shape: LadderShape, anchor: number): void {
    const out = this.desired;
    out.length = 0;
    const { levels, step, fine, halfSpread } = shape;
    const dir = this.side === Side.buy ? -1 : 1;
    const top = this.side === Side.buy ? Math.floor(anchor - halfSpread) : Math.ceil(anchor + halfSpread);
    let k = 0;
    if (step === 1) {
      for (let p = top; k < levels && p > 0; k++, p += dir) out.push(p);
      return;
    }
    for (let p = top; k < fine && k < levels && p > 0; k++, p += dir) out.push(p);
    // The outer levels sit on multiples of the step, so a small move of the anchor leaves them in place.
    const edge = top + dir * fine;
    let p = (this.side === Side.buy ? Math.floor(edge / step) : Math.ceil(edge / step)) * step;
    for (; k < levels && p > 0; k++, p += dir * step) out.push(p);
  }

  /**
   * Compares `slots` (pruned) with `desired` into near, off, beyond and missing; with `limit`, only the best `limit`
   * wanted prices and the orders down to them (beyond stays empty).
   */
  plan(limit = Number.POSITIVE_INFINITY): void {
    const { slots, desired, near, off, beyond, missing } = this;
    near.length = 0;
    off.length = 0;
    beyond.length = 0;
    missing.length = 0;
    const n = Math.min(limit, desired.length);
    const partial = n < desired.length;
    let j = 0;
    for (const slot of slots) {
      // A partial prune leaves dead orders past its limit: they hold no level.
      if (partial && !slotAlive(slot)) continue;
      const first = desired[0];
      if (first === undefined) {
        beyond.push(slot);
        continue;
      }
      if (this.better(slot.price, first)) {
        near.push(slot);
        continue;
      }
      while (j < n && this.better(desired[j] as number, slot.price)) missing.push(j++);
      if (j < n && desired[j] === slot.price) j++;
      else if (j >= n && partial) break;
      else if (j >= n && desired[n - 1] !== slot.price) beyond.push(slot);
      else off.push(slot);
    }
    while (j < n) missing.push(j++);
  }

  /** Prices of the orders resting now (placed, not filled or cancelled), best first: where quotes may go. */
  *resting(): Generator<number> {
    for (const slot of this.slots) if (!slot.pending && slot.order !== null && slotAlive(slot)) yield slot.price;
  }

  /** Best price among orders still open or pending. */
  bestAlive(): number | undefined {
    for (const slot of this.slots) if (slotAlive(slot)) return slot.price;
    return undefined;
  }

  /** Merges new slots (best first) into `slots`. */
  insert(added: readonly Slot[]): void {
    if (added.length === 0) return;
    const old = this.slots;
    const merged: Slot[] = [];
    let i = 0;
    for (const slot of added) {
      while (i < old.length && !this.better(slot.price, (old[i] as Slot).price)) merged.push(old[i++] as Slot);
      merged.push(slot);
    }
    while (i < old.length) merged.push(old[i++] as Slot);
    this.slots = merged;
  }

  /** Takes in orders that rest from an earlier run; they are kept where they fit the new ladder. */
  adopt(orders: readonly Order[]): void {
    const slots = orders.map((order): Slot => ({ price: order.price, order, pending: false }));
    slots.sort((a, b) => (this.better(a.price, b.price) ? -1 : this.better(b.price, a.price) ? 1 : 0));
    this.slots = slots;
  }
}
