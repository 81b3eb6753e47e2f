import { LEVERAGE_1000 } from '../../../common/margin/codes.ts';
import { type Grid, gridOf, parseRate } from '../../../common/margin/grid.ts';
import { type RiskTier, type RiskTierRow, tiersOf } from '../../../common/margin/tiers.ts';

/** A perpetual as the catalogue stores it (decimal strings, the spec's names). */
export interface ContractRow {
  symbol: string;
  base: string;
  /** The settle coin (USDT). */
  quote: string;
  settleDecimals: number;
  priceScale: number;
  contractSize: string;
  minVolume: number;
  maxLeverage: number;
  defLeverage: number;
  canOpenLv1000: boolean;
  makerFee: string;
  takerFee: string;
  riskValues: readonly RiskTierRow[];
  riskValues1000: readonly RiskTierRow[] | null;
}

/** A perpetual in engine units: the integer grid, tier tables and fee rates in 10^-8. */
export interface Contract {
  readonly symbol: string;
  readonly base: string;
  readonly settle: string;
  readonly grid: Grid;
  readonly tiers: readonly RiskTier[];
  readonly tiers1000: readonly RiskTier[] | null;
  readonly makerRate: bigint;
  readonly takerRate: bigint;
  readonly minVolume: number;
  readonly maxLeverage: number;
  readonly defLeverage: number;
  readonly canOpenLv1000: boolean;
}

export function contractOf(row: ContractRow): Contract {
  const grid = gridOf({
    priceScale: row.priceScale,
    contractSize: row.contractSize,
    settleDecimals: row.settleDecimals,
  });
  if (row.canOpenLv1000 !== (row.riskValues1000 !== null)) throw new RangeError(`${row.symbol}: 1000× table mismatch`);
  if (row.defLeverage < 1 || row.defLeverage > row.maxLeverage) throw new RangeError(`${row.symbol}: default leverage`);
  return {
    symbol: row.symbol,
    base: row.base,
    settle: row.quote,
    grid,
    tiers: tiersOf(grid, row.riskValues),
    tiers1000: row.riskValues1000 ? tiersOf(grid, row.riskValues1000) : null,
    makerRate: parseRate(row.makerFee),
    takerRate: parseRate(row.takerFee),
    minVolume: row.minVolume,
    maxLeverage: row.maxLeverage,
    defLeverage: row.defLeverage,
    canOpenLv1000: row.canOpenLv1000,
  };
}

/** The tier table a leverage is measured against: `riskValues1000` at 1000× (spec trading §3), else `riskValues`. */
export function tiersAt(contract: Contract, leverage: number): readonly RiskTier[] {
  return leverage === LEVERAGE_1000 && contract.tiers1000 ? contract.tiers1000 : contract.tiers;
}

/** A leverage the contract allows: a whole number from 1 to its maximum, or 1000 where `canOpenLv1000`. */
export function isLeverageAllowed(contract: Contract, leverage: number): boolean {
  if (!Number.isInteger(leverage) || leverage < 1) return false;
  return leverage <= contract.maxLeverage || (leverage === LEVERAGE_1000 && contract.canOpenLv1000);
}
