/** Enumerations of the trading areas (spec trading §4), shared by the server, the workers and the UI. */

/** Order side: 1 buy, 2 sell. */
export const Side = { buy: 1, sell: 2 } as const;
export type Side = (typeof Side)[keyof typeof Side];

/** Order type: 1 limit, 2 market, 3 fill-or-kill, 4 stop loss, 5 take profit. */
export const OrderType = { limit: 1, market: 2, fillOrKill: 3, stopLoss: 4, takeProfit: 5 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

/** What a stop-loss or take-profit order watches: 1 the last trade price, 2 the index price. */
export const TriggerType = { tradePrice: 1, indexPrice: 2 } as const;
export type TriggerType = (typeof TriggerType)[keyof typeof TriggerType];

/**
 * Order status (spec trading §4, contract order status, shared by spot): 0 open, 1 filled, 2 cancelled,
 * 3 partly filled and still open, 4 partly filled then cancelled.
 */
export const OrderStatus = { open: 0, filled: 1, cancelled: 2, partlyFilled: 3, partlyCancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export function isOpenStatus(status: OrderStatus): boolean {
  return status === OrderStatus.open || status === OrderStatus.partlyFilled;
}

/** Spot bill types written by the exchange (spec trading §9 lists the shared ones: fee 9). */
export const SpotBillType = { trade: 1, fee: 9, freeze: 10, unfreeze: 11 } as const;
export type SpotBillType = (typeof SpotBillType)[keyof typeof SpotBillType];

/** A spot order as the API and the private `user` channel show it: exact decimal strings, the codes above. */
export interface SpotOrder {
  orderId: number;
  symbol: string;
  /** Base coin. */
  coinSymbol: string;
  /** Quote coin. */
  baseSymbol: string;
  direction: Side;
  type: OrderType;
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
  /** 0 for an order without a trigger. */
  triggerType: TriggerType | 0;
  triggered: boolean;
  status: OrderStatus;
  time: number;
  updateTime: number;
}

/** One fill of one of the user's orders (trade history, the `user` channel's `fill`). */
export interface SpotFill {
  tradeId: number;
  orderId: number;
  symbol: string;
  direction: Side;
  price: string;
  amount: string;
  turnover: string;
  fee: string;
  feeCoin: string;
  /** True when this order was the maker. */
  maker: boolean;
  time: number;
}

/** A coin's spot balance (the `user` channel's `balance`). */
export interface SpotBalance {
  coin: string;
  available: string;
  frozen: string;
}
