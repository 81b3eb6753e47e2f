import type { ClosedPosition, FundingNotice, LiquidationNotice } from '../../common/contracts/swap-market.ts';
import { fromUnits } from '../../common/decimal.ts';
import { formatFine, formatTicks } from '../../common/margin/grid.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { ClosedPosition as Closed } from '../engine/contracts/fills.ts';
import type { SwapEvent, SwapMarket } from '../engine/contracts/types.ts';
import { directionOf } from './views.ts';

/** The contract notices of the `user` channel (common/contracts/swap-market.ts), beside the REST views of views.ts. */

export function closedPositionView(market: SwapMarket, row: ContractRow, c: Closed): ClosedPosition {
  return {
    positionId: c.id,
    symbol: c.symbol,
    direction: directionOf(c.positionSide, c.sign),
    maxVolume: c.maxContracts,
    realizedPnl: formatFine(market.contract.grid, c.realized, row.settleDecimals),
    marginModel: c.marginModel,
    leverage: c.leverage,
    openTime: c.openedAt,
    closeTime: c.closedAt,
  };
}

type FundingEvent = Extract<SwapEvent, { type: 'funding' }>;
type LiquidationEvent = Extract<SwapEvent, { type: 'liquidation' }>;

export function fundingView(market: SwapMarket, row: ContractRow, e: FundingEvent): FundingNotice {
  // A one-way slot's side is not on the event: longs pay a positive rate and receive a negative one.
  const long = e.positionSide === 'both' ? e.amount < 0 === e.rate > 0n : e.positionSide === 'long';
  return {
    symbol: e.symbol,
    positionId: e.positionId,
    direction: long ? 1 : 2,
    amount: fromUnits(BigInt(e.amount), row.settleDecimals),
    rate: fromUnits(e.rate, 8),
    markPrice: formatTicks(market.contract.grid, e.mark),
    time: e.time,
  };
}

export function liquidationView(market: SwapMarket, e: LiquidationEvent): LiquidationNotice {
  return {
    symbol: e.symbol,
    direction: directionOf(e.positionSide, e.sign),
    volume: e.contracts,
    price: formatTicks(market.contract.grid, e.price),
    time: e.time,
  };
}
