import { MarginModel } from '../../../common/margin/codes.ts';
import { applyRateCeil, notional, toMinorCeil, toMinorFloor } from '../../../common/margin/grid.ts';
import { initialMargin, removableMargin as removableOf, unrealizedPnl } from '../../../common/margin/position.ts';
import type { Contract } from './contract.ts';
import type { Holding, Holdings } from './holdings.ts';

/**
 * What an order must hold back and what a user may still open with. Cross positions do not lock money: their initial
 * margin and any unrealised loss are subtracted from the free contract wallet when a new order asks for margin
 * (unrealised profit is not spendable, as at Bybit). Isolated margins and order reservations are in the frozen pocket.
 */

/** Ledger units an opening order of `contracts` at `ticks` reserves: initial margin plus the taker fee, rounded up. */
export function reservationFor(contract: Contract, leverage: number, contracts: number, ticks: number): number {
  if (contracts <= 0) return 0;
  const value = notional(contract.grid, contracts, ticks);
  return reservationOfValue(contract, leverage, value);
}

/** The same for a notional already summed (a market order's walk through the book). */
export function reservationOfValue(contract: Contract, leverage: number, value: bigint): number {
  const fine = initialMargin(value, leverage) + applyRateCeil(value, contract.takerRate);
  return Number(toMinorCeil(contract.grid, fine));
}

/** The mark of a contract, for the uPnL that cross positions put against the wallet. */
export type MarkOf = (symbol: string) => { contract: Contract; mark: number } | undefined;

/** Initial margin and unrealised loss of a user's cross positions, in ledger units (both rounded against the user). */
export function crossCommitments(holdings: Holdings, userId: number, markOf: MarkOf): number {
  let committed = 0;
  for (const h of holdings.openOf(userId)) {
    if (h.marginModel !== MarginModel.cross) continue;
    const market = markOf(h.symbol);
    if (!market || !h.position) continue;
    const { grid } = market.contract;
    committed += Number(toMinorCeil(grid, initialMargin(h.position.cost, h.leverage)));
    const pnl = unrealizedPnl(grid, h.position, market.mark);
    if (pnl < 0n) committed += Number(toMinorCeil(grid, -pnl));
  }
  return committed;
}

/** The free contract balance less what cross positions commit: what a new reservation or a transfer out may use. */
export function freeToUse(freeBalance: number, holdings: Holdings, userId: number, markOf: MarkOf): number {
  return Math.max(0, freeBalance - crossCommitments(holdings, userId, markOf));
}

/** The notional a slot is exposed to: its position's entry value if it points the order's way, else nothing. */
export function positionExposure(holding: Holding | undefined, sign: 1 | -1): bigint {
  const position = holding?.position;
  return position && position.sign === sign ? position.cost : 0n;
}

/** An isolated margin the user may take out (common/margin's rule, in the ledger units the holding keeps). */
export function removableMargin(contract: Contract, holding: Holding, mark: number): number {
  if (!holding.position || holding.marginModel !== MarginModel.isolated) return 0;
  const margin = BigInt(holding.isolatedMargin);
  return Number(removableOf(contract.grid, holding.position, holding.leverage, margin, mark));
}

/** Extra isolated margin a position needs at a new leverage: its entry's initial margin at that leverage, less what it has. */
export function isolatedTopUp(contract: Contract, holding: Holding, leverage: number): number {
  if (!holding.position) return 0;
  const needed = Number(toMinorCeil(contract.grid, initialMargin(holding.position.cost, leverage)));
  return Math.max(0, needed - holding.isolatedMargin);
}

/** Fine → ledger units for money a user receives (down) and pays (up). */
export const receiveMinor = (contract: Contract, fine: bigint): number => Number(toMinorFloor(contract.grid, fine));
export const payMinor = (contract: Contract, fine: bigint): number => Number(toMinorCeil(contract.grid, fine));
