import { ceilDiv, type Grid, parseRate, RATE_SCALE } from './grid.ts';

/**
 * Risk-limit tiers ("tax brackets", research §1.3, spec `riskValues` / `riskValues1000`): the maintenance rate grows
 * with the position's notional, and a maintenance amount per tier keeps the requirement continuous at every floor,
 * so moving up a tier never re-prices the lower brackets.
 */

/** One row of a contract's table as the catalogue writes it. */
export interface RiskTierRow {
  /** Notional from which the tier applies, in the settle coin ("0", "50000"). */
  floor: string;
  maxLeverage: number;
  /** Maintenance margin rate, e.g. "0.004". */
  mmr: string;
}

export interface RiskTier {
  /** Notional floor in fine units. */
  floor: bigint;
  maxLeverage: number;
  /** Maintenance rate in 10^-8. */
  mmr: bigint;
  /** Maintenance amount in fine units: floor × (mmr − previous mmr) + previous amount (rounded down). */
  cum: bigint;
}

/** The tiers of a table, floors ascending, the first at 0; refuses tables that are not brackets. */
export function tiersOf(grid: Grid, rows: readonly RiskTierRow[]): RiskTier[] {
  const tiers: RiskTier[] = [];
  for (const row of rows) {
    const floor = parseFloor(grid, row.floor);
    const mmr = parseRate(row.mmr);
    const previous = tiers[tiers.length - 1];
    if (!previous && floor !== 0n) throw new RangeError('risk tiers: the first floor must be 0');
    if (previous && (floor <= previous.floor || mmr < previous.mmr || row.maxLeverage > previous.maxLeverage)) {
      throw new RangeError('risk tiers: floors must rise, rates must not fall, leverage must not rise');
    }
    if (!(Number.isInteger(row.maxLeverage) && row.maxLeverage >= 1)) throw new RangeError('risk tiers: leverage');
    if (mmr <= 0n || mmr >= RATE_SCALE) throw new RangeError('risk tiers: maintenance rate in (0, 1)');
    const cum = previous ? (floor * (mmr - previous.mmr)) / RATE_SCALE + previous.cum : 0n;
    tiers.push({ floor, maxLeverage: row.maxLeverage, mmr, cum });
  }
  if (tiers.length === 0) throw new RangeError('risk tiers: empty table');
  return tiers;
}

function parseFloor(grid: Grid, text: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`risk tiers: floor ${text}`);
  const fraction = match[2] ?? '';
  const digits = grid.perCoin.toString().length - 1;
  if (fraction.length > digits) throw new RangeError(`risk tiers: floor ${text} is finer than the grid`);
  return BigInt(`${match[1]}${fraction.padEnd(digits, '0')}`);
}

/** The tier a notional (fine units, ≥ 0) falls in: the last whose floor it reaches. */
export function tierOf(tiers: readonly RiskTier[], notional: bigint): RiskTier {
  let found = tiers[0] as RiskTier;
  for (const tier of tiers) {
    if (tier.floor > notional) break;
    found = tier;
  }
  return found;
}

/** Maintenance margin of a notional in fine units, rounded up (never below zero). */
export function maintenanceMargin(tiers: readonly RiskTier[], notional: bigint): bigint {
  const tier = tierOf(tiers, notional);
  const required = ceilDiv(notional * tier.mmr, RATE_SCALE) - tier.cum;
  return required > 0n ? required : 0n;
}

/**
 * The largest notional a position may reach at `leverage` (fine units): the floor of the first tier whose maximum
 * leverage is below it; null when every tier allows it. A leverage above the first tier's maximum allows nothing.
 */
export function notionalCap(tiers: readonly RiskTier[], leverage: number): bigint | null {
  for (const tier of tiers) if (tier.maxLeverage < leverage) return tier.floor;
  return null;
}

/** The highest leverage a notional allows: its tier's maximum. */
export function maxLeverageFor(tiers: readonly RiskTier[], notional: bigint): number {
  return tierOf(tiers, notional).maxLeverage;
}
