// The positions panel's figures that depend on what the page knows and the server's position view does not: PnL and
// ROE at the user's price preference, and how much isolated margin may be taken out — the margin module's functions.
import type { ContractInfo, Position, SwapPlan } from '../../../../common/contracts/swap.ts';
import { Exact, fromUnits } from '../../../../common/decimal.ts';
import { MarginModel, PricePreference } from '../../../../common/margin/codes.ts';
import { formatFine } from '../../../../common/margin/grid.ts';
import { removableMargin, roe, unrealizedPnl } from '../../../../common/margin/position.ts';
import { gridTermsOf, minorOf, positionOf, ticksOf } from '../entry/terms.ts';

import type { ContractPrices } from '../market/contract-prices.ts';

export type { ContractPrices };

/** Places after the dot: money views carry exactly the settle coin's decimals. */
export const decimalsOf = (text: string): number => text.split('.')[1]?.length ?? 0;

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

/** The contract terms a position's figures are computed on (the settle coin's places: those of its money views). */
export type PositionTerms = Pick<ContractInfo, 'quoteDecimal' | 'contractSize'>;

const gridOfPosition = (position: Position, info: PositionTerms) =>
  gridTermsOf({ ...info, settleDecimals: decimalsOf(position.margin) });

/**
 * Unrealised PnL at `price` (settle coin, rounded down) and ROE (10^-8 toward zero) on the entry's initial margin at the
 * position's leverage: the margin module's functions on the position's exact cost, as the server computes them. At the
 * record's own mark these are the server's figures.
 */
export function pnlAt(position: Position, price: string, info: PositionTerms): { pnl: string; roe: string } {
  const terms = gridOfPosition(position, info);
  const ticks = ticksOf(terms, price);
  if (price === position.markPrice || ticks === null) return { pnl: position.unrealizedPnl, roe: position.roe };
  const held = positionOf(terms, position);
  return {
    pnl: formatFine(terms.grid, unrealizedPnl(terms.grid, held, ticks), terms.info.settleDecimals),
    roe: fromUnits(roe(terms.grid, held, ticks, position.leverage), 8),
  };
}

/** The isolated margin that may be removed, by the engine's rule (common/margin); nothing for a cross position. */
export function maxRemovable(position: Position, info: PositionTerms): string {
  const terms = gridOfPosition(position, info);
  const places = terms.info.settleDecimals;
  const mark = ticksOf(terms, position.markPrice);
  if (position.marginModel !== MarginModel.isolated || mark === null) return formatFine(terms.grid, 0n, places);
  const margin = minorOf(terms, position.margin);
  const removable = removableMargin(terms.grid, positionOf(terms, position), position.leverage, margin, mark);
  return formatFine(terms.grid, removable * terms.grid.perMinor, places);
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
