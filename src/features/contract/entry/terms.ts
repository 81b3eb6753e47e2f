// A contract's terms in the integers of the shared margin module (common/margin), and the user's wire figures turned
// back into them, so the form and its preview compute with the functions the engine runs, never a second formula.
import type { ContractInfo, Position as PositionView } from '../../../../common/contracts/swap.ts';
import { positiveUnits, toUnits } from '../../../../common/decimal.ts';
import { LEVERAGE_1000 } from '../../../../common/margin/codes.ts';
import { applyRateCeil, type Grid, gridOf, notional, parseRate, toMinorCeil } from '../../../../common/margin/grid.ts';
import { initialMargin, type Position } from '../../../../common/margin/position.ts';
import { type RiskTier, tiersOf } from '../../../../common/margin/tiers.ts';

export interface Terms {
  info: ContractInfo;
  grid: Grid;
  makerRate: bigint;
  takerRate: bigint;
  tiers: readonly RiskTier[];
  tiers1000: readonly RiskTier[] | null;
}

/** What the price and money conversions need of a contract's terms. */
export interface GridTerms {
  grid: Grid;
  info: Pick<ContractInfo, 'quoteDecimal' | 'settleDecimals'>;
}

/** The grid of a contract alone (no fees or tiers), for figures of positions it already holds. */
export function gridTermsOf(info: Pick<ContractInfo, 'quoteDecimal' | 'settleDecimals' | 'contractSize'>): GridTerms {
  const grid = gridOf({
    priceScale: info.quoteDecimal,
    contractSize: info.contractSize,
    settleDecimals: info.settleDecimals,
  });
  return { grid, info };
}

export function termsOf(info: ContractInfo): Terms {
  const { grid } = gridTermsOf(info);
  return {
    info,
    grid,
    makerRate: parseRate(info.makerFee),
    takerRate: parseRate(info.takerFee),
    tiers: tiersOf(grid, info.riskValues),
    tiers1000: info.riskValues1000 ? tiersOf(grid, info.riskValues1000) : null,
  };
}

/** The tier table a leverage is measured against: the 1000× table at 1000× (spec trading §3), as the engine does. */
export function tiersFor(terms: Terms, leverage: number): readonly RiskTier[] {
  return leverage === LEVERAGE_1000 && terms.tiers1000 ? terms.tiers1000 : terms.tiers;
}

/** A leverage the contract allows: 1 to its maximum, or 1000 where `canOpenLv1000`. */
export function leverageAllowed(info: ContractInfo, leverage: number): boolean {
  if (!Number.isInteger(leverage) || leverage < 1) return false;
  return leverage <= info.maxLeverage || (leverage === LEVERAGE_1000 && info.canOpenLv1000);
}

/** Ticks of a typed price on the contract's grid, or null (empty, zero, finer than the tick). */
export function ticksOf(terms: GridTerms, text: string): number | null {
  return positiveUnits(text.endsWith('.') ? text.slice(0, -1) : text, terms.info.quoteDecimal);
}

/** Ledger units (minor) of a settle-coin amount the server wrote ("20000", "-1.5"); 0 when it cannot be read. */
export function minorOf(terms: GridTerms, text: string | undefined): bigint {
  try {
    return text ? toUnits(text, terms.info.settleDecimals) : 0n;
  } catch {
    return 0n;
  }
}

/**
 * What an opening order reserves, in ledger units: the initial margin of its notional plus the taker fee, rounded up
 * (the engine's reservation, server/engine/contracts/margin-check.ts; tests/…/terms.test.ts holds them equal).
 */
export function reservationMinor(terms: Terms, leverage: number, value: bigint): bigint {
  return toMinorCeil(terms.grid, initialMargin(value, leverage) + applyRateCeil(value, terms.takerRate));
}

/** The most contracts an opening order at `ticks` can reserve out of `available` ledger units. */
export function maxContracts(terms: Terms, leverage: number, ticks: number, available: bigint): number {
  const one = notional(terms.grid, 1, ticks);
  if (available <= 0n || one <= 0n) return 0;
  // A first guess from the rates, then the exact (rounded-up) reservation settles it.
  const perContract = reservationMinor(terms, leverage, one);
  let n = Number(available / (perContract > 0n ? perContract : 1n));
  const fits = (k: number) => reservationMinor(terms, leverage, notional(terms.grid, k, ticks)) <= available;
  while (n > 0 && !fits(n)) n--;
  while (fits(n + 1) && n < 1_000_000_000) n++;
  return n;
}

/**
 * A position of the wire back in the margin module's integers: its exact cost from `entryValue`; without it (an older
 * answer) from the entry price, sent to a hundredth of a tick, which pins the cost for one fill price or < 100 contracts.
 */
export function positionOf(terms: GridTerms, view: PositionView): Position {
  const sign = view.direction === 1 ? 1 : -1;
  const { grid } = terms;
  if (view.entryValue) {
    return { sign, contracts: view.volume, cost: toUnits(view.entryValue, grid.perCoin.toString().length - 1) };
  }
  const entry = toUnits(view.entryPrice, terms.info.quoteDecimal + 2);
  const contracts = BigInt(view.volume);
  const tickContracts = (2n * entry * contracts + 100n) / 200n;
  return { sign, contracts: view.volume, cost: tickContracts * grid.perContractTick };
}
