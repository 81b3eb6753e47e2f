import { RATE_SCALE } from './grid.ts';

/**
 * When conditional orders fire (research §1.8), on integer ticks of the price the order watches (last, index or mark,
 * as its trigger type and the user's price preference say). Pure, so the terminal can say "fires at" exactly as the
 * engine will.
 */

/** Which way the watched price must move to reach a trigger. */
export type Crossing = 'rise' | 'fall';

/**
 * A plan order's crossing, fixed when it is placed: a trigger above the price then fires when the price rises to it,
 * one below when it falls to it (Bybit's and OKX's rule). A trigger equal to the price is refused by the caller.
 */
export function crossingOf(trigger: number, priceAtPlacement: number): Crossing {
  return trigger > priceAtPlacement ? 'rise' : 'fall';
}

/** Whether `price` has reached `trigger` in the direction of `crossing`. */
export function hasCrossed(crossing: Crossing, trigger: number, price: number): boolean {
  return crossing === 'rise' ? price >= trigger : price <= trigger;
}

/**
 * A position's take-profit and stop-loss legs: a long takes profit on a rise and stops on a fall, a short the reverse
 * (Binance's TAKE_PROFIT/STOP rules for the closing side).
 */
export function positionLegCrossing(positionSign: 1 | -1, leg: 'takeProfit' | 'stopLoss'): Crossing {
  const upward = (positionSign === 1) === (leg === 'takeProfit');
  return upward ? 'rise' : 'fall';
}

/**
 * Whether a TP or SL trigger is on the right side of the price now: a long's TP above it, its SL below it, and the
 * reverse for a short. A trigger that would fire at once is refused, as the venues do.
 */
export function isLegTriggerValid(
  positionSign: 1 | -1,
  leg: 'takeProfit' | 'stopLoss',
  trigger: number,
  price: number,
) {
  return positionLegCrossing(positionSign, leg) === 'rise' ? trigger > price : trigger < price;
}

/** Callback rates the trailing stop accepts, in 10^-8: 0.1 % to 10 % (Binance's current bounds). */
export const TRAIL_RATE_MIN = 100_000n;
export const TRAIL_RATE_MAX = 10_000_000n;

/**
 * A trailing stop (spec `activePrice`, `drawDownOffset`). `closingSide` is the side of the order it sends: 2 sell
 * (closes a long: tracks the highest price, fires on a drop of `rate`), 1 buy (closes a short: tracks the lowest, fires
 * on a rise). Until the price reaches `activePrice` (null: at once) nothing is tracked.
 */
export interface Trail {
  closingSide: 1 | 2;
  activePrice: number | null;
  rate: bigint;
  /** The extreme since activation; null before it. */
  extreme: number | null;
}

/** The trail after `price`, and whether it fires at that price. */
export function trailStep(trail: Trail, price: number): { trail: Trail; fire: boolean } {
  const selling = trail.closingSide === 2;
  let extreme = trail.extreme;
  if (extreme === null) {
    const active = trail.activePrice === null || (selling ? price >= trail.activePrice : price <= trail.activePrice);
    if (!active) return { trail, fire: false };
    extreme = price;
  } else if (selling ? price > extreme : price < extreme) {
    extreme = price;
  }
  const next = extreme === trail.extreme ? trail : { ...trail, extreme };
  return { trail: next, fire: trailFires(selling, extreme, price, trail.rate) };
}

/** Long exit when price ≤ x·(1 − r), short exit when price ≥ x·(1 + r), compared exactly in integers. */
function trailFires(selling: boolean, extreme: number, price: number, rate: bigint): boolean {
  const scaled = BigInt(price) * RATE_SCALE;
  return selling ? scaled <= BigInt(extreme) * (RATE_SCALE - rate) : scaled >= BigInt(extreme) * (RATE_SCALE + rate);
}

/** The price at which a trail fires now, in ticks (a sell's rounded down, a buy's up), or null before activation. */
export function trailFirePrice(trail: Trail): number | null {
  if (trail.extreme === null) return null;
  const x = BigInt(trail.extreme);
  if (trail.closingSide === 2) return Number((x * (RATE_SCALE - trail.rate)) / RATE_SCALE);
  const up = x * (RATE_SCALE + trail.rate);
  return Number((up + RATE_SCALE - 1n) / RATE_SCALE);
}
