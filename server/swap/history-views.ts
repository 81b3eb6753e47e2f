import type {
  ClosedPosition,
  FundingPayment,
  FundingRate,
  Share,
  SwapFill,
} from '../../common/contracts/swap-history.ts';
import { fromUnits } from '../../common/decimal.ts';
import { formatFine, formatTicks, fromMinor } from '../../common/margin/grid.ts';
import { entryTicks, returnOnMargin } from '../../common/margin/position.ts';
import type { Database } from '../db/schema.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { PositionSide } from '../engine/contracts/terms.ts';
import type { SwapMarket } from '../engine/contracts/types.ts';
import type { ClosedRow, FundingRow } from './repository.ts';
import { directionOf } from './views.ts';

/** Stored history rows as the API shows them, with the same grids and decimals as views.ts. */

const rate = (text: string): string => fromUnits(BigInt(text), 8);

export function fillView(market: SwapMarket, row: ContractRow, f: Database['swap_fills']): SwapFill {
  const { grid } = market.contract;
  return {
    tradeId: f.trade_id,
    orderId: f.order_id,
    symbol: f.symbol,
    direction: f.side,
    maker: f.maker === 1,
    price: formatTicks(grid, f.price),
    volume: f.contracts,
    fee: fromUnits(BigInt(f.fee), row.settleDecimals),
    realizedPnl: formatFine(grid, BigInt(f.pnl), row.settleDecimals),
    action: f.action,
    time: f.time,
  };
}

export function fundingPaymentView(market: SwapMarket, row: ContractRow, f: FundingRow): FundingPayment {
  const sign = f.sign === -1 ? -1 : 1;
  return {
    symbol: f.symbol,
    positionId: f.position_id,
    direction: directionOf((f.position_side || 'both') as PositionSide, sign),
    volume: f.contracts,
    rate: rate(f.rate),
    markPrice: formatTicks(market.contract.grid, f.mark),
    amount: fromUnits(BigInt(f.amount), row.settleDecimals),
    time: f.time,
  };
}

export function fundingRateView(market: SwapMarket, r: Database['swap_funding_rates']): FundingRate {
  return { symbol: r.symbol, rate: rate(r.rate), markPrice: formatTicks(market.contract.grid, r.mark), time: r.time };
}

/** An average price of `contracts` worth `value` fine units, two decimals finer than the tick (as entryPrice). */
function averageOf(market: SwapMarket, row: ContractRow, r: ClosedRow, value: string | null, contracts: number | null) {
  if (!contracts) return '0';
  const position = { sign: r.sign, contracts, cost: BigInt(value ?? '0') };
  return fromUnits(entryTicks(market.contract.grid, position, 2), row.priceScale + 2);
}

/** The PnL of a closed position: its closes' PnL less its fees plus its funding, fine units. */
function netOf(market: SwapMarket, r: ClosedRow): bigint {
  const { grid } = market.contract;
  return BigInt(r.realized) - fromMinor(grid, r.fees ?? 0) + fromMinor(grid, Number(r.funding));
}

export function closedPositionView(market: SwapMarket, row: ContractRow, r: ClosedRow): ClosedPosition {
  const money = (fine: bigint) => formatFine(market.contract.grid, fine, row.settleDecimals);
  return {
    positionId: r.id,
    symbol: r.symbol,
    direction: directionOf(r.position_side as PositionSide, r.sign),
    marginModel: r.margin_model,
    leverage: r.leverage,
    entryPrice: averageOf(market, row, r, r.open_value, r.open_contracts),
    closePrice: averageOf(market, row, r, r.close_value, r.close_contracts),
    maxVolume: r.max_contracts,
    closedVolume: r.close_contracts ?? 0,
    closePnl: money(BigInt(r.realized)),
    fee: fromUnits(BigInt(r.fees ?? 0), row.settleDecimals),
    funding: fromUnits(BigInt(r.funding), row.settleDecimals),
    realizedPnl: money(netOf(market, r)),
    closeAction: r.close_action ?? 0,
    openTime: r.opened_at,
    closeTime: r.closed_at,
  };
}

/**
 * A closed position's share card: the net PnL over the initial margin of its largest size at the entry average
 * (what the position needed at its peak), priced at the close average.
 */
export function closedShareView(market: SwapMarket, row: ContractRow, r: ClosedRow): Share {
  const view = closedPositionView(market, row, r);
  const openValue = BigInt(r.open_value ?? '0');
  const peakCost = r.open_contracts ? (openValue * BigInt(r.max_contracts)) / BigInt(r.open_contracts) : 0n;
  const net = netOf(market, r);
  return {
    positionId: r.id,
    symbol: r.symbol,
    direction: view.direction,
    leverage: r.leverage,
    entryPrice: view.entryPrice,
    price: view.closePrice,
    closed: true,
    roe: fromUnits(returnOnMargin(net, peakCost, r.leverage), 8),
    pnl: view.realizedPnl,
  };
}
