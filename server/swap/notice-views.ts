import type { FundingPayment } from '../../common/contracts/swap-history.ts';
import type { ClosedPositionNotice, LiquidationNotice } from '../../common/contracts/swap-market.ts';
import { formatTicks } from '../../common/margin/grid.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { ClosedPosition as Closed } from '../engine/contracts/fills.ts';
import type { SwapEvent, SwapMarket } from '../engine/contracts/types.ts';
import { closedPositionView, fundingPaymentView } from './history-views.ts';
import { directionOf } from './views.ts';

/** The contract notices of the `user` channel (common/contracts/swap-market.ts), beside the REST views of views.ts. */

/**
 * `positionClosed`: the position-history record as far as the engine knows it at the close; funding over its life and
 * the net PnL come from the stored history (POST /swap/order/positionHistory).
 */
export function closedPositionNotice(market: SwapMarket, row: ContractRow, c: Closed): ClosedPositionNotice {
  const {
    funding: _funding,
    realizedPnl: _net,
    ...known
  } = closedPositionView(market, row, {
    id: c.id,
    symbol: c.symbol,
    position_side: c.positionSide,
    sign: c.sign,
    max_contracts: c.maxContracts,
    margin_model: c.marginModel,
    leverage: c.leverage,
    realized: c.realized.toString(),
    opened_at: c.openedAt,
    closed_at: c.closedAt,
    open_value: c.tally.openValue.toString(),
    open_contracts: c.tally.openContracts,
    close_value: c.tally.closeValue.toString(),
    close_contracts: c.tally.closeContracts,
    fees: c.tally.fees,
    close_action: c.action,
    funding: 0,
  });
  return known;
}

type FundingEvent = Extract<SwapEvent, { type: 'funding' }>;
type LiquidationEvent = Extract<SwapEvent, { type: 'liquidation' }>;

/** `funding`: one row of the user's funding history (POST /swap/funding/history) as it settles. */
export function fundingNotice(market: SwapMarket, row: ContractRow, e: FundingEvent): FundingPayment {
  // A one-way slot's side is not on the event: longs pay a positive rate and receive a negative one.
  const long = e.positionSide === 'both' ? e.amount < 0 === e.rate > 0n : e.positionSide === 'long';
  return fundingPaymentView(market, row, {
    id: 0,
    symbol: e.symbol,
    position_id: e.positionId,
    position_side: e.positionSide,
    contracts: e.contracts,
    amount: e.amount,
    rate: e.rate.toString(),
    mark: e.mark,
    time: e.time,
    sign: long ? 1 : -1,
  });
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
