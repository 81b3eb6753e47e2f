import type { SpotFill, SpotOrder } from '../../common/contracts/spot-trade.ts';
import { fromUnits } from '../../common/decimal.ts';
import { OrderType, Side } from '../../common/trading.ts';
import type { MarketSpec } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';

/** A spot order as the API and the private `user` channel show it. */
export function orderView(o: Order, m: MarketSpec): SpotOrder {
  const buy = o.side === Side.buy;
  const marketBuy = buy && o.type === OrderType.market;
  return {
    orderId: o.id,
    symbol: o.symbol,
    coinSymbol: m.base,
    baseSymbol: m.quote,
    direction: o.side,
    type: o.type,
    price: fromUnits(BigInt(o.price), m.priceScale),
    amount: marketBuy ? fromUnits(BigInt(o.budget), m.quoteDecimals) : fromUnits(BigInt(o.quantity), m.amountScale),
    tradedAmount: fromUnits(BigInt(o.filled), m.amountScale),
    turnover: fromUnits(BigInt(o.turnover), m.quoteDecimals),
    averagePrice: averagePrice(o, m),
    fee: fromUnits(BigInt(o.fee), buy ? m.baseDecimals : m.quoteDecimals),
    feeCoin: buy ? m.base : m.quote,
    triggerPrice: fromUnits(BigInt(o.triggerPrice), m.priceScale),
    triggerType: o.triggerType,
    triggered: o.triggered,
    status: o.status,
    time: o.createdAt,
    updateTime: o.updatedAt,
  };
}

/** turnover ÷ filled, truncated to the price grid. */
function averagePrice(o: Order, m: MarketSpec): string {
  if (o.filled === 0) return '0';
  // turnover (quote units) / filled (lots) in ticks = turnover × 10^(ps + as − qd) / filled.
  const shift = m.priceScale + m.amountScale - m.quoteDecimals;
  const num = BigInt(o.turnover) * 10n ** BigInt(Math.max(shift, 0));
  const den = BigInt(o.filled) * 10n ** BigInt(Math.max(-shift, 0));
  return fromUnits(num / den, m.priceScale);
}

/** What a fill view is made of: an engine trade or a stored row, in integer units. */
export interface FillParts {
  id: number;
  symbol: string;
  price: number;
  quantity: number;
  quoteUnits: number;
  buyFee: number;
  sellFee: number;
  takerSide: Side;
  buyOrderId: number;
  sellOrderId: number;
  time: number;
}

/** One side's view of a trade: the buyer's or the seller's fill. */
export function fillView(t: FillParts, side: Side, m: MarketSpec): SpotFill {
  const buyer = side === Side.buy;
  return {
    tradeId: t.id,
    orderId: buyer ? t.buyOrderId : t.sellOrderId,
    symbol: t.symbol,
    direction: side,
    price: fromUnits(BigInt(t.price), m.priceScale),
    amount: fromUnits(BigInt(t.quantity), m.amountScale),
    turnover: fromUnits(BigInt(t.quoteUnits), m.quoteDecimals),
    fee: buyer ? fromUnits(BigInt(t.buyFee), m.baseDecimals) : fromUnits(BigInt(t.sellFee), m.quoteDecimals),
    feeCoin: buyer ? m.base : m.quote,
    maker: t.takerSide !== side,
    time: t.time,
  };
}
