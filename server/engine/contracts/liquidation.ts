import { adlQuantiles, adlRank } from '../../../common/margin/adl.ts';
import { MarginModel } from '../../../common/margin/codes.ts';
import { fromMinor, type Grid, notional, RATE_SCALE, toMinorFloor } from '../../../common/margin/grid.ts';
import { bankruptcyPrice, isLiquidatable, type MarginSet, maintenanceOf } from '../../../common/margin/liquidation.ts';
import { initialMargin, unrealizedPnl } from '../../../common/margin/position.ts';
import { maintenanceMargin } from '../../../common/margin/tiers.ts';
import { type Contract, tiersAt } from './contract.ts';
import type { Holding, Holdings } from './holdings.ts';
import type { MarkOf } from './margin-check.ts';

/**
 * Who is liquidated and at what price (research §1.5–1.7), as pure functions of the holdings and the marks, so the
 * price the terminal shows is where the engine acts. The engine runs the state machine (engine.ts `liquidate`).
 */

/** The set an isolated position is measured with: itself and its margin. */
export function isolatedSet(contract: Contract, holding: Holding): MarginSet {
  const position = holding.position as NonNullable<Holding['position']>;
  const { grid } = contract;
  return {
    grid,
    legs: [{ position, tiers: tiersAt(contract, holding.leverage) }],
    base: fromMinor(grid, holding.isolatedMargin),
  };
}

/**
 * A user's cross legs on one contract, with what the rest of the cross account adds: the free wallet and the
 * reservations of cross orders (liquidation cancels those first), and every other contract's uPnL less its
 * maintenance, carried over in ledger units (rounded down) to this contract's grid.
 */
export function crossSet(
  holdings: Holdings,
  markOf: MarkOf,
  userId: number,
  symbol: string,
  walletUnits: number,
): MarginSet | null {
  const own = markOf(symbol);
  if (!own) return null;
  const legs: MarginSet['legs'][number][] = [];
  let others = 0;
  for (const h of holdings.openOf(userId)) {
    if (h.marginModel !== MarginModel.cross || !h.position) continue;
    const market = markOf(h.symbol);
    if (!market) continue;
    const tiers = tiersAt(market.contract, h.leverage);
    if (h.symbol === symbol) {
      legs.push({ position: h.position, tiers });
      continue;
    }
    const set: MarginSet = { grid: market.contract.grid, legs: [{ position: h.position, tiers }], base: 0n };
    const gap = unrealizedPnl(market.contract.grid, h.position, market.mark) - maintenanceOf(set, market.mark);
    others += Number(toMinorFloor(market.contract.grid, gap));
  }
  if (legs.length === 0) return null;
  return { grid: own.contract.grid, legs, base: fromMinor(own.contract.grid, walletUnits + others) };
}

export { bankruptcyPrice, isLiquidatable };

/** Whether the fund can hold `contracts` more at `price`: its free balance covers their maintenance there. */
export function fundCanAbsorb(
  grid: Grid,
  tiers: Parameters<typeof maintenanceMargin>[0],
  free: number,
  contracts: number,
  price: number,
) {
  const maintenance = maintenanceMargin(tiers, notional(grid, contracts, price));
  return fromMinor(grid, free) >= maintenance;
}

/** The liquidation clearance fee on a closed notional, fine units (charged only out of what the position left). */
export function liquidationFee(value: bigint, rate: bigint): bigint {
  return (value * rate) / RATE_SCALE;
}

/**
 * ADL rank inputs of a position: its uPnL, entry value, value at the mark, and the equity behind it — its isolated
 * margin, or for cross the initial margin of its entry (its share of the wallet) — plus the uPnL.
 */
export function adlInputsOf(grid: Grid, holding: Holding, mark: number) {
  const position = holding.position as NonNullable<Holding['position']>;
  const unrealized = unrealizedPnl(grid, position, mark);
  const margin =
    holding.marginModel === MarginModel.isolated
      ? fromMinor(grid, holding.isolatedMargin)
      : initialMargin(position.cost, holding.leverage);
  return {
    unrealized,
    cost: position.cost,
    markValue: notional(grid, position.contracts, mark),
    equity: margin + unrealized,
  };
}

/** The lights of every open position of a contract, longs and shorts ranked apart; those that changed, returned. */
export function refreshAdl(grid: Grid, holdings: Iterable<Holding>, mark: number, skipUser: number): Holding[] {
  const sides: [Holding[], Holding[]] = [[], []];
  for (const h of holdings) if (h.position && h.userId !== skipUser) sides[h.position.sign === 1 ? 0 : 1].push(h);
  const changed: Holding[] = [];
  for (const side of sides) {
    const lights = adlQuantiles(side.map((h) => adlRank(adlInputsOf(grid, h, mark))));
    side.forEach((h, i) => {
      const light = lights[i] ?? 0;
      if (h.adlQuantile !== light) {
        h.adlQuantile = light;
        changed.push(h);
      }
    });
  }
  return changed;
}

/** Opposite positions in ADL order (highest rank first), never the liquidated user's or the fund's. */
export function adlQueue(grid: Grid, holdings: Iterable<Holding>, sign: 1 | -1, mark: number, skip: readonly number[]) {
  const ranked: { holding: Holding; rank: bigint }[] = [];
  for (const h of holdings) {
    if (!h.position || h.position.sign !== sign || skip.includes(h.userId)) continue;
    ranked.push({ holding: h, rank: adlRank(adlInputsOf(grid, h, mark)) });
  }
  ranked.sort((a, b) => (a.rank > b.rank ? -1 : a.rank < b.rank ? 1 : a.holding.userId - b.holding.userId));
  return ranked.map((r) => r.holding);
}
