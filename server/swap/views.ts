import type {
  ContractInfo,
  ContractThumb,
  Position,
  SwapOrder,
  SwapPlan,
  SwapWallet,
} from '../../common/contracts/swap.ts';
import { fromUnits } from '../../common/decimal.ts';
import { MarginModel } from '../../common/margin/codes.ts';
import { formatFine, formatTicks } from '../../common/margin/grid.ts';
import { equityAt, liquidationPrice, maintenanceOf, marginRatio } from '../../common/margin/liquidation.ts';
import { entryTicks, initialMargin, roe, unrealizedPnl } from '../../common/margin/position.ts';
import { swapMarket } from '../../common/market.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { SwapEngine } from '../engine/contracts/engine.ts';
import type { Holding, Holdings } from '../engine/contracts/holdings.ts';
import type { ContractOrder } from '../engine/contracts/order.ts';
import type { SwapPlan as Plan } from '../engine/contracts/plans.ts';
import type { PositionSide } from '../engine/contracts/terms.ts';
import type { SwapMarket } from '../engine/contracts/types.ts';
import { changeFraction } from '../home/ranking.ts';
import type { MarketData } from '../marketdata/index.ts';

/**
 * The contract engine's integers as the API shows them: prices on the contract's tick, money in the settle coin's
 * decimals, rates as decimals. One place, so the REST answers and the `user` channel say the same.
 */

const rate = (value: bigint): string => fromUnits(value, 8);

/** 1 long, 2 short: the position an order or slot works on ("both" follows the sign). */
export function directionOf(positionSide: PositionSide, sign: 1 | -1): 1 | 2 {
  if (positionSide === 'long') return 1;
  if (positionSide === 'short') return 2;
  return sign === 1 ? 1 : 2;
}

export function contractInfo(row: ContractRow): ContractInfo {
  return {
    symbol: row.symbol,
    baseCoin: row.base,
    quoteCoin: row.quote,
    baseDecimal: decimalsOf(row.contractSize),
    quoteDecimal: row.priceScale,
    settleDecimals: row.settleDecimals,
    contractSize: row.contractSize,
    minVolume: row.minVolume,
    maxLeverage: row.maxLeverage,
    defLeverage: row.defLeverage,
    canOpenLv1000: row.canOpenLv1000,
    makerFee: row.makerFee,
    takerFee: row.takerFee,
    riskValues: [...row.riskValues],
    riskValues1000: row.riskValues1000 ? [...row.riskValues1000] : null,
  };
}

function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** What a thumb shows beyond the contract's prices: the open interest and the last price's 24 h change. */
export interface ThumbFigures {
  openInterest: number;
  chg: number;
}

/**
 * A contract's figures: the open interest is the contracts held long (the short side holds as many), the change is
 * read from the contract market data (market `BTC/USDT:USDT`).
 */
export function thumbFigures(holdings: Holdings, data: MarketData, symbol: string): ThumbFigures {
  let contracts = 0;
  for (const h of holdings.openOn(symbol)) if (h.position && h.position.sign > 0) contracts += h.position.contracts;
  const market = swapMarket(symbol);
  const stats = data.has(market) ? data.stats(market) : null;
  return { openInterest: contracts, chg: stats ? changeFraction(stats.price, stats.open) : 0 };
}

export function contractThumb(
  row: ContractRow,
  market: SwapMarket,
  funding: { rate: bigint; next: number },
  figures: ThumbFigures,
) {
  const { grid } = market.contract;
  const thumb: ContractThumb = {
    symbol: row.symbol,
    baseCoin: row.base,
    quoteCoin: row.quote,
    quoteDecimal: row.priceScale,
    contractSize: row.contractSize,
    last: formatTicks(grid, market.lastPrice),
    mark: formatTicks(grid, market.mark || market.lastPrice),
    index: formatTicks(grid, market.index),
    fundingRate: rate(funding.rate),
    nextFundingTime: funding.next,
    maxLeverage: row.maxLeverage,
    ...figures,
  };
  return thumb;
}

export function orderView(market: SwapMarket, row: ContractRow, o: ContractOrder): SwapOrder {
  const { grid } = market.contract;
  const average = o.filled > 0 ? o.cost / (BigInt(o.filled) * grid.perContractTick) : 0n;
  return {
    orderId: o.id,
    symbol: o.symbol,
    direction: o.side,
    type: o.type,
    positionDirection: directionOf(o.positionSide, o.side === 1 ? (o.reduceOnly ? -1 : 1) : o.reduceOnly ? 1 : -1),
    reduceOnly: o.reduceOnly,
    action: o.action,
    marginModel: o.marginModel,
    leverage: o.leverage,
    entrustPrice: o.price > 0 ? formatTicks(grid, o.price) : '0',
    volume: o.volume,
    dealVolume: o.filled,
    averagePrice: formatTicks(grid, Number(average)),
    fee: fromUnits(BigInt(o.fee), row.settleDecimals),
    frozenMargin: fromUnits(BigInt(o.frozen), row.settleDecimals),
    status: o.status,
    createTime: o.createdAt,
    updateTime: o.updatedAt,
  };
}

export function planView(market: SwapMarket, p: Plan): SwapPlan {
  const { grid } = market.contract;
  const sign = p.side === 1 ? -1 : 1;
  return {
    planId: p.id,
    symbol: p.symbol,
    planType: p.kind,
    direction: p.side,
    positionDirection: p.kind === 'open' ? (p.side === 1 ? 1 : 2) : directionOf(p.positionSide, sign),
    triggerType: p.triggerType,
    triggerPrice: p.triggerPrice > 0 ? formatTicks(grid, p.triggerPrice) : '0',
    orderPrice: p.orderPrice > 0 ? formatTicks(grid, p.orderPrice) : '0',
    volume: p.volume,
    tpslMode: p.tpslMode,
    activePrice: p.trail?.activePrice ? formatTicks(grid, p.trail.activePrice) : '0',
    drawDownOffset: p.trail ? rate(p.trail.rate) : '0',
    pairId: p.pairId,
    status: p.status,
    orderId: p.orderId,
    createTime: p.createdAt,
  };
}

/** A position at the mark, with the liquidation price and margin ratio of the engine's own margin set. */
export function positionView(engine: SwapEngine, market: SwapMarket, row: ContractRow, h: Holding): Position {
  const position = h.position as NonNullable<Holding['position']>;
  const { grid } = market.contract;
  const mark = market.mark || market.lastPrice;
  const decimals = row.settleDecimals;
  const money = (fine: bigint) => formatFine(grid, fine, decimals);
  const set = engine.marginSetOf(h);
  const liq = set ? liquidationPrice(set, mark) : null;
  const maintenance = set ? maintenanceOf({ ...set, legs: set.legs.filter((l) => l.position === position) }, mark) : 0n;
  const margin =
    h.marginModel === MarginModel.isolated
      ? BigInt(h.isolatedMargin) * grid.perMinor
      : initialMargin(position.cost, h.leverage);
  const equity = set ? equityAt(set, mark) : margin;
  return {
    positionId: h.id,
    symbol: h.symbol,
    direction: directionOf(h.positionSide, position.sign),
    volume: position.contracts,
    entryPrice: fromUnits(entryTicks(grid, position, 2), row.priceScale + 2),
    entryValue: formatFine(grid, position.cost, grid.perCoin.toString().length - 1),
    markPrice: formatTicks(grid, mark),
    liquidationPrice: liq === null ? '' : formatTicks(grid, liq),
    marginModel: h.marginModel,
    leverage: h.leverage,
    margin: money(margin),
    maintenanceMargin: money(maintenance),
    marginRatio: rate(set ? marginRatio(equity, maintenanceOf(set, mark)) : 0n),
    unrealizedPnl: money(unrealizedPnl(grid, position, mark)),
    roe: rate(roe(grid, position, mark, h.leverage)),
    realizedPnl: money(h.realized),
    adlQuantile: h.adlQuantile,
    openTime: h.openedAt,
  };
}

/** The settle coin's contract wallet: balance, frozen, what may be used, and the open positions' uPnL. */
export function walletView(engine: SwapEngine, row: ContractRow, userId: number): SwapWallet {
  const wallet = engine.wallet(row.quote);
  const free = wallet ? wallet.amount(wallet.free(userId)) : 0;
  const frozen = wallet ? wallet.amount(wallet.frozen(userId)) : 0;
  let pnl = 0n;
  for (const h of engine.holdings.openOf(userId)) {
    const market = engine.market(h.symbol);
    if (!market || !h.position || market.contract.settle !== row.quote) continue;
    const { grid } = market.contract;
    pnl += unrealizedPnl(grid, h.position, market.mark || market.lastPrice) / grid.perMinor;
  }
  const units = (n: number | bigint) => fromUnits(BigInt(n), row.settleDecimals);
  return {
    coin: row.quote,
    balance: units(free + frozen),
    frozen: units(frozen),
    available: units(engine.freeToUse(userId, row.quote)),
    unrealizedPnl: units(pnl),
  };
}
