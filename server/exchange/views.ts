import { fromUnits } from '../../common/decimal.ts';
import { OrderType, Side } from '../../common/trading.ts';
import type { MarketSpec } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';

/** A spot order as the API and the private `user` channel show it: exact decimal strings, spec codes. */
export interface OrderView {
  orderId: number;
  symbol: string;
  coinSymbol: string;
  baseSymbol: string;
  /** 1 buy, 2 sell. */
  direction: number;
  /** 1 limit, 2 market, 3 fill-or-kill, 4 stop loss, 5 take profit. */
  type: number;
  /** Limit price; "0" for a market order. */
  price: string;
  /** Base amount ordered; for a market buy, the quote amount to spend. */
  amount: string;
  /** Base amount filled. */
  tradedAmount: string;
  /** Quote amount traded. */
  turnover: string;
  /** Average fill price, "0" before a fill. */
  averagePrice: string;
  fee: string;
  /** The coin the fee is paid in: base for buys, quote for sells. */
  feeCoin: string;
  triggerPrice: string;
  triggerType: number;
  triggered: boolean;
  /** Spec trading §4 order status. */
  status: number;
  time: number;
  updateTime: number;
}

export function orderView(o: Order, m: MarketSpec): OrderView {
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

/** A spot trade of one order, for the order detail. */
export interface TradeView {
  tradeId: number;
  price: string;
  amount: string;
  turnover: string;
  fee: string;
  /** 1 when this order was the maker. */
  maker: boolean;
  time: number;
}
