import { Side } from '../../common/trading.ts';
import { type Slot, slotAlive } from './ladder.ts';
import type { Rng } from './random.ts';

/** Quotes go on one of this many ladder levels nearest the touch, the nearest most often (mean {@link DEPTH_MEAN}). */
export const QUOTE_DEPTH = 15;
const DEPTH_MEAN = 3;
/** Mean life of a quote, in simulated seconds. */
export const QUOTE_LIFE_S = 1.5;
/** A quote's size relative to a ladder level at the touch (median). */
export const QUOTE_SHARE = 0.5;
/** Live quotes per market at most, as a multiple of the mean number live (the rest of a burst replaces old ones). */
const MAX_LIVE_FACTOR = 3;

const NONE: readonly never[] = [];

/** What a quote's order is to the quotes: its price, and whether it is still on its way to the engine. */
export interface QuoteSlot {
  readonly price: number;
  readonly pending: boolean;
}

export interface Quote<S extends QuoteSlot = Slot> {
  readonly side: Side;
  readonly slot: S;
  /** Clock time (ms) at which it is taken away. */
  readonly until: number;
}

/**
 * The maker's short-lived orders on top of its ladder's levels near the touch: each one changes a level's volume when
 * it comes and again when it goes, which is most of what a real book's depth stream shows. They sit only at prices
 * the ladder holds, so they never cross the book; a ladder that moves takes away the ones it left on the wrong side.
 */
export class Quotes<S extends QuoteSlot = Slot> {
  readonly max: number;
  private live: Quote<S>[] = [];
  /** The earliest `until` of the live quotes (a lower bound once some are gone): most steps have nothing to do. */
  private soonest = Number.POSITIVE_INFINITY;

  /**
   * `rate`: quote updates per simulated second on average; `alive`: the slot's order still rests (or is pending), the
   * spot ladder's slots by default.
   */
  constructor(
    rate: number,
    private readonly alive: (slot: S) => boolean = slotAlive as (slot: QuoteSlot) => boolean,
  ) {
    this.max = Math.ceil(rate * QUOTE_LIFE_S * MAX_LIVE_FACTOR) + 2;
  }

  get size(): number {
    return this.live.length;
  }

  /**
   * Takes out the quotes to cancel now: those whose time is up, the oldest when there is no room for `room` more, and
   * those better than the side's best ladder price (`bestBid`/`bestAsk`, undefined: no limit). Filled or cancelled
   * ones are dropped; those still on their way to the engine wait for the next call.
   */
  takeDue(now: number, room: number, bestBid?: number, bestAsk?: number): readonly Quote<S>[] {
    const over = this.live.length + room - this.max;
    const bounded = bestBid !== undefined || bestAsk !== undefined;
    if (now < this.soonest && over <= 0 && !bounded) return NONE;
    const due: Quote<S>[] = [];
    const keep: Quote<S>[] = [];
    this.soonest = Number.POSITIVE_INFINITY;
    for (const quote of this.live) {
      if (!this.alive(quote.slot)) continue;
      const buy = quote.side === Side.buy;
      const best = buy ? bestBid : bestAsk;
      const stale = best !== undefined && (buy ? quote.slot.price > best : quote.slot.price < best);
      const expired = quote.until <= now || stale || due.length < over;
      if (expired && !quote.slot.pending) due.push(quote);
      else {
        keep.push(quote);
        // One still on its way to the engine is looked at again at the next step.
        this.soonest = Math.min(this.soonest, quote.slot.pending ? now : quote.until);
      }
    }
    this.live = keep;
    return due;
  }

  add(quote: Quote<S>): void {
    this.live.push(quote);
    this.soonest = Math.min(this.soonest, quote.until);
  }

  /** Simulated seconds a new quote lives: exponential around {@link QUOTE_LIFE_S}, at most 6 times that. */
  life(rng: Rng): number {
    return Math.min(6 * QUOTE_LIFE_S, -Math.log(1 - rng.next()) * QUOTE_LIFE_S);
  }

  /**
   * The price of a resting ladder level near the touch for a new quote, from a side's resting prices best first;
   * undefined when the side has none yet.
   */
  pickLevel(resting: Iterable<number>, rng: Rng): number | undefined {
    const k = Math.min(QUOTE_DEPTH - 1, Math.floor(-Math.log(1 - rng.next()) * DEPTH_MEAN));
    let price: number | undefined;
    let seen = 0;
    for (const p of resting) {
      price = p;
      if (seen++ >= k) break;
    }
    return price;
  }
}
