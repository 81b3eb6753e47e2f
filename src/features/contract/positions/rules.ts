// The positions panel's figures that depend on what the page knows and the server's position view does not: PnL and
// ROE at the user's price preference, and how much isolated margin may be taken out. Exact decimals (common/decimal.ts).
import type { Position, SwapPlan } from '../../../../common/contracts/swap.ts';
import { Exact } from '../../../../common/decimal.ts';
import { MarginModel, PricePreference } from '../../../../common/margin/codes.ts';

import type { ContractPrices } from '../market/contract-prices.ts';

export type { ContractPrices };

/** Places after the dot: money views carry exactly the settle coin's decimals. */
export const decimalsOf = (text: string): number => text.split('.')[1]?.length ?? 0;

const signOf = (position: Position) => (position.direction === 1 ? 1 : -1);

/**
 * The price a position's PnL is shown at: the latest trade price when the user prefers it, else the mark (the default);
 * live prices only for the viewed contract, other contracts at the mark their position record carries.
 */
export function pnlPriceOf(
  position: Position,
  preference: PricePreference,
  prices: ContractPrices | null,
  viewed: string,
): string {
  if (!prices || position.symbol !== viewed) return position.markPrice;
  const price = preference === PricePreference.latest ? prices.last : prices.mark;
  return price && new Exact(price).gt(0) ? price : position.markPrice;
}

/**
 * Unrealised PnL at `price` (settle coin, the record's decimals, rounded down as the server does) and ROE (a decimal,
 * 8 places toward zero) on the entry's initial margin at the position's leverage. At the record's own mark these are
 * the server's figures.
 */
export function pnlAt(position: Position, price: string, contractSize: string): { pnl: string; roe: string } {
  if (price === position.markPrice) return { pnl: position.unrealizedPnl, roe: position.roe };
  const size = new Exact(contractSize).mul(position.volume);
  const pnl = new Exact(price).sub(position.entryPrice).mul(size).mul(signOf(position));
  const places = decimalsOf(position.unrealizedPnl);
  const margin = size.mul(position.entryPrice).div(position.leverage);
  const roe = margin.isZero() ? new Exact(0) : pnl.div(margin);
  return {
    pnl: pnl.toDecimalPlaces(places, Exact.ROUND_FLOOR).toFixed(places),
    roe: roe.toDecimalPlaces(8, Exact.ROUND_DOWN).toFixed(),
  };
}

/**
 * The isolated margin that may be removed (the engine's rule): what keeps the margin plus uPnL at the initial margin of
 * the position's value at the mark, rounded against the user; "0" for a cross position.
 */
export function maxRemovable(position: Position, contractSize: string): string {
  const places = decimalsOf(position.margin);
  if (position.marginModel !== MarginModel.isolated) return new Exact(0).toFixed(places);
  const value = new Exact(contractSize).mul(position.volume).mul(position.markPrice);
  const needed = Exact.max(0, value.div(position.leverage).sub(position.unrealizedPnl));
  const removable = new Exact(position.margin).sub(needed.toDecimalPlaces(places, Exact.ROUND_CEIL));
  return Exact.max(0, removable).toFixed(places);
}

/** A TP/SL, trailing stop or pair of TP and SL legs on one position. */
export interface TpslGroup {
  takeProfit: SwapPlan | null;
  stopLoss: SwapPlan | null;
  trailing: SwapPlan | null;
}

const LEG_KINDS = ['takeProfit', 'stopLoss', 'trailing'];

/** The position's waiting TP/SL legs and trailing stops, paired legs (pairId) grouped, whole before partial. */
export function tpslOf(position: Position, plans: readonly SwapPlan[]): TpslGroup[] {
  const legs = plans.filter(
    (p) => p.symbol === position.symbol && p.positionDirection === position.direction && LEG_KINDS.includes(p.planType),
  );
  const groups: TpslGroup[] = [];
  const byPlan = new Map<number, TpslGroup>();
  for (const leg of legs.sort((a, b) => a.tpslMode - b.tpslMode || a.planId - b.planId)) {
    const group = byPlan.get(leg.pairId) ?? { takeProfit: null, stopLoss: null, trailing: null };
    if (!byPlan.has(leg.pairId)) groups.push(group);
    group[leg.planType as keyof TpslGroup] = leg;
    byPlan.set(leg.planId, group);
  }
  return groups;
}

/** Pages of `size` rows that `total` fills (at least 1). */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
