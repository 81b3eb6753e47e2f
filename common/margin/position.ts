import { ceilDiv, floorDiv, type Grid, notional, RATE_SCALE, toMinorCeil } from './grid.ts';

/** A position's direction as a sign: +1 long, −1 short (spec side 1 buy opens long, 2 sell opens short). */
export type Sign = 1 | -1;

/**
 * One position on one contract (research §1.4). The entry is kept as its exact cost — the sum of the fills' notional
 * of the contracts still open — so averaging never rounds and a full close realises exactly what was paid.
 */
export interface Position {
  sign: Sign;
  /** Open contracts, > 0. */
  contracts: number;
  /** Σ fill notional of the open contracts, fine units; the entry price is cost ÷ (contracts × value of a tick). */
  cost: bigint;
}

/** What a fill did to a position. */
export interface FillResult {
  /** The position after the fill; null when it closed. */
  position: Position | null;
  /** Contracts that reduced the position (the rest opened or added). */
  closed: number;
  /** PnL realised by the closed contracts, fine units, before fees and funding. */
  realized: bigint;
}

/**
 * Applies a fill of `contracts` at `ticks` in direction `sign` to `held` (null: no position): adds to a position of
 * the same sign (entry averaged by cost), reduces one of the other sign (entry unchanged, PnL realised on the cost
 * share of the closed contracts), or closes it and opens the rest the other way (a flip: close all, open remainder).
 */
export function applyFill(grid: Grid, held: Position | null, sign: Sign, contracts: number, ticks: number): FillResult {
  if (!(Number.isSafeInteger(contracts) && contracts > 0)) throw new RangeError('fill: contracts must be > 0');
  const value = notional(grid, contracts, ticks);
  if (!held) return { position: { sign, contracts, cost: value }, closed: 0, realized: 0n };
  if (held.sign === sign) {
    return {
      position: { sign, contracts: held.contracts + contracts, cost: held.cost + value },
      closed: 0,
      realized: 0n,
    };
  }
  const closed = Math.min(held.contracts, contracts);
  const closedCost = held.contracts === closed ? held.cost : (held.cost * BigInt(closed)) / BigInt(held.contracts);
  const exitValue = notional(grid, closed, ticks);
  const realized = BigInt(held.sign) * (exitValue - closedCost);
  const left = held.contracts - closed;
  if (left > 0) return { position: { ...held, contracts: left, cost: held.cost - closedCost }, closed, realized };
  const opened = contracts - closed;
  if (opened === 0) return { position: null, closed, realized };
  return { position: { sign, contracts: opened, cost: notional(grid, opened, ticks) }, closed, realized };
}

/** Unrealised PnL at `mark` ticks, fine units. */
export function unrealizedPnl(grid: Grid, position: Position, mark: number): bigint {
  return BigInt(position.sign) * (notional(grid, position.contracts, mark) - position.cost);
}

/** Initial margin of a position or order at `leverage`: notional ÷ leverage, rounded up. */
export function initialMargin(value: bigint, leverage: number): bigint {
  if (!(Number.isInteger(leverage) && leverage >= 1)) throw new RangeError('leverage must be a whole number ≥ 1');
  return ceilDiv(value, BigInt(leverage));
}

/** The entry price as ticks, to `extra` more decimals than the grid (rounded to nearest): cost per contract-tick. */
export function entryTicks(grid: Grid, position: Position, extra = 0): bigint {
  const scale = 10n ** BigInt(extra);
  const denominator = BigInt(position.contracts) * grid.perContractTick;
  return floorDiv(2n * position.cost * scale + denominator, 2n * denominator);
}

/**
 * Return on equity in 10^-8: uPnL ÷ the initial margin of the entry at `leverage` (Binance's ROE), rounded toward zero.
 */
export function roe(grid: Grid, position: Position, mark: number, leverage: number): bigint {
  return returnOnMargin(unrealizedPnl(grid, position, mark), position.cost, leverage);
}

/** `pnl` ÷ the initial margin of an entry worth `cost` at `leverage`, in 10^-8, toward zero (a closed position's ROE). */
export function returnOnMargin(pnl: bigint, cost: bigint, leverage: number): bigint {
  const margin = initialMargin(cost, leverage);
  if (margin === 0n) return 0n;
  return (pnl * RATE_SCALE) / margin;
}

/**
 * The isolated margin (ledger units) a user may take out of a position holding `margin`: what keeps margin plus uPnL at
 * the initial margin of its notional at `mark`, that need rounded up (the engine's rule; the positions panel shows it).
 */
export function removableMargin(
  grid: Grid,
  position: Position,
  leverage: number,
  margin: bigint,
  mark: number,
): bigint {
  const needed =
    initialMargin(notional(grid, position.contracts, mark), leverage) - unrealizedPnl(grid, position, mark);
  const neededMinor = toMinorCeil(grid, needed > 0n ? needed : 0n);
  return margin > neededMinor ? margin - neededMinor : 0n;
}
