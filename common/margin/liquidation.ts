import { ceilDiv, floorDiv, type Grid, notional, RATE_SCALE } from './grid.ts';
import type { Position } from './position.ts';
import { maintenanceMargin, type RiskTier, tierOf } from './tiers.ts';

/**
 * Liquidation and bankruptcy prices (research §1.5) and the check the engine runs, from one definition so that the
 * price a trader is shown is exactly where the engine acts: a position set is liquidated when its equity falls to its
 * maintenance margin or below. Binance's and dYdX's convention is the default: maintenance on the notional at the
 * mark, tier recomputed where the price lands in another tier; Bybit's (maintenance on the entry value) is `entry`.
 */

/** Where maintenance is measured: the notional at the mark (Binance, dYdX) or at entry (Bybit). */
export type MaintenanceBasis = 'mark' | 'entry';

/** A position that moves with the price being solved for, with its contract's risk tiers. */
export interface MarginLeg {
  position: Position;
  tiers: readonly RiskTier[];
}

/**
 * Positions of one contract that share its mark, and what does not move with it, all in fine units:
 * - isolated: one leg, `base` = the position's margin;
 * - cross: the contract's legs (two in hedge mode), `base` = wallet + other contracts' uPnL − their maintenance
 *   (dYdX's `e − MMR_o`, Binance's `WB − TMM1 + UPNL1`).
 */
export interface MarginSet {
  grid: Grid;
  legs: readonly MarginLeg[];
  base: bigint;
  basis?: MaintenanceBasis;
}

function maintenanceAt(set: MarginSet, leg: MarginLeg, ticks: number): bigint {
  const value = set.basis === 'entry' ? leg.position.cost : notional(set.grid, leg.position.contracts, ticks);
  return maintenanceMargin(leg.tiers, value);
}

/** Equity of the set at `ticks`: base plus the legs' uPnL. */
export function equityAt(set: MarginSet, ticks: number): bigint {
  let equity = set.base;
  for (const { position } of set.legs) {
    equity += BigInt(position.sign) * (notional(set.grid, position.contracts, ticks) - position.cost);
  }
  return equity;
}

/** Maintenance margin of the legs at `ticks`. */
export function maintenanceOf(set: MarginSet, ticks: number): bigint {
  let total = 0n;
  for (const leg of set.legs) total += maintenanceAt(set, leg, ticks);
  return total;
}

/** What the engine checks on every mark: equity at or below maintenance (margin ratio ≥ 100 %). */
export function isLiquidatable(set: MarginSet, mark: number): boolean {
  return equityAt(set, mark) <= maintenanceOf(set, mark);
}

/** Margin ratio in 10^-8: maintenance ÷ equity (Binance), 100 % and more when equity is gone. */
export function marginRatio(equity: bigint, maintenance: bigint): bigint {
  if (equity <= 0n) return maintenance > 0n ? RATE_SCALE : 0n;
  return ceilDiv(maintenance * RATE_SCALE, equity);
}

/**
 * The root of gap(p) on the linear piece where each leg keeps the tier `chosen[i]`, as num/den ticks. Mark basis:
 * S·gap(p) = S·(base + Σcum − Σ sign·cost) + p·k·Σ q·(sign·S − mmr), S the rate scale; entry basis: the maintenance
 * is a constant.
 */
function rootWith(set: MarginSet, chosen: readonly RiskTier[]): { num: bigint; den: bigint } {
  const k = set.grid.perContractTick;
  let num = -set.base;
  let den = 0n;
  set.legs.forEach(({ position }, i) => {
    const tier = chosen[i] as RiskTier;
    const q = BigInt(position.contracts);
    const sign = BigInt(position.sign);
    if (set.basis === 'entry') {
      num += sign * position.cost + maintenanceMargin([tier], position.cost);
      den += k * q * sign;
    } else {
      num += sign * position.cost - tier.cum;
      den += k * q * (sign * RATE_SCALE - tier.mmr);
    }
  });
  return set.basis === 'entry' ? { num, den } : { num: num * RATE_SCALE, den };
}

const MAX_TICKS = Number.MAX_SAFE_INTEGER;

/**
 * The price (ticks) at which the set is liquidated: for a set that gains as the price rises (net long), the highest
 * price at which `isLiquidatable` holds; for one that loses (net short), the lowest. Null when no positive price
 * liquidates it (a 1× long) or there is nothing to liquidate.
 */
export function liquidationPrice(set: MarginSet, mark?: number): number | null {
  if (set.legs.length === 0) return null;
  const gap = (p: number) => equityAt(set, p) - maintenanceOf(set, p);
  return boundary(set, gap, (chosen) => rootWith(set, chosen), mark);
}

/** The price (ticks) at which the set's equity is zero: where an insurance fund takes a position over. */
export function bankruptcyPrice(set: MarginSet): number | null {
  if (set.legs.length === 0) return null;
  const k = set.grid.perContractTick;
  let num = -set.base;
  let den = 0n;
  for (const { position } of set.legs) {
    num += BigInt(position.sign) * position.cost;
    den += k * BigInt(position.contracts) * BigInt(position.sign);
  }
  if (den === 0n) return null;
  // Rounded so that the equity at the price is not negative: up for a net long, down for a net short.
  const price = den > 0n ? ceilDiv(num, den) : floorDiv(-num, -den);
  if (price <= 0n || price > BigInt(MAX_TICKS)) return null;
  return Number(price);
}

/** The tier each leg has at `ticks` (by its notional there, or at entry for the entry basis). */
function tiersAt(set: MarginSet, ticks: number): RiskTier[] {
  return set.legs.map(({ position, tiers }) =>
    tierOf(tiers, set.basis === 'entry' ? position.cost : notional(set.grid, position.contracts, ticks)),
  );
}

/**
 * Solves gap(p) = 0 on the piece of the current tiers, moves to the tiers at the root until they hold (Binance's
 * recomputation when the price falls in another tier), then settles the integer tick against `gap` itself.
 */
function boundary(
  set: MarginSet,
  gap: (p: number) => bigint,
  root: (chosen: readonly RiskTier[]) => { num: bigint; den: bigint },
  mark?: number,
): number | null {
  const start = mark ?? Number(entryGuess(set));
  let chosen = tiersAt(set, Math.max(1, start));
  let guess: { num: bigint; den: bigint } | null = null;
  for (let i = 0; i < 16; i++) {
    guess = positiveDen(root(chosen));
    if (guess.den === 0n) return null;
    const at = clampTicks(floorDiv(guess.num, guess.den));
    const next = tiersAt(set, Math.max(1, at));
    if (next.every((t, j) => t === chosen[j])) break;
    chosen = next;
  }
  if (!guess) return null;
  // gap rises with the price when the legs' net slope (the root's sign before it was made positive) is positive.
  const rising = root(chosen).den > 0n;
  return settle(gap, rising, clampTicks(rising ? floorDiv(guess.num, guess.den) : ceilDiv(guess.num, guess.den)));
}

/** The same ratio with a positive denominator (floorDiv and ceilDiv divide by positives only). */
function positiveDen(r: { num: bigint; den: bigint }): { num: bigint; den: bigint } {
  return r.den < 0n ? { num: -r.num, den: -r.den } : r;
}

function entryGuess(set: MarginSet): bigint {
  const first = set.legs[0]?.position;
  if (!first) return 1n;
  return first.cost / (BigInt(first.contracts) * set.grid.perContractTick) || 1n;
}

function clampTicks(value: bigint): number {
  if (value < 0n) return 0;
  if (value > BigInt(MAX_TICKS)) return MAX_TICKS;
  return Number(value);
}

/**
 * From a candidate near the root, the exact boundary tick: rising sets liquidate at and below it, falling sets at and
 * above it. The candidate is off by the rounding of the maintenance only, so a few steps settle it; a search covers
 * the rest.
 */
function settle(gap: (p: number) => bigint, rising: boolean, candidate: number): number | null {
  const liquidates = (p: number) => gap(p) <= 0n;
  let p = Math.max(1, candidate);
  if (rising) {
    if (liquidates(p)) {
      for (let i = 0; i < 64 && p < MAX_TICKS && liquidates(p + 1); i++) p++;
      if (p === MAX_TICKS || !liquidates(p + 1)) return p;
      let hi = p + 1;
      while (hi < MAX_TICKS && liquidates(hi)) hi = Math.min(MAX_TICKS, hi * 2);
      return liquidates(hi) ? hi : lastTrue(liquidates, p, hi);
    }
    for (let i = 0; i < 64 && p > 1 && !liquidates(p); i++) p--;
    if (liquidates(p)) return p;
    return liquidates(1) ? lastTrue(liquidates, 1, p) : null;
  }
  if (liquidates(p)) {
    for (let i = 0; i < 64 && p > 1 && liquidates(p - 1); i++) p--;
    if (p === 1 || !liquidates(p - 1)) return p;
    return liquidates(1) ? 1 : lastTrue((x) => !liquidates(x), 1, p) + 1;
  }
  for (let i = 0; i < 64 && p < MAX_TICKS && !liquidates(p); i++) p++;
  if (liquidates(p)) return p;
  let hi = p;
  while (hi < MAX_TICKS && !liquidates(hi)) hi = Math.min(MAX_TICKS, hi * 2);
  if (!liquidates(hi)) return null;
  return lastTrue((x) => !liquidates(x), p, hi) + 1;
}

/** The last p in [lo, hi] where `test` holds, for a test that holds from lo up to some point and not after. */
function lastTrue(test: (p: number) => boolean, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = a + Math.ceil((b - a) / 2);
    if (test(mid)) a = mid;
    else b = mid - 1;
  }
  return a;
}
